/**
 * A public page's one query brings the site, its items and its translations, on PostgreSQL
 * in rows of a bounded size: every item once, in the editor's order, and every translation,
 * however many rows they take. It also brings the site's order and booking settings: they must be what the
 * settings' own readers give, the defaults when the owner never saved any, and never the
 * booking feed's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices, PUBLIC_PAGE_AT_PORTAL } from "../../../tests/support/test-services";
import { DEFAULT_BOOKING_SETTINGS } from "~/lib/booking-settings";
import { DEFAULT_ORDER_SETTINGS } from "~/lib/order-settings";
import { restaurantSite } from "~/sites/restaurant/site";
import {
  calendarFeedSecret,
  loadBookingSettings,
  saveBookingSettings,
} from "../bookings/booking-settings.server";
import { loadOrderSettings, saveOrderSettings, setOrdersPause } from "../orders/orders.server";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { optionsFromCell } from "~/lib/item-options-csv";
import { storedOptions } from "~/lib/item-options";
import { translatableTexts } from "~/lib/i18n/translatable-texts";
import { addItem, listItems } from "./items.server";
import { createProduct } from "./products.server";
import { ITEMS_PER_ROW, loadPublicSite, TRANSLATIONS_PER_ROW } from "./public-sites.server";
import { addExtraLanguage, saveTranslations } from "./translations.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await registerOwner(services);
});
afterAll(() => services.close());

async function newRestaurant(name: string): Promise<string> {
  const created = await createProduct(services.events, owner.userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  return created.productId;
}

function publicSite(productId: string, slug: string, language?: string) {
  return loadPublicSite(
    services.db,
    "restaurant",
    `${slug}-${productId}`,
    restaurantSite.notFoundIn,
    language === undefined ? PUBLIC_PAGE_AT_PORTAL : { ...PUBLIC_PAGE_AT_PORTAL, language },
  );
}

describe("a full menu, read in rows", () => {
  let productId: string;
  beforeAll(async () => {
    productId = await newRestaurant("Long Menu");
    const product = { id: productId, ownerUid: owner.userId };
    // Added out of order, with names that are not Latin-1 and two dishes of one name.
    for (let i = 0; i < MAX_ITEMS_PER_PRODUCT; i++) {
      const number = (i * 17) % MAX_ITEMS_PER_PRODUCT;
      const added = await addItem(services.events, product, {
        name: i === 7 ? "Σουβλάκι 07" : `Σουβλάκι ${String(number).padStart(2, "0")}`,
        priceCents: 500 + number,
        description: `Πιάτο ${number} — με πατάτες`,
        options: optionsFromCell("Μέγεθος: Μικρό=0 | Μεγάλο=+2; Extras (optional): Feta=+1"),
      });
      if (!added.ok) throw new Error(added.reason);
    }
  });

  it("has every dish once, as the editor lists them, in more rows than one on PostgreSQL", async () => {
    expect(MAX_ITEMS_PER_PRODUCT).toBeGreaterThan(2 * ITEMS_PER_ROW);
    const site = await publicSite(productId, "long-menu");
    const listed = await listItems(services.db, productId);
    expect(site.items.map((item) => item.id)).toEqual(listed.map((item) => item.id));
    expect(new Set(site.items.map((item) => item.id)).size).toBe(MAX_ITEMS_PER_PRODUCT);
    expect(site.items[0]).toMatchObject({
      name: "Σουβλάκι 00",
      description: "Πιάτο 0 — με πατάτες",
    });
    expect(storedOptions(site.items[49]!.options)[0]?.name).toBe("Μέγεθος");
  });

  it("has every translation into the language asked for, in more rows than one on PostgreSQL", async () => {
    expect(await addExtraLanguage(services.events, productId, "ar")).toBeNull();
    const items = await listItems(services.db, productId);
    const texts = translatableTexts({
      items: items.map((item) => ({ ...item, options: storedOptions(item.options) })),
      specialHours: [],
    });
    expect(texts.length).toBeGreaterThan(2 * TRANSLATIONS_PER_ROW);
    const translation = (key: string) => `ترجمة ${key}`;
    const saved = await saveTranslations(
      services.events,
      productId,
      new Map([["ar", texts.map((text) => ({ text, translation: translation(text.key) }))]]),
    );
    expect(saved).toBe(true);

    const arabic = await publicSite(productId, "long-menu", "ar");
    expect(arabic.translations.size).toBe(texts.length);
    for (const text of texts) expect(arabic.translations.get(text.key)).toBe(translation(text.key));
    expect(arabic.items).toHaveLength(MAX_ITEMS_PER_PRODUCT);

    const main = await publicSite(productId, "long-menu");
    expect(main.translations.size).toBe(0);
  });

  it("is not found for another type, an unknown id, or a language the site lacks", async () => {
    // What the page's loader throws: the not-found page's data, with its status.
    const notFound = (promise: Promise<unknown>) =>
      promise.then(
        () => "found",
        (thrown: { init?: { status?: number } }) => thrown.init?.status,
      );
    const asShop = loadPublicSite(
      services.db,
      "shoppy",
      `long-menu-${productId}`,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    );
    expect(await notFound(asShop)).toBe(404);
    expect(await notFound(publicSite("A".repeat(productId.length), "long-menu"))).toBe(404);
    expect(await notFound(publicSite(productId, "long-menu", "fr"))).toBe(404);
  });
});

describe("the settings a public page reads with its site", () => {
  it("are the defaults, ordering and bookings off, when the owner never saved any", async () => {
    const productId = await newRestaurant("Quiet Corner");
    const site = await publicSite(productId, "quiet-corner");
    expect(site.orderSettings).toEqual(DEFAULT_ORDER_SETTINGS);
    expect(site.bookingSettings).toEqual(DEFAULT_BOOKING_SETTINGS);
  });

  it("are what the settings' own readers give, a pause's moment included", async () => {
    const productId = await newRestaurant("Busy Corner");
    await saveOrderSettings(services.events, productId, {
      ...DEFAULT_ORDER_SETTINGS,
      enabled: true,
      delivery: true,
      deliveryFeeCents: 350,
      deliveryNote: "Within 3 km",
      slotCap: 6,
      email: "kitchen@example.com",
      giveUpMinutes: null,
    });
    // A moment with milliseconds: the query's JSON must not round it.
    const pausedUntil = Date.UTC(2026, 11, 24, 17, 45, 12, 345);
    await setOrdersPause(services.events, { id: owner.userId }, productId, {
      pausedUntil,
      pausedIndefinitely: false,
    });
    await saveBookingSettings(services.events, productId, {
      ...DEFAULT_BOOKING_SETTINGS,
      enabled: true,
      slotMinutes: 15,
      capacity: 42,
      confirmEach: true,
    });
    const secret = await calendarFeedSecret(services.db, productId);

    const site = await publicSite(productId, "busy-corner");
    expect(site.orderSettings).toEqual(await loadOrderSettings(services.db, productId));
    expect(site.orderSettings.pausedUntil).toBe(pausedUntil);
    expect(site.orderSettings.giveUpMinutes).toBeNull();
    expect(site.bookingSettings).toEqual(await loadBookingSettings(services.db, productId));
    expect(site.bookingSettings).toMatchObject({ enabled: true, capacity: 42, slotMinutes: 15 });
    expect(JSON.stringify(site)).not.toContain(secret);
  });
});
