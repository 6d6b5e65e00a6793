/**
 * A restaurant ready to take orders and a customer's order placed on it, for the owner's
 * inbox specs (orders-owner, kitchen-screen, staff, sold-out).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createSiteDirectly, expect, signUpOwner } from "./fixtures";

let customerCounter = 0;

/**
 * A time zone where it is now well inside the day. Orders are taken for today only
 * (`daysAhead` 0), 20 minutes ahead, so from about 23:40 in the restaurant's zone there is no
 * time left to order for: near midnight UTC the restaurant is in Tokyo, where it is morning.
 */
function zoneAwayFromMidnight(): string {
  const hour = new Date().getUTCHours();
  return hour >= 2 && hour < 22 ? "UTC" : "Asia/Tokyo";
}

/** A new owner's restaurant open all day every day, with its dishes (one unless given). */
export async function restaurantWithMenu(
  page: Page,
  name: string,
  dishes: ReadonlyArray<readonly [name: string, price: string]> = [["Tomato soup", "6.50"]],
) {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", name);
  const path = new URL(editor).pathname;
  const hours: Record<string, string> = {};
  for (let day = 0; day < 7; day++) {
    hours[`hours[${day}].open`] = "12:00 AM";
    hours[`hours[${day}].close`] = "12:00 AM";
  }
  const timeZone = zoneAwayFromMidnight();
  const info = await page.request.post(path, {
    form: { intent: "save-info", name, timeZone, ...hours },
  });
  expect(info.status(), await info.text()).toBe(200);
  for (const [dish, price] of dishes) {
    const added = await page.request.post(path, {
      form: { intent: "add-item", name: dish, price },
    });
    expect(added.status()).toBe(200);
  }
  const publicPath = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
  return { editor, path, publicPath: publicPath!, timeZone };
}

/**
 * Places an order as a customer does without JavaScript: two of the first dish, picked up at
 * the first time offered.
 */
export async function placeOrder(
  request: APIRequestContext,
  publicPath: string,
  customer: string,
  note = "No onions",
) {
  customerCounter += 1;
  const headers = { "x-forwarded-for": `10.251.${customerCounter % 250}.${Date.now() % 250}` };
  const orderPath = `${publicPath}/order`;
  const page = await request.get(orderPath, { headers });
  expect(page.status()).toBe(200);
  const addButton = (await page.text())
    .match(/<button[^>]*>/g)
    ?.find((tag) => tag.includes('name="add"'));
  const itemId = /value="([A-Za-z0-9]+)"/.exec(addButton ?? "")?.[1];
  expect(itemId, "the order page offers the dish").toBeTruthy();
  const cart = `${itemId}*2`;
  const review = await request.post(orderPath, { headers, form: { cart, step: "review" } });
  expect(review.status()).toBe(200);
  const slot = /<option value="(\d{10,15})"/.exec(await review.text())?.[1];
  expect(slot, "the review offers a time").toBeTruthy();
  const placed = await request.post(orderPath, {
    headers,
    maxRedirects: 0,
    form: {
      cart,
      step: "place",
      placeKey: `key${Date.now()}${customerCounter}`.padEnd(20, "x"),
      fulfilment: "pickup",
      slot: slot!,
      name: customer,
      phone: "+1 555 0100",
      note,
    },
  });
  expect(placed.status(), await placed.text()).toBe(303);
  expect(placed.headers()["location"]).toMatch(/^\/o\/[A-Za-z0-9]{32}$/);
}
