/**
 * A restaurant that takes table bookings, made straight in a test's database: open 9 AM –
 * 9 PM every day in New York (as the ordering tests' site), its bookings on with the given
 * settings. The tests tell the time by ORDERING_CLOCK, Wednesday 2 December 2026 at noon there.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from "../../app/lib/booking-settings";
import { publicPath, slugify } from "../../app/lib/slug";
import { saveBookingSettings } from "../../app/server/bookings/booking-settings.server";
import { productInfo } from "../../app/server/db/schema";
import { createProduct } from "../../app/server/repositories/products.server";
import type { AppServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "./auth-helpers";
import { OPEN_ALL_WEEK, ORDERING_CLOCK, ORDERING_ZONE } from "./ordering-site";

export { ORDERING_CLOCK as BOOKING_CLOCK };

/** Thursday 3 December 2026 (the day after the clock) at `hour`:`minute` in New York, in ms. */
export function tomorrowAt(hour: number, minute = 0): number {
  return Date.parse(
    `2026-12-03T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00-05:00`,
  );
}

export const TOMORROW = { year: 2026, month: 12, day: 3 };

export interface BookingSite {
  productId: string;
  ownerUid: string;
  /** The owner's session cookie. */
  cookie: string;
  /** `/r/{slug}-{id}`. */
  pagePath: string;
  settings: BookingSettings;
}

export async function createBookingSite(
  services: Pick<AppServices, "db" | "events" | "auth">,
  name: string,
  settings: Partial<BookingSettings> = {},
): Promise<BookingSite> {
  const owner = await registerOwner(services as AppServices);
  const created = await createProduct(services.events, owner.userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  const productId = created.productId;
  await services.db
    .update(productInfo)
    .set({ hours: OPEN_ALL_WEEK, timeZone: ORDERING_ZONE })
    .where(eq(productInfo.productId, productId));
  const stored = { ...DEFAULT_BOOKING_SETTINGS, enabled: true, ...settings };
  await saveBookingSettings(services.events, productId, stored);
  return {
    productId,
    ownerUid: owner.userId,
    cookie: owner.cookie,
    pagePath: publicPath("restaurant", slugify(name), productId),
    settings: stored,
  };
}
