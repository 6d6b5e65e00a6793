/**
 * A public page's one query also brings the site's order and booking settings: they must be
 * what the settings' own readers give, the defaults when the owner never saved any, and never
 * the booking feed's secret.
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
import { createProduct } from "./products.server";
import { loadPublicSite } from "./public-sites.server";
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

function publicSite(productId: string, slug: string) {
  return loadPublicSite(
    services.db,
    "restaurant",
    `${slug}-${productId}`,
    restaurantSite.notFoundIn,
    PUBLIC_PAGE_AT_PORTAL,
  );
}

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
