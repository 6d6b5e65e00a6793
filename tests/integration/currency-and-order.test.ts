/**
 * A site's currency, prices typed with a decimal comma, readable slugs and the owner's
 * category order, on a real database and through the real HTTP app (page cache included):
 * what the owner can do, that a second owner and an anonymous visitor change nothing, that
 * a bad currency or order is refused without a change, and that the public page, its Menu
 * list and its JSON-LD follow.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCY_UNKNOWN } from "../../app/lib/currency";
import { publicPath } from "../../app/lib/slug";
import * as setupRoute from "../../app/routes/portal/setup";
import { items, productInfo, products } from "../../app/server/db/schema";
import { listItems } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import { refreshStoredSlugs } from "../../app/server/repositories/slugs.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import {
  CATEGORY_ORDER_INTENT,
  CATEGORY_ORDER_MESSAGES,
} from "../../app/sites/restaurant/category-order-form";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** Repeated fields (order) need a FormData body. */
function formOf(entries: Array<[string, string]>) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

async function siteWithOwners(type: "restaurant" | "shoppy", name: string) {
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  const created = await createProduct(services.events, first.userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  const productId = created.productId;
  const owner = ownerFor(first.userId);
  const stranger = ownerFor(second.userId);
  const params = { type, pid: productId };
  const act = (who: typeof owner, entries: Array<[string, string]>) =>
    callRoute(setupRoute.action, { services, owner: who, params, multipart: formOf(entries) });
  const info = async () =>
    (await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    }))!;
  const editorPath = `/user/${type}/setup/${productId}`;
  return { owner, stranger, productId, act, info, editorPath };
}

/** A write by a visitor with no session, through the whole HTTP app. */
async function anonymousPost(path: string, entries: Array<[string, string]>) {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(entries),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

async function publicPage(path: string) {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/** The page's JSON-LD. */
function jsonLdOf(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
  return JSON.parse(text) as Record<string, unknown>;
}

/** The section names of a public menu, its Menu list's entries, and its JSON-LD sections. */
function menuOrder(html: string) {
  const sections = [...html.matchAll(/<h2 id="section-[^"]*-title">([^<]*)<\/h2>/g)].map(
    (m) => m[1],
  );
  const dropdown = /<ul aria-label="Categories">(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  const menuList = [...dropdown.matchAll(/<a href="#[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
  const ld = jsonLdOf(html) as { hasMenu?: { hasMenuSection: Array<{ name: string }> } };
  const jsonLd = ld.hasMenu?.hasMenuSection.map((section) => section.name) ?? [];
  return { sections, menuList, jsonLd };
}

const INFO = (name: string, currency?: string): Array<[string, string]> => [
  ["intent", "save-info"],
  ["name", name],
  ...(currency === undefined ? [] : ([["currency", currency]] as Array<[string, string]>)),
];

describe("a site's currency", () => {
  it("is saved with the Info form and shown on the public page, in its JSON-LD and the editor", async () => {
    const { owner, productId, act, info } = await siteWithOwners("restaurant", "Euro Bistro");
    expect((await info()).currency).toBe("USD");
    const path = publicPath("restaurant", "euro-bistro", productId);

    // A price typed with a decimal comma, then the page viewed (and cached) in dollars.
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Espresso"],
      ["price", "1,50"],
      ["category", "Drinks"],
    ]);
    expect(added.status).toBe(200);
    expect((await listItems(services.db, productId))[0]!.priceCents).toBe(150);
    const before = await publicPage(path);
    expect(before.html).toContain("$1.50");

    const saved = await act(owner, INFO("Euro Bistro", "EUR"));
    expect(saved.status).toBe(200);
    expect((await info()).currency).toBe("EUR");

    // The save dropped the cached page: the next view is in euros.
    const after = await publicPage(path);
    expect(after.status).toBe(200);
    expect(after.html).toContain("€1.50");
    expect(after.html).not.toContain("$1.50");
    const ld = jsonLdOf(after.html) as {
      hasMenu: { hasMenuSection: Array<{ hasMenuItem: Array<{ offers: unknown }> }> };
    };
    expect(ld.hasMenu.hasMenuSection[0]!.hasMenuItem[0]!.offers).toEqual({
      "@type": "Offer",
      price: "1.50",
      priceCurrency: "EUR",
    });

    // The editor starts from the stored currency.
    const editor = await callRoute(setupRoute.loader, {
      services,
      owner,
      params: { type: "restaurant", pid: productId },
    });
    expect(editor.body).toMatchObject({ ownInfo: { currency: "EUR" } });
  });

  it("refuses a currency that is not listed, and keeps the stored one when the form leaves it out", async () => {
    const { owner, act, info } = await siteWithOwners("restaurant", "Careful Cafe");
    await act(owner, INFO("Careful Cafe", "GBP"));
    for (const currency of ["XYZ", "gbp", "Dollars"]) {
      const refused = await act(owner, INFO("Renamed", currency));
      expect(refused.status, currency).toBe(400);
      expect(refused.body).toMatchObject({ result: { error: { currency: [CURRENCY_UNKNOWN] } } });
    }
    expect(await info()).toMatchObject({ currency: "GBP", name: "Careful Cafe" });

    expect((await act(owner, INFO("Renamed"))).status).toBe(200);
    expect(await info()).toMatchObject({ currency: "GBP", name: "Renamed" });
  });

  it("shows a shop's prices in yen without decimals, with PayPal asking for yen", async () => {
    const { owner, productId, act } = await siteWithOwners("shoppy", "Yen Goods");
    await act(owner, [...INFO("Yen Goods", "JPY"), ["paypalUsername", "yengoods"]]);
    await act(owner, [
      ["intent", "add-item"],
      ["name", "Teapot"],
      ["price", "1500"],
    ]);
    const [teapot] = await listItems(services.db, productId);
    expect(teapot!.priceCents).toBe(150000);
    const path = publicPath("shoppy", "yen-goods", productId);
    const { html } = await publicPage(path);
    expect(html).toContain("¥1,500");
    expect(html).not.toContain("¥1,500.00");
    // What the page's script makes the PayPal link from (the handle, the Offer's amount
    // and currency), and the link as the item's own address renders it.
    expect(html).toContain(' data-paypal="yengoods"');
    const ld = jsonLdOf(html) as {
      hasOfferCatalog: { itemListElement: Array<{ item: { offers: Record<string, unknown> } }> };
    };
    expect(ld.hasOfferCatalog.itemListElement[0]!.item.offers).toMatchObject({
      price: "1500",
      priceCurrency: "JPY",
    });
    const item = await publicPage(`${path}?item=${teapot!.id}`);
    expect(item.html).toContain("https://paypal.me/yengoods/1500JPY");
  });

  it("is not a field of the profile-only types", async () => {
    const first = await registerOwner(services);
    const created = await createProduct(services.events, first.userId, {
      type: "dealership",
      name: "Cars",
    });
    if (!created.ok) throw new Error(created.reason);
    const saved = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(first.userId),
      params: { type: "dealership", pid: created.productId },
      multipart: formOf(INFO("Cars", "EUR")),
    });
    expect(saved.status).toBe(200);
    const row = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, created.productId),
    });
    expect(row!.currency).toBe("USD");
  });
});

describe("prices typed with a decimal comma", () => {
  it("read as decimals in every price form, and the spec's rule otherwise", async () => {
    const { owner, productId, act } = await siteWithOwners("restaurant", "Comma Cafe");
    await act(owner, [
      ["intent", "add-item"],
      ["name", "Tea"],
      ["price", "12,5"],
    ]);
    const [tea] = await listItems(services.db, productId);
    expect(tea!.priceCents).toBe(1250);
    await act(owner, [
      ["intent", "update-price"],
      ["itemId", tea!.id],
      ["price", "1,234.50"],
    ]);
    expect((await listItems(services.db, productId))[0]!.priceCents).toBe(123450);
    await act(owner, [
      ["intent", "update-item"],
      ["itemId", tea!.id],
      ["name", "Tea"],
      ["price", "0,99"],
    ]);
    expect((await listItems(services.db, productId))[0]!.priceCents).toBe(99);
  });
});

describe("the category order", () => {
  async function menuWithCategories() {
    const site = await siteWithOwners("restaurant", "Ordered Diner");
    for (const [name, category] of [
      ["Tomato Soup", "Starters"],
      ["Fish Pie", "Mains"],
      ["Cake", "Desserts"],
      ["Bread", "Starters"],
      ["Water", ""],
    ] as const) {
      const added = await site.act(site.owner, [
        ["intent", "add-item"],
        ["name", name],
        ["price", "5"],
        ["category", category],
      ]);
      expect(added.status).toBe(200);
    }
    return { ...site, path: publicPath("restaurant", "ordered-diner", site.productId) };
  }

  const SHOWN = ["Starters", "Mains", "Desserts"];
  const order = (names: string[]): Array<[string, string]> => names.map((n) => ["order", n]);

  it("puts each new category last, in the item write's transaction", async () => {
    const { info, path } = await menuWithCategories();
    expect((await info()).categoryOrder).toEqual(SHOWN);
    const { html } = await publicPage(path);
    expect(menuOrder(html)).toEqual({
      sections: [...SHOWN, "Other"],
      menuList: [...SHOWN, "Other"],
      jsonLd: [...SHOWN, "Other"],
    });
  });

  it("lets the owner move a category, and the public page, Menu list and JSON-LD follow", async () => {
    const { owner, act, info, path } = await menuWithCategories();
    await publicPage(path); // cached, so the save must drop it

    const moved = await act(owner, [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(SHOWN),
      ["moveUp", "Desserts"],
    ]);
    expect(moved).toMatchObject({
      status: 200,
      body: { intent: CATEGORY_ORDER_INTENT, moved: { category: "Desserts", direction: "up" } },
    });
    expect((await info()).categoryOrder).toEqual(["Starters", "Desserts", "Mains"]);
    const again = await act(owner, [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(["Starters", "Desserts", "Mains"]),
      ["moveUp", "Desserts"],
    ]);
    expect(again.status).toBe(200);
    const expected = ["Desserts", "Starters", "Mains"];
    expect((await info()).categoryOrder).toEqual(expected);

    const { html } = await publicPage(path);
    expect(menuOrder(html)).toEqual({
      sections: [...expected, "Other"],
      menuList: [...expected, "Other"],
      jsonLd: [...expected, "Other"],
    });
    // Items inside a category stay sorted by name.
    expect(html.indexOf("Bread")).toBeLessThan(html.indexOf("Tomato Soup"));

    // A whole list, as a dragged order would send it, in another spelling: stored as shown.
    const whole = await act(owner, [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(["mains", "DESSERTS", " starters "]),
    ]);
    expect(whole.status).toBe(200);
    expect((await info()).categoryOrder).toEqual(["Mains", "Desserts", "Starters"]);

    // A category added later goes last, after the owner's order.
    const { productId } = await info();
    const fish = (await listItems(services.db, productId)).find((i) => i.name === "Fish Pie")!;
    await act(owner, [
      ["intent", "update-item"],
      ["itemId", fish.id],
      ["name", "Fish Pie"],
      ["price", "5"],
      ["category", "Specials"],
    ]);
    expect((await info()).categoryOrder).toEqual(["Desserts", "Starters", "Specials"]);
  });

  it("refuses a list that is not the categories in use, or a move past the end, without a change", async () => {
    const { owner, act, info } = await menuWithCategories();
    for (const names of [
      ["Starters", "Mains"],
      ["Starters", "Mains", "Desserts", "Drinks"],
      ["Starters", "Mains", "Desserts", "mains"],
      [],
    ]) {
      const refused = await act(owner, [["intent", CATEGORY_ORDER_INTENT], ...order(names)]);
      expect(refused.status, names.join()).toBe(409);
      expect(refused.body).toMatchObject({
        result: { status: "error", error: { "": [CATEGORY_ORDER_MESSAGES.changed] } },
      });
    }
    const pastTheTop = await act(owner, [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(SHOWN),
      ["moveUp", "Starters"],
    ]);
    expect(pastTheTop.status).toBe(400);
    expect(pastTheTop.body).toMatchObject({
      result: { error: { "": [CATEGORY_ORDER_MESSAGES.cannotMove] } },
    });
    const tooLong = await act(owner, [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(["x".repeat(200), ...SHOWN]),
    ]);
    expect(tooLong.status).toBe(400);
    expect((await info()).categoryOrder).toEqual(SHOWN);
  });

  it("is refused to a second owner and to an anonymous visitor, and changes nothing", async () => {
    const { stranger, act, info, editorPath } = await menuWithCategories();
    const form: Array<[string, string]> = [
      ["intent", CATEGORY_ORDER_INTENT],
      ...order(SHOWN),
      ["moveDown", "Starters"],
    ];
    const refused = await act(stranger, form);
    expect(refused.status).toBe(404);
    const anonymous = await anonymousPost(editorPath, form);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain("Starters");
    expect((await info()).categoryOrder).toEqual(SHOWN);
  });

  it("is no intent of a shop's editor", async () => {
    const { owner, act } = await siteWithOwners("shoppy", "Orderless Shop");
    const refused = await act(owner, [["intent", CATEGORY_ORDER_INTENT]]);
    expect(refused).toMatchObject({ status: 400, body: { error: "This editor cannot do that." } });
  });
});

describe("readable addresses", () => {
  it("gives a new site and its items transliterated slugs", async () => {
    const { owner, productId, act } = await siteWithOwners("restaurant", "Café Rosé");
    const [row] = await services.db.select().from(products).where(eq(products.id, productId));
    expect(row!.slug).toBe("cafe-rose");
    await act(owner, [
      ["intent", "add-item"],
      ["name", "Crème Brûlée & Co"],
      ["price", "7"],
    ]);
    expect((await listItems(services.db, productId))[0]!.slug).toBe("creme-brulee-co");
  });

  it("rewrites old-style slugs at start-up, and the old address answers 301 to the new one", async () => {
    const { owner, productId, act } = await siteWithOwners("restaurant", "Café Rosé");
    await act(owner, [
      ["intent", "add-item"],
      ["name", "Crème Brûlée"],
      ["price", "7"],
    ]);
    const plain = await siteWithOwners("restaurant", "Plain Name");
    // As the spec's literal rule left them before this version.
    await services.db.update(products).set({ slug: "caf-ros" }).where(eq(products.id, productId));
    await services.db
      .update(productInfo)
      .set({ slug: "caf-ros" })
      .where(eq(productInfo.productId, productId));
    await services.db
      .update(items)
      .set({ slug: "crme-brle" })
      .where(eq(items.productId, productId));
    const oldPath = `/r/caf-ros-${productId}`;
    expect((await publicPage(oldPath)).status).toBe(200);

    const refreshed = await refreshStoredSlugs(services.events);
    expect(refreshed.products).toBeGreaterThanOrEqual(1);
    expect(refreshed.items).toBeGreaterThanOrEqual(1);
    const [row] = await services.db.select().from(products).where(eq(products.id, productId));
    expect(row!.slug).toBe("cafe-rose");
    expect((await listItems(services.db, productId))[0]!.slug).toBe("creme-brulee");

    const old = await publicPage(oldPath);
    expect(old.status).toBe(301);
    expect(old.location).toBe(`/r/cafe-rose-${productId}`);
    expect((await publicPage(`/r/cafe-rose-${productId}`)).status).toBe(200);
    // Nothing left to do the second time; a plain name was never touched.
    expect(await refreshStoredSlugs(services.events)).toEqual({ products: 0, items: 0 });
    const [untouched] = await services.db
      .select()
      .from(products)
      .where(eq(products.id, plain.productId));
    expect(untouched!.slug).toBe("plain-name");
  });
});
