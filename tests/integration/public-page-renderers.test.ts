/**
 * The guard of decision 10: a public page rendered by our own renderer
 * (app/server/pages/public-page-render.server.tsx, what visitors get) is the very HTML React
 * Router's request handler renders for it, but for the few differences the decision
 * names (`documentedDifferencesRemoved`). Every kind of public page, with and without
 * items, with pictures, and with names that are markup, quotes, emoji and right-to-left
 * text, on a real database.
 */
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonceContext, servicesContext } from "../../app/context";
import { defaultHours } from "../../app/lib/hours";
import type { ProductType } from "../../app/sites";
import { publicPath, slugify } from "../../app/lib/slug";
import { backfillRenditions } from "../../app/server/images/renditions.server";
import { storeImage, type ImageTarget } from "../../app/server/images/store-image.server";
import { renderPublicPage } from "../../app/server/pages/public-page-render.server";
import { addItem } from "../../app/server/repositories/items.server";
import { createProduct, saveProductInfo } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { photoJpeg } from "../support/image-fixtures";
import { serverBuild } from "../support/server-build";
import { createTestServices } from "../support/test-services";

/**
 * The only differences decision 10 allows, removed from React Router's page:
 * - the root's navigation status region, empty on a server render: `App` renders it for
 *   client navigation into the portal, which pages without React never make;
 * - React's Suspense boundary markers (`<!--$-->`, `<!--/$-->`, with `?` or `!` for pending
 *   or failed ones), which React Router's streaming render leaves around its outlet; the
 *   public pages suspend on nothing, so the boundaries are always empty of fallbacks;
 * - the empty comment React puts between two adjacent texts (`a<!-- -->b`), which only a
 *   hydration reads to split them again; these pages are never hydrated.
 */
function documentedDifferencesRemoved(reactRouterHtml: string): string {
  return reactRouterHtml
    .replace('<div role="status" aria-live="polite" class="visually-hidden"></div>', "")
    .replace(/<!--\/?[$?!]-->/g, "")
    .replaceAll("<!-- -->", "");
}

/** Markup, both quotes, an ampersand, emoji and Hebrew: text that must stay text. */
const HOSTILE = `</script><b>"Bob's" & Co</b> 🍕 שלום`;
/** Picture addresses an owner typed, with characters an attribute must escape. */
const LINKED_PICTURES = {
  logoUrl: `https://images.example/logo.png?size=120&name="Bob's"`,
  bgUrl: "https://images.example/b%C3%BChne.jpg?a=1&b=<2>",
};
/** The first bytes of a JPEG: enough for storage, which stores what it is given. */
// A real picture: storing an item photo also makes its list thumbnail from it.
let JPEG: Uint8Array;

let services: RunningServices;
let build: ServerBuild;
let handleRequest: ReturnType<typeof createRequestHandler>;
let ownerCount = 0;
let owner: { userId: string };

beforeAll(async () => {
  JPEG = new Uint8Array(await photoJpeg(16, 16));
  services = await createTestServices();
  // As at a server's start: from here on pages offer the pictures' smaller copies.
  await backfillRenditions(services);
  build = await serverBuild();
  handleRequest = createRequestHandler(build, "production");
});
afterAll(async () => {
  await services?.close();
});

/** The load context our HTTP server gives a public page: the services, and no nonce. */
function loadContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(cspNonceContext, null);
  return context;
}

async function picture(product: { id: string; type: ProductType }, target: ImageTarget) {
  const hash = `h${Math.random().toString(36).slice(2, 8)}`;
  await storeImage(services, product, target, {
    body: JPEG,
    size: JPEG.length,
    mime: "image/jpeg",
    width: 1,
    height: 1,
    hash,
    fallback: false,
  });
}

interface SiteOptions {
  name: string;
  pictures?: boolean;
  paymentHandles?: boolean;
}

/** A site of `type` named `name`, its info saved; with a logo and background when asked. */
async function site(type: ProductType, { name, pictures, paymentHandles }: SiteOptions) {
  // An owner has at most 3 sites.
  if (ownerCount++ % 3 === 0) owner = await registerOwner(services);
  const created = await createProduct(services.events, owner.userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  const product = { id: created.productId, ownerUid: owner.userId, type };
  await saveProductInfo(services.events, owner.userId, product.id, {
    name,
    contact: { phone: "+1 555 0100", email: "owner@example.com" },
    address: `1 ${HOSTILE} Street`,
    colors: { primary: "#ffffff", secondary: "#2f6f4f", text: "#102018" },
    hours: defaultHours(),
    ...(type === "shoppy"
      ? {
          tags: ["Home", "<i>tag</i>", "Gifts 🎁"],
          paypalUsername: paymentHandles ? "bobsgoods" : "",
          venmoUsername: paymentHandles ? "bobs-goods" : "",
        }
      : {}),
    // Dealerships and stores link pictures by address; the others upload them.
    ...(pictures && (type === "dealership" || type === "ecommerce") ? LINKED_PICTURES : {}),
  });
  if (pictures && (type === "restaurant" || type === "shoppy")) {
    await picture(product, { kind: "logo" });
    await picture(product, { kind: "background" });
  }
  return { product, path: publicPath(type, slugify(name), product.id) };
}

async function restaurantItems(product: { id: string; ownerUid: string; type: ProductType }) {
  for (const [name, category, star, withPicture] of [
    [HOSTILE, "Pizza 🍕", true, true],
    ["Soup", "Starters", false, false],
    ["סלט", "<b>Salads</b>", false, true],
  ] as const) {
    const added = await addItem(services.events, product, {
      name,
      priceCents: 1250,
      description: `"Fresh" & <i>hot</i>\u2028${HOSTILE}`,
      category,
      star,
    });
    if (!added.ok) throw new Error(added.reason);
    if (withPicture) await picture(product, { kind: "item-image", itemId: added.itemId });
  }
}

async function shopItems(product: { id: string; ownerUid: string; type: ProductType }) {
  for (const [name, tags, soldOut, photos] of [
    [HOSTILE, ["Home", "<i>tag</i>"], false, 3],
    ["Mug", ["Home"], true, 1],
    ["כוס", ["Gifts 🎁"], false, 0],
    ["Plain", [], false, 2],
  ] as const) {
    const added = await addItem(services.events, product, {
      name,
      priceCents: 900,
      description: name === "Plain" ? "" : `<b>"Bold"</b> & 'quoted' 🎁`,
      tags: [...tags],
      soldOut,
    });
    if (!added.ok) throw new Error(added.reason);
    for (let n = 0; n < photos; n++) {
      await picture(product, { kind: "item-images", itemId: added.itemId });
    }
  }
}

/** The page at `path` from both renderers: ours, and React Router's with its differences removed. */
async function bothRenders(path: string) {
  const url = new URL(path, services.env.publicUrl);
  const ours = await renderPublicPage(build, url, loadContext());
  if (ours === null || ours instanceof Response) {
    const outcome = ours === null ? "nothing" : `a ${ours.status} response`;
    throw new Error(`${path}: not rendered by the public page renderer (it gave ${outcome})`);
  }
  const response = await handleRequest(new Request(url), loadContext());
  expect(response.status, path).toBe(200);
  return {
    fast: ours.body.toString("utf8"),
    reactRouter: documentedDifferencesRemoved(await response.text()),
  };
}

/** The hostile name as the page must show it: escaped, never markup. */
const HOSTILE_TEXT = "&lt;/script&gt;&lt;b&gt;&quot;Bob&#x27;s&quot; &amp; Co&lt;/b&gt; 🍕 שלום";
/** A stored picture's address as the page links it. */
const STORED_PICTURE = /src="\/files\/[^"]+\?v=h[a-z0-9]+"/;
/** The hero's phone copy and the logo at twice its size, offered beside the pictures. */
const PHONE_HERO_SOURCE =
  /<source media="\(max-width: 40rem\)" srcSet="\/files\/[^"]+\/info\/background-phone\?v=h[a-z0-9]+"\/>/;
const LOGO_SRCSET =
  /srcSet="\/files\/[^"]+\/info\/logo-240\?v=(h[a-z0-9]+) 2x, [^"]+\/info\/logo\?v=\1 3x"/;

interface PageCase {
  path: string;
  /** What the page must contain, so that both renderers failing alike cannot pass. */
  shows: Array<string | RegExp>;
}

const pages: Array<[label: string, make: () => Promise<PageCase>]> = [];
/** Declares a page for the table of tests below; its site is made when its test starts. */
function page(label: string, make: () => Promise<PageCase>) {
  pages.push([label, make]);
}

page("restaurant without items", async () => ({
  path: (await site("restaurant", { name: "Empty Diner" })).path,
  shows: ["<title>Empty Diner</title>"],
}));
page("restaurant with items, pictures and hostile names", async () => {
  const { product, path } = await site("restaurant", { name: HOSTILE, pictures: true });
  await restaurantItems(product);
  return {
    path,
    shows: [
      HOSTILE_TEXT,
      "Soup",
      "סלט",
      "&lt;b&gt;Salads&lt;/b&gt;",
      STORED_PICTURE,
      PHONE_HERO_SOURCE,
      LOGO_SRCSET,
    ],
  };
});
page("shop without items", async () => ({
  path: (await site("shoppy", { name: "Empty Shop" })).path,
  shows: ["<title>Empty Shop</title>", 'id="shop-item-skeleton"'],
}));
for (const [label, query, shown] of [
  ["", "", "Plain"],
  [", filtered by a tag", "?tag=home", "Mug"],
  [", filtered by two tags and a search", "?tag=%3Ci%3Etag%3C%2Fi%3E&tag=Home&q=bold", "Mug"],
] as const) {
  page(`shop with items, photos and hostile names${label}`, async () => {
    const { product, path } = await site("shoppy", {
      name: HOSTILE,
      pictures: true,
      paymentHandles: true,
    });
    await shopItems(product);
    return {
      path: `${path}${query}`,
      shows: [HOSTILE_TEXT, shown, "כוס", STORED_PICTURE, PHONE_HERO_SOURCE, LOGO_SRCSET],
    };
  });
}
page("shop with an item open, no payment handles", async () => {
  const { product, path } = await site("shoppy", { name: `${HOSTILE} Goods` });
  await shopItems(product);
  const html = (await bothRenders(path)).fast;
  const itemId = /data-item="([A-Za-z0-9]{20})"/.exec(html)![1]!;
  return { path: `${path}?item=${itemId}`, shows: [HOSTILE_TEXT, /<dialog[^>]* open=""/] };
});
for (const type of ["dealership", "ecommerce"] as const) {
  page(`${type} without pictures`, async () => ({
    path: (await site(type, { name: `Plain ${type}` })).path,
    shows: [`<title>Plain ${type}</title>`],
  }));
  page(`${type} with pictures and a hostile name`, async () => ({
    path: (await site(type, { name: HOSTILE, pictures: true })).path,
    shows: [HOSTILE_TEXT, 'src="https://images.example/logo.png?size=120&amp;name=%22Bob%27s%22"'],
  }));
}

describe("a public page rendered without React Router", () => {
  it("has a normaliser that removes only what it names", () => {
    const page =
      '<body><div role="status" aria-live="polite" class="visually-hidden"></div><!--$--><main>a<!-- -->b</main><!--/$--></body>';
    expect(documentedDifferencesRemoved(page)).toBe("<body><main>ab</main></body>");
    // A comment with any other content is the page's own.
    expect(documentedDifferencesRemoved("<p><!--  -->a<!--x--></p>")).toBe(
      "<p><!--  -->a<!--x--></p>",
    );
  });

  it.each(pages)("is React Router's HTML: %s", async (_label, make) => {
    const { path, shows } = await make();
    const { fast, reactRouter } = await bothRenders(path);
    // A real page of the kind asked for, not the same error page on both sides.
    expect(fast).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    expect(fast).toContain('<link rel="canonical"');
    for (const shown of shows) expect(fast).toMatch(shown);
    expect(fast).toBe(reactRouter);
  });
});
