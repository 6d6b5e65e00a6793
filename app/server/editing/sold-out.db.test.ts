/**
 * Sold out today on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * through the routes' own actions and the real HTTP app: the inbox and the editor's row mark
 * a dish or a choice sold out until the site's next opening, the menu and the order page
 * show it at once, a cart holding it is refused at review and at placing (and taken again
 * once the opening comes), a cached menu lives no longer than the first thing to come back,
 * and the new actions are out of reach of a second owner and of an anonymous visitor.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "~/context";
import * as ordersRoute from "~/routes/portal/orders";
import * as setupRoute from "~/routes/portal/setup";
import { items, orders } from "~/server/db/schema";
import { placeOrder } from "~/server/orders/place-order.server";
import { publicRestaurantLoader } from "~/sites/restaurant/public-loader.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { useTestApp } from "../../../tests/support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
  type OrderingSite,
} from "../../../tests/support/ordering-site";
import { callRoute, ownerFor } from "../../../tests/support/route-call";

/** Wednesday 2 December 2026, noon in New York; the site opens 9 AM – 9 PM every day. */
const NOW = ORDERING_CLOCK;
/** Thursday 3 December, 9:00 AM in New York: the next opening. */
const NEXT_OPENING = Date.parse("2026-12-03T14:00:00Z");

const running = useTestApp({ publicPagesClock: new Date(NOW) });

let siteCounter = 0;
async function newSite() {
  siteCounter += 1;
  return createOrderingSite(running.services, `Sold Out Diner ${siteCounter}`, [
    MARGHERITA,
    LEMONADE,
  ]);
}

function inbox(userId: string, form: Record<string, string>) {
  return callRoute(ordersRoute.action, {
    services: running.services,
    owner: ownerFor(userId),
    url: "http://localhost/user/orders",
    form,
  });
}

function editor(site: OrderingSite, userId: string, form: Record<string, string>) {
  return callRoute(setupRoute.action, {
    services: running.services,
    owner: ownerFor(userId),
    params: { type: "restaurant", pid: site.productId },
    url: `http://localhost/user/restaurant/setup/${site.productId}`,
    form,
  });
}

async function ordersOf(site: OrderingSite) {
  const rows = await running.services.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.productId, site.productId));
  return rows.length;
}

async function stored(itemId: string) {
  const [row] = await running.services.db.select().from(items).where(eq(items.id, itemId));
  return row!;
}

async function get(path: string) {
  const response = await fetch(`${running.app.url}${path}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** A form of the order page, posted as a browser posts it, from the page's own origin. */
async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${running.app.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: running.app.url,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

const menuPathOf = (site: OrderingSite) => site.orderPath.slice(0, -"/order".length);

/** The menu's article of a dish, as the page renders it. */
function dishArticle(html: string, itemId: string): string {
  const start = html.lastIndexOf("<article", html.indexOf(`id="item-${itemId}"`));
  return html.slice(start, html.indexOf("</article>", start));
}

let keyCounter = 0;
function placeKey() {
  keyCounter += 1;
  return `soldout${String(keyCounter).padStart(6, "0")}xxxxxxx`;
}

describe("sold out today", () => {
  it("marks a dish from the inbox: shown at once, refused at review and at placing, back at the next opening", async () => {
    const site = await newSite();
    const pizza = site.ids["Margherita"]!;
    const lemonade = site.ids["Lemonade"]!;
    // Seen once before, so the menu is in the page cache when the owner taps.
    expect(dishArticle((await get(menuPathOf(site))).html, pizza)).not.toContain("Sold Out");

    const marked = await inbox(site.ownerUid, {
      intent: "sell-out",
      productId: site.productId,
      itemId: pizza,
      span: "today",
    });
    expect(marked).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message: "Margherita is sold out until Tomorrow, 9:00 AM.",
      },
    });
    const row = await stored(pizza);
    expect(row.soldOut).toBe(false);
    expect(row.soldOutUntil?.getTime()).toBe(NEXT_OPENING);

    // The menu (its cached copy dropped by the write) and the order page say so.
    const menu = (await get(menuPathOf(site))).html;
    expect(dishArticle(menu, pizza)).toContain("Sold Out");
    expect(dishArticle(menu, pizza)).toContain("is-sold-out");
    expect(dishArticle(menu, lemonade)).not.toContain("Sold Out");
    const orderPage = (await get(site.orderPath)).html;
    expect(orderPage).toMatch(/class="order-item is-sold-out"[^]*?Margherita/);

    // The inbox lists it, with when it is back.
    const listed = await callRoute(ordersRoute.loader, {
      services: running.services,
      owner: ownerFor(site.ownerUid),
      url: "http://localhost/user/orders",
    });
    const lists = (listed.body as { soldOut: Array<{ siteId: string; lines: unknown[] }> }).soldOut;
    expect(lists.find((list) => list.siteId === site.productId)?.lines).toContainEqual({
      itemId: pizza,
      choiceId: null,
      name: "Margherita",
      soldOut: true,
      backText: "Back Tomorrow, 9:00 AM",
    });

    // A cart that holds it (a page opened before) is refused at review, with the reason …
    const cart = `${pizza}*1*Sm1~${lemonade}*1`;
    const review = await post(site.orderPath, { cart, step: "review" });
    expect(review.html).toContain("Margherita is sold out.");
    expect(review.html).toContain(`name="cart" value="${lemonade}*1"`);

    // … and at placing, where nothing is written.
    const slot = String(orderingSlots(site.settings)[0]!.start);
    const placing = {
      cart,
      step: "place",
      placeKey: placeKey(),
      fulfilment: "pickup",
      slot,
      name: "Ada",
      phone: "+1 555 0101",
    };
    const refused = await post(site.orderPath, placing);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Margherita is sold out.");
    expect(await ordersOf(site)).toBe(0);
    const direct = await placeOrder(
      running.services.events,
      site.productId,
      {
        cartLines: [{ itemId: pizza, quantity: 1, choiceIds: ["Sm1"] }],
        placeKey: placeKey(),
        fulfilment: "pickup",
        slot: Number(slot),
        name: "Ada",
        phone: "+1 555 0101",
        email: "",
        address: "",
        note: "",
        language: "en",
      },
      NOW,
    );
    expect(direct).toMatchObject({ placed: false, reason: "items" });

    // At the next opening it sells again, with nothing written since.
    const later = NEXT_OPENING + 60 * 60_000;
    const laterSlot = orderingSlots(site.settings, later)[0]!.start;
    const placedLater = await placeOrder(
      running.services.events,
      site.productId,
      {
        cartLines: [{ itemId: pizza, quantity: 1, choiceIds: ["Sm1"] }],
        placeKey: placeKey(),
        fulfilment: "pickup",
        slot: laterSlot,
        name: "Ada",
        phone: "+1 555 0101",
        email: "",
        address: "",
        note: "",
        language: "en",
      },
      later,
    );
    expect(placedLater).toMatchObject({ placed: true });

    // Turned back from the inbox: on sale at once.
    const back = await inbox(site.ownerUid, {
      intent: "back-on-sale",
      productId: site.productId,
      itemId: pizza,
    });
    expect(back).toMatchObject({
      status: 200,
      body: { ok: true, message: "Margherita is back on sale." },
    });
    expect(await stored(pizza)).toMatchObject({ soldOut: false, soldOutUntil: null });
    expect(dishArticle((await get(menuPathOf(site))).html, pizza)).not.toContain("Sold Out");
  });

  it("marks one choice from the editor's row, for today or until turned back", async () => {
    const site = await newSite();
    const pizza = site.ids["Margherita"]!;
    const today = await editor(site, site.ownerUid, {
      intent: "sell-out",
      itemId: pizza,
      choiceId: "Lg1",
      span: "today",
    });
    expect(today).toMatchObject({ status: 200, body: { intent: "sell-out", itemId: pizza } });
    const large = (await stored(pizza)).options[0]!.choices[1]!;
    expect(large).toMatchObject({
      id: "Lg1",
      soldOut: false,
      soldOutUntil: new Date(NEXT_OPENING).toISOString(),
    });

    const menu = (await get(menuPathOf(site))).html;
    expect(dishArticle(menu, pizza)).toMatch(
      /Large[^<]*<b>[^<]*<\/b>\u00a0<span class="menu-out">/,
    );
    const slot = String(orderingSlots(site.settings)[0]!.start);
    const refused = await post(site.orderPath, {
      cart: `${pizza}*1*Lg1~${site.ids["Lemonade"]}*1`,
      step: "place",
      placeKey: placeKey(),
      fulfilment: "pickup",
      slot,
      name: "Ada",
      phone: "+1 555 0101",
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Large is sold out.");

    // Editing the dish keeps the choice's "today": the edit form knows nothing of it.
    const edited = await editor(site, site.ownerUid, {
      intent: "update-item",
      itemId: pizza,
      name: "Margherita",
      price: "9.00",
      optionsShown: "true",
      "options[0].id": "Sz",
      "options[0].name": "Size",
      "options[0].min": "1",
      "options[0].max": "1",
      "options[0].choices[0].id": "Sm1",
      "options[0].choices[0].name": "Small",
      "options[0].choices[0].price": "0",
      "options[0].choices[1].id": "Lg1",
      "options[0].choices[1].name": "Large",
      "options[0].choices[1].price": "3",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await stored(pizza)).options[0]!.choices[1]!.soldOutUntil).toBe(
      new Date(NEXT_OPENING).toISOString(),
    );

    // Until turned back, then back on sale.
    await editor(site, site.ownerUid, {
      intent: "sell-out",
      itemId: pizza,
      choiceId: "Lg1",
      span: "until-back",
    });
    expect((await stored(pizza)).options[0]!.choices[1]).toEqual({
      id: "Lg1",
      name: "Large",
      priceChangeCents: 300,
      soldOut: true,
    });
    await editor(site, site.ownerUid, { intent: "back-on-sale", itemId: pizza, choiceId: "Lg1" });
    expect((await stored(pizza)).options[0]!.choices[1]).toMatchObject({ soldOut: false });
    expect((await stored(pizza)).options[0]!.choices[1]).not.toHaveProperty("soldOutUntil");
  });

  it("keeps a cached menu no longer than the first dish to come back", async () => {
    const site = await newSite();
    const lemonade = site.ids["Lemonade"]!;
    // Back at 12:05 PM today (stored so under hours since changed, say): sooner than any
    // change of the opening or ordering status, so it alone bounds the page's lifetime.
    const soon = new Date(NOW + 5 * 60_000);
    await running.services.db
      .update(items)
      .set({ soldOutUntil: soon })
      .where(eq(items.id, lemonade));
    const context = new RouterContextProvider();
    context.set(servicesContext, running.services);
    const slugId = menuPathOf(site).split("/")[2]!;
    const loaded = await publicRestaurantLoader()({
      params: { slugId },
      context,
      request: new Request(`${running.app.url}${menuPathOf(site)}`),
    } as never);
    expect(loaded.freshUntil).toBe(soon.getTime());
    expect(loaded.sections.flatMap((section) => section.items)).toContainEqual(
      expect.objectContaining({ id: lemonade, soldOut: true }),
    );
  });

  it("refuses what it cannot do with a clear answer, and changes nothing", async () => {
    const site = await newSite();
    const pizza = site.ids["Margherita"]!;
    const base = { productId: site.productId, itemId: pizza };
    expect(await inbox(site.ownerUid, { intent: "sell-out", ...base })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Choose for today or until you turn it back." },
    });
    expect(
      await inbox(site.ownerUid, { intent: "sell-out", ...base, span: "forever" }),
    ).toMatchObject({ status: 400 });
    expect(
      await inbox(site.ownerUid, { intent: "sell-out", ...base, choiceId: "Nope1", span: "today" }),
    ).toMatchObject({ status: 404 });
    expect(
      await inbox(site.ownerUid, { intent: "sell-out", ...base, itemId: "missing", span: "today" }),
    ).toMatchObject({ status: 404 });
    expect(
      await inbox(site.ownerUid, { intent: "sell-out", ...base, itemId: "<bad>", span: "today" }),
    ).toMatchObject({ status: 404 });
    expect(await editor(site, site.ownerUid, { intent: "sell-out", itemId: pizza })).toMatchObject({
      status: 400,
    });
    expect(await stored(pizza)).toMatchObject({ soldOut: false, soldOutUntil: null });
  });

  it("keeps the new actions out of reach of a second owner and of an anonymous visitor", async () => {
    const site = await newSite();
    const pizza = site.ids["Margherita"]!;
    const stranger = await registerOwner(running.services);
    const forms: Array<Record<string, string>> = [
      { intent: "sell-out", productId: site.productId, itemId: pizza, span: "today" },
      { intent: "sell-out", productId: site.productId, itemId: pizza, span: "until-back" },
      { intent: "back-on-sale", productId: site.productId, itemId: pizza },
    ];
    for (const form of forms) {
      expect(await inbox(stranger.userId, form), form["intent"]).toMatchObject({
        kind: "response",
        status: 404,
      });
      expect(await editor(site, stranger.userId, form), form["intent"]).toMatchObject({
        kind: "response",
        status: 404,
      });
      for (const path of ["/user/orders", `/user/restaurant/setup/${site.productId}`]) {
        const anonymous = await fetch(`${running.app.url}${path}`, {
          method: "POST",
          body: new URLSearchParams(form),
          redirect: "manual",
        });
        expect([401, 403], `${form["intent"]} at ${path}`).toContain(anonymous.status);
      }
    }
    // The stranger's inbox does not list the site.
    const theirs = await callRoute(ordersRoute.loader, {
      services: running.services,
      owner: ownerFor(stranger.userId),
      url: "http://localhost/user/orders",
    });
    expect((theirs.body as { soldOut: unknown[] }).soldOut).toEqual([]);
    expect(await stored(pizza)).toMatchObject({ soldOut: false, soldOutUntil: null });
  });
});
