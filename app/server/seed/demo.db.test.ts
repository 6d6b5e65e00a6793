import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_NOTE_TEXT_KEY } from "~/lib/i18n/translatable-texts";
import { requestFrom } from "../../../tests/support/auth-helpers";
import { createTestServices } from "../../../tests/support/test-services";
import { postToAuthRouter } from "../accounts/auth-forms.server";
import { findUserIdByEmail } from "../accounts/accounts.server";
import { items, productInfo, translations, users } from "../db/schema";
import { loadTranslatableTexts } from "../editing/translatable-site.server";
import { listOwnerProducts } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";
import { loadBookingSettings } from "../bookings/booking-settings.server";
import { DEMO_OWNER, seedDemo } from "./demo.server";
import { seedOnFirstStart } from "./first-start.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices({ seedDemo: true });
});
afterAll(() => services.close());

describe("demo seed", () => {
  it("seeds an empty database once, with a restaurant and a shop that have items", async () => {
    expect(await seedOnFirstStart(services)).toEqual({ demo: true, examples: false });
    expect(await seedOnFirstStart(services)).toEqual({ demo: false, examples: false });
    expect((await seedDemo(services)).created).toBe(false);

    const ownerId = await findUserIdByEmail(services.db, DEMO_OWNER.email);
    const products = await listOwnerProducts(services.db, ownerId!);
    expect(products.map((p) => p.type).sort()).toEqual(["restaurant", "shoppy"]);

    for (const product of products) {
      const [row] = await services.db
        .select({ n: count() })
        .from(items)
        .where(eq(items.productId, product.id));
      expect(row!.n).toBe(12);
    }
    const byType = new Map(products.map((product) => [product.type, product]));
    const restaurant = byType.get("restaurant")!;
    const categories = await services.db
      .selectDistinct({ c: items.category })
      .from(items)
      .where(eq(items.productId, restaurant.id));
    expect(categories.length).toBeGreaterThanOrEqual(3);
    // A few dishes come with sizes or add-ons, so a newcomer sees them at once.
    const dishes = await services.db.select().from(items).where(eq(items.productId, restaurant.id));
    const burger = dishes.find((dish) => dish.name === "Classic Burger")!;
    expect(burger.options).toMatchObject([{ name: "Extras", min: 0, max: 3 }]);
    expect(dishes.find((dish) => dish.name === "Fresh Lemonade")!.options[0]).toMatchObject({
      name: "Size",
      min: 1,
      max: 1,
      choices: [{ name: "Small" }, { name: "Large", priceChangeCents: 150 }],
    });

    // The diner takes table bookings from the first start; the shop has none.
    expect((await loadBookingSettings(services.db, restaurant.id)).enabled).toBe(true);
    expect((await loadBookingSettings(services.db, byType.get("shoppy")!.id)).enabled).toBe(false);

    // The diner has Spanish as a further language, every one of its texts translated (its
    // delivery note too), so its Languages page shows it complete.
    const restaurantInfo = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, restaurant.id),
    });
    expect(restaurantInfo!.extraLanguages).toEqual(["es"]);
    const spanish = await services.db
      .select()
      .from(translations)
      .where(eq(translations.productId, restaurant.id));
    expect(spanish.map((row) => row.text)).toContain("Hamburguesa clásica");
    const texts = await loadTranslatableTexts(services.db, restaurant.id, restaurantInfo!);
    expect(texts.map((text) => text.key)).toContain(DELIVERY_NOTE_TEXT_KEY);
    const translated = new Set(spanish.map((row) => row.key));
    expect(texts.filter((text) => !translated.has(text.key))).toEqual([]);
    expect(texts.length).toBeGreaterThan(24);

    const shop = byType.get("shoppy")!;
    const shopItems = await services.db.select().from(items).where(eq(items.productId, shop.id));
    expect(shopItems.filter((i) => i.soldOut)).toHaveLength(1);
    expect(shopItems.every((i) => i.tags.length > 0)).toBe(true);
    const socks = shopItems.find((i) => i.name === "Cotton Socks")!;
    expect(socks.options[0]!.choices.map((choice) => choice.soldOut)).toEqual([false, false, true]);
    const info = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, shop.id),
    });
    expect(info!.tags.length).toBeGreaterThan(0);
  });

  it("lets the demo owner sign in with the printed password", async () => {
    const result = await postToAuthRouter(services, requestFrom("10.9.0.1"), "/sign-in/email", {
      email: DEMO_OWNER.email,
      password: DEMO_OWNER.password,
    });
    expect(result.ok).toBe(true);
  });

  it("does nothing when SEED_DEMO is false", async () => {
    const off = await createTestServices({ seedDemo: false, seedExamples: false });
    try {
      expect(await seedOnFirstStart(off)).toEqual({ demo: false, examples: false });
      const [row] = await off.db.select({ n: count() }).from(users);
      expect(row!.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
