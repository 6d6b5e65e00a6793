/**
 * A restaurant that takes orders, made straight in a test's database: open 9 AM – 9 PM every
 * day in New York, with the given dishes and order settings. The tests that place orders tell
 * the time by ORDERING_CLOCK, Wednesday 2 December 2026 at noon there, when it is open.
 */
import { eq } from "drizzle-orm";
import { defaultHours } from "../../app/lib/hours";
import type { OptionGroup } from "../../app/lib/item-options";
import {
  DEFAULT_ORDER_SETTINGS,
  slotRules,
  type OrderSettings,
} from "../../app/lib/order-settings";
import { orderSlots } from "../../app/lib/order-slots";
import { publicPath, slugify } from "../../app/lib/slug";
import { createId } from "../../app/server/db/ids.server";
import { items, productInfo } from "../../app/server/db/schema";
import { saveOrderSettings } from "../../app/server/orders/orders.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { AppServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "./auth-helpers";

export const ORDERING_CLOCK = Date.parse("2026-12-02T17:00:00Z");
export const ORDERING_ZONE = "America/New_York";
export const OPEN_ALL_WEEK = defaultHours().map((row) => ({
  ...row,
  open: "9:00 AM",
  close: "9:00 PM",
}));

/** A pizza's two sizes: Small (`Sm1`) at its price, Large (`Lg1`) for 3.00 more. */
export const PIZZA_SIZES: OptionGroup = {
  id: "Sz",
  name: "Size",
  min: 1,
  max: 1,
  choices: [
    { id: "Sm1", name: "Small", priceChangeCents: 0, soldOut: false },
    { id: "Lg1", name: "Large", priceChangeCents: 300, soldOut: false },
  ],
};

export interface MenuItem {
  name: string;
  priceCents: number;
  options?: OptionGroup[];
  soldOut?: boolean;
}

export const MARGHERITA: MenuItem = { name: "Margherita", priceCents: 900, options: [PIZZA_SIZES] };
export const LEMONADE: MenuItem = { name: "Lemonade", priceCents: 350 };

export interface OrderingSite {
  productId: string;
  ownerUid: string;
  /** The owner's session cookie. */
  cookie: string;
  /** `/r/{slug}-{id}/order`. */
  orderPath: string;
  /** Each dish's id, by its name. */
  ids: Record<string, string>;
  settings: OrderSettings;
}

export async function createOrderingSite(
  services: Pick<AppServices, "db" | "events" | "auth">,
  name: string,
  menu: readonly MenuItem[],
  settings: Partial<OrderSettings> = {},
): Promise<OrderingSite> {
  const owner = await registerOwner(services as AppServices);
  const created = await createProduct(services.events, owner.userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  const productId = created.productId;
  await services.db
    .update(productInfo)
    .set({ hours: OPEN_ALL_WEEK, timeZone: ORDERING_ZONE })
    .where(eq(productInfo.productId, productId));
  const ids: Record<string, string> = {};
  await services.db.insert(items).values(
    menu.map((item) => {
      ids[item.name] = createId();
      return {
        id: ids[item.name]!,
        productId,
        name: item.name,
        slug: slugify(item.name),
        priceCents: item.priceCents,
        options: item.options ?? [],
        soldOut: item.soldOut ?? false,
      };
    }),
  );
  const stored = { ...DEFAULT_ORDER_SETTINGS, enabled: true, ...settings };
  await saveOrderSettings(services.events, productId, stored);
  return {
    productId,
    ownerUid: owner.userId,
    cookie: owner.cookie,
    orderPath: `${publicPath("restaurant", slugify(name), productId)}/order`,
    ids,
    settings: stored,
  };
}

/** The slots a customer of such a site may choose at `now` (ORDERING_CLOCK unless told). */
export function orderingSlots(
  settings: Pick<OrderSettings, "leadMinutes" | "slotMinutes" | "daysAhead">,
  now = ORDERING_CLOCK,
) {
  return orderSlots(
    { hours: OPEN_ALL_WEEK, specialHours: [], timeZone: ORDERING_ZONE },
    slotRules(settings),
    new Date(now),
  );
}
