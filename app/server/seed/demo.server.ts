/**
 * Demo data for a newcomer: one owner with a restaurant and a shop, so every
 * screen has something to click on. Idempotent: a second run finds the demo
 * owner and does nothing.
 */
import { eq } from "drizzle-orm";
import { parseColors } from "~/lib/colors";
import { CLOSED, DAYS, type HoursRow } from "~/lib/hours";
import { optionsFromCell } from "~/lib/item-options-csv";
import { parsePriceToCents } from "~/lib/price";
import { slugify } from "~/lib/slug";
import { createOwnerAccount, findUserIdByEmail } from "../accounts/accounts.server";
import { bookingSettings, items, orderSettings, productInfo } from "../db/schema";
import { createId } from "../db/ids.server";
import { createProduct } from "../repositories/products.server";
import type { AppServices } from "../runtime/services.server";
import { oneSeedAtATime } from "./seed-lock.server";
import { seedTranslations, SPANISH } from "./seed-translations.server";

/** The demo's Springfield keeps Eastern time. */
const DEMO_TIME_ZONE = "America/New_York";

export const DEMO_OWNER = {
  username: "demo",
  email: "demo@example.com",
  password: "demo-password-2026",
} as const;

const WEEKDAY_HOURS = { open: "11:00 AM", close: "10:00 PM" };

function weekHours(sunday: { open: string; close: string }): HoursRow[] {
  return DAYS.map((day) => ({ day, ...(day === "Sunday" ? sunday : WEEKDAY_HOURS) }));
}

const DINER_DELIVERY_NOTE = "We deliver within 3 km.";

const RESTAURANT_ITEMS: Array<
  [name: string, category: string, price: string, description: string, star?: boolean]
> = [
  ["Garlic Bread", "Starters", "5.50", "Toasted sourdough, garlic butter and parsley.", true],
  ["Tomato Soup", "Starters", "6.00", "Slow-roasted tomatoes with basil oil."],
  ["Crispy Calamari", "Starters", "9.25", "Lemon aioli on the side."],
  ["Classic Burger", "Mains", "13.90", "Beef patty, cheddar, pickles, house sauce.", true],
  ["Mushroom Risotto", "Mains", "14.50", "Arborio rice, porcini and parmesan."],
  ["Grilled Salmon", "Mains", "18.75", "With greens and new potatoes."],
  ["Chicken Caesar", "Mains", "12.00", "Romaine, croutons, anchovy dressing."],
  ["Chocolate Cake", "Desserts", "6.50", "Dark chocolate, served warm.", true],
  ["Lemon Tart", "Desserts", "5.75", "Shortcrust pastry and lemon curd."],
  ["Fresh Lemonade", "Drinks", "3.50", "Squeezed to order."],
  ["Iced Tea", "Drinks", "3.00", "Black tea, peach syrup."],
  ["Espresso", "Drinks", "2.50", "Double shot."],
];

/** Sizes and add-ons of some dishes and products, in the CSV cell's syntax (app/lib/item-options.ts). */
const ITEM_OPTIONS: Record<string, string> = {
  "Classic Burger": "Extras (up to 3): Bacon=+2 | Cheddar=+1 | Fried egg=+1.50",
  "Fresh Lemonade": "Size: Small=0 | Large=+1.50",
  Espresso: "Milk (optional): Oat milk=+0.50 | Whole milk=0",
  "Wool Scarf": "Colour: Charcoal=0 | Forest=0 | Rust=0 (sold out)",
  "Cotton Socks": "Size: S=0 | M=0 | L=0 (sold out)",
};
const optionsOf = (name: string) => (ITEM_OPTIONS[name] ? optionsFromCell(ITEM_OPTIONS[name]) : []);

const SHOP_ITEMS: Array<
  [
    name: string,
    price: string,
    tags: string[],
    description: string,
    soldOut?: boolean,
    featured?: boolean,
  ]
> = [
  ["Canvas Tote", "18.00", ["Bags", "Cotton"], "Heavy canvas tote with inner pocket."],
  ["Leather Wallet", "35.00", ["Leather", "Gifts"], "Hand-stitched, six card slots."],
  ["Ceramic Mug", "14.00", ["Kitchen", "Gifts"], "Holds 350 ml; dishwasher safe.", false, true],
  ["Linen Apron", "29.00", ["Kitchen", "Cotton"], "Adjustable neck strap."],
  ["Scented Candle", "22.00", ["Home", "Gifts"], "Cedar and orange, 40 hours.", true],
  ["Wool Scarf", "39.00", ["Winter"], "Merino wool, extra long.", false, true],
  ["Notebook Set", "12.50", ["Stationery", "Gifts"], "Three dotted notebooks."],
  ["Brass Pen", "24.00", ["Stationery"], "Refillable, lifetime warranty."],
  ["Plant Pot", "16.00", ["Home"], "Terracotta with a drainage tray."],
  ["Cotton Socks", "9.00", ["Cotton", "Winter"], "Two pairs, striped."],
  ["Travel Pouch", "15.00", ["Bags"], "Water-resistant zip pouch."],
  ["Tea Towel", "8.00", ["Kitchen", "Cotton"], "Printed with local landmarks."],
];

export function seedDemo(services: AppServices): Promise<{ created: boolean }> {
  return oneSeedAtATime(services, () => createDemoUnlessPresent(services));
}

export async function createDemoUnlessPresent(
  services: AppServices,
): Promise<{ created: boolean }> {
  const { db, events, auth } = services;
  if (await findUserIdByEmail(db, DEMO_OWNER.email)) return { created: false };

  const ownerUid = await createOwnerAccount(auth, DEMO_OWNER);

  const restaurant = await createProduct(events, ownerUid, {
    type: "restaurant",
    name: "Demo Diner",
  });
  const shop = await createProduct(events, ownerUid, { type: "shoppy", name: "Demo Goods" });
  if (!restaurant.ok || !shop.ok) throw new Error("The demo owner could not create its sites.");

  await events.transaction(async (tx, changes) => {
    await tx
      .update(productInfo)
      .set({
        contact: { phone: "+1 555 0100", email: "hello@demo-diner.example" },
        address: "12 Market Street, Springfield",
        timeZone: DEMO_TIME_ZONE,
        hours: weekHours({ open: CLOSED, close: CLOSED }),
        colors: parseColors({ primary: "#fff8f0", secondary: "#b4441c", text: "#1f1a17" }).colors,
      })
      .where(eq(productInfo.productId, restaurant.productId));
    const dishes = RESTAURANT_ITEMS.map(([name, category, price, description, star]) => ({
      id: createId(),
      productId: restaurant.productId,
      name,
      slug: slugify(name),
      category,
      priceCents: parsePriceToCents(price),
      description,
      star: star ?? false,
      options: optionsOf(name),
    }));
    await tx.insert(items).values(dishes);
    // Its menu in Spanish too, for the Languages page to show and the switcher to lead to.
    await seedTranslations(
      tx,
      restaurant.productId,
      "es",
      { items: dishes, specialHours: [], deliveryNote: DINER_DELIVERY_NOTE },
      SPANISH,
    );

    await tx
      .update(productInfo)
      .set({
        contact: { phone: "+1 555 0199", email: "shop@demo-goods.example" },
        address: "4 Harbour Lane, Springfield",
        timeZone: DEMO_TIME_ZONE,
        hours: weekHours({ open: "12:00 PM", close: "5:00 PM" }),
        colors: parseColors({ primary: "#f4f7f5", secondary: "#2f6f4f", text: "#102018" }).colors,
        tags: [...new Set(SHOP_ITEMS.flatMap(([, , tags]) => tags))],
        paypalUsername: "demogoods",
        venmoUsername: "demo-goods",
      })
      .where(eq(productInfo.productId, shop.productId));
    await tx.insert(items).values(
      SHOP_ITEMS.map(([name, price, tags, description, soldOut, featured]) => ({
        id: createId(),
        productId: shop.productId,
        name,
        slug: slugify(name),
        priceCents: parsePriceToCents(price),
        description,
        tags,
        soldOut: soldOut ?? false,
        star: featured ?? false,
        options: optionsOf(name),
      })),
    );
    // Both take pickup orders from the first start, so a newcomer can try both sides; the
    // diner delivers too.
    await tx.insert(orderSettings).values([
      {
        productId: restaurant.productId,
        enabled: true,
        pickup: true,
        delivery: true,
        deliveryFeeCents: 300,
        deliveryMinimumCents: 1500,
        deliveryNote: DINER_DELIVERY_NOTE,
      },
      { productId: shop.productId, enabled: true, pickup: true, daysAhead: 3 },
    ]);
    // The diner takes table bookings too, confirmed at once while the room has space.
    await tx.insert(bookingSettings).values({ productId: restaurant.productId, enabled: true });
    // The seed may run beside a serving process (`npm run seed` on PostgreSQL).
    changes.product(restaurant.productId);
    changes.product(shop.productId);
  });
  return { created: true };
}
