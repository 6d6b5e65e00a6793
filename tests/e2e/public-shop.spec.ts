import { gzipSync } from "node:zlib";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import { axe, DEMO, expect, expectLastLaidOutWhenNear, signIn, test } from "./fixtures";
import {
  cardLink,
  dialog,
  dialogContentMarkup,
  expectPhoto,
  grid,
  itemIdOf,
  swipe,
  tagBox,
  visibleNames,
} from "./shop-page";

// The demo shop as seeded (app/server/seed/demo.server.ts), in the page's order: the two
// featured items first, then by name.
const DEMO_ITEMS: Array<[name: string, price: string, tags: string[]]> = [
  ["Ceramic Mug", "$14.00", ["Kitchen", "Gifts"]],
  ["Wool Scarf", "$39.00", ["Winter"]],
  ["Brass Pen", "$24.00", ["Stationery"]],
  ["Canvas Tote", "$18.00", ["Bags", "Cotton"]],
  ["Cotton Socks", "$9.00", ["Cotton", "Winter"]],
  ["Leather Wallet", "$35.00", ["Leather", "Gifts"]],
  ["Linen Apron", "$29.00", ["Kitchen", "Cotton"]],
  ["Notebook Set", "$12.50", ["Stationery", "Gifts"]],
  ["Plant Pot", "$16.00", ["Home"]],
  ["Scented Candle", "$22.00", ["Home", "Gifts"]],
  ["Tea Towel", "$8.00", ["Kitchen", "Cotton"]],
  ["Travel Pouch", "$15.00", ["Bags"]],
];
/**
 * Items whose options have a group to choose exactly one of: an Offer each, at the item's
 * price, one of them out of stock (app/server/seed/demo.server.ts).
 */
const DEMO_SIZES: Record<string, { names: string[]; outOfStock: string }> = {
  "Wool Scarf": { names: ["Charcoal", "Forest", "Rust"], outOfStock: "Rust" },
  "Cotton Socks": { names: ["S", "M", "L"], outOfStock: "L" },
};
const FEATURED = ["Ceramic Mug", "Wool Scarf"];
const ALL_NAMES = DEMO_ITEMS.map(([name]) => name);
const DEMO_TAGS = ["Bags", "Cotton", "Gifts", "Home", "Kitchen", "Leather", "Stationery", "Winter"];
const SOLD_OUT = "Scented Candle";
// #f4f7f5, #2f6f4f and #102018 as the browser computes them.
const DEMO_COLORS = {
  primary: "rgb(244, 247, 245)",
  secondary: "rgb(47, 111, 79)",
  text: "rgb(16, 32, 24)",
};
/** GUIDE section 6: at most 15 KB (gzip) of JavaScript on a public page. */
const JS_BUDGET_BYTES = 15 * 1024;

/** Signs in as the demo owner and reads Demo Goods' public path off the products list. */
async function demoGoodsPath(page: Page): Promise<string> {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const href = await page
    .getByRole("link", { name: "View Public page of Demo Goods" })
    .getAttribute("href");
  expect(href).toMatch(/^\/s\/demo-goods-[A-Za-z0-9]{20}$/);
  return href!;
}

async function uploadPhoto(page: Page, productId: string, itemId: string, color: string) {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer();
  const response = await page.request.post(`/user/upload/${productId}`, {
    multipart: {
      target: "item-images",
      itemId,
      file: { name: `${color}.jpg`, mimeType: "image/jpeg", buffer },
    },
    headers: { accept: "application/json" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The open dialog, built by the script, shows what the server renders at the item's
 * address without it (app/sites/shoppy/public-shop.tsx, `ShopItemDetail`).
 */
async function expectServerDetail(page: Page, address: string) {
  const response = await page.request.get(address);
  expect(response.status()).toBe(200);
  const server = await dialogContentMarkup(page, await response.text());
  expect(server).toContain('class="shop-detail"');
  expect(await dialogContentMarkup(page)).toBe(server);
}

async function seriousAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("the demo shop's page: header, hours, colors, cards, prices and Sold Out", async ({
  page,
}) => {
  const path = await demoGoodsPath(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Demo Goods");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Goods");

  // Contact and hours, in full after the items.
  const contact = page.getByRole("region", { name: "Find us" });
  await expect(contact.getByRole("link", { name: "4 Harbour Lane, Springfield" })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=4%20Harbour%20Lane%2C%20Springfield",
  );
  await expect(contact.getByRole("link", { name: "+1 555 0199" })).toHaveAttribute(
    "href",
    "tel:+15550199",
  );
  await expect(contact.getByRole("link", { name: "shop@demo-goods.example" })).toHaveAttribute(
    "href",
    "mailto:shop@demo-goods.example",
  );
  await expect(page.getByRole("row", { name: /Sunday/ })).toContainText("12:00 PM – 5:00 PM");
  await expect(page.getByRole("row", { name: /Monday/ })).toContainText("11:00 AM – 10:00 PM");

  // The owner's colors.
  const pageColors = await page.locator(".shop-page").evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundColor, style.color];
  });
  expect(pageColors).toEqual([DEMO_COLORS.primary, DEMO_COLORS.text]);
  await expect(page.locator(".site-hero")).toHaveCSS("background-color", DEMO_COLORS.secondary);
  await expect(page.locator(".site-hero")).toHaveCSS("height", "280px");

  // Every item, by name, with its price to the cent; Sold Out on the one sold out.
  await expect(page.locator(".shop-count")).toHaveText("12 items");
  await expect(visibleNames(page)).toHaveText(ALL_NAMES);
  for (const [name, price] of DEMO_ITEMS) {
    const link = cardLink(page, name);
    await expect(link.locator(".shop-card-price")).toHaveText(price);
    await expect(link.getByText("Sold Out", { exact: true })).toHaveCount(
      name === SOLD_OUT ? 1 : 0,
    );
  }
  await expect(grid(page).getByText("Sold Out", { exact: true })).toHaveCount(1);
  // Starred items are marked Featured, and only they.
  await expect(grid(page).locator(".shop-featured")).toHaveText(FEATURED.map(() => "Featured"));
  for (const name of FEATURED) {
    await expect(cardLink(page, name).getByText("Featured", { exact: true })).toBeVisible();
  }
  await expect(page.getByText(MESSAGES.noItemsMatch)).toBeHidden();

  // The tags: the shop's and the items', sorted, with how they combine.
  await expect(page.locator(".shop-tag")).toHaveText(DEMO_TAGS);
  await expect(page.getByText("Showing items with any of the chosen tags.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Clear" })).toBeVisible();

  // Head: description, canonical and link previews.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^Demo Goods · 4 Harbour Lane, Springfield · \+1 555 0199 · Shop: Bags, Cotton/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", page.url());
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Demo Goods");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", page.url());
});

test("cards far below the screen are laid out only when they come near it, and printed", async ({
  page,
}) => {
  // A short phone: on a 800 px one the demo's twelve cards, which start on its first screen,
  // end within the margin (one and a half screens) Chromium lays out ahead of the screen.
  await page.setViewportSize({ width: 360, height: 640 });
  await expectLastLaidOutWhenNear(page, await demoGoodsPath(page), grid(page).locator("li > a"));
});

test("tags (any of them) and search filter at once, and the address keeps up", async ({ page }) => {
  const path = await demoGoodsPath(page);
  await page.goto(path);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  // With the script, the form needs no Apply.
  await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();

  await tagBox(page, "Gifts").check();
  await expect(visibleNames(page)).toHaveText([
    "Ceramic Mug",
    "Leather Wallet",
    "Notebook Set",
    "Scented Candle",
  ]);
  await tagBox(page, "Kitchen").check();
  await expect(visibleNames(page)).toHaveText([
    "Ceramic Mug",
    "Leather Wallet",
    "Linen Apron",
    "Notebook Set",
    "Scented Candle",
    "Tea Towel",
  ]);
  await expect(page.locator(".shop-count")).toHaveText("6 of 12 items");
  await expect(page).toHaveURL(`${path}?tag=Gifts&tag=Kitchen`);
  // The cards lead to their item with the filters kept.
  const mugId = await itemIdOf(page, "Ceramic Mug");
  await expect(cardLink(page, "Ceramic Mug")).toHaveAttribute(
    "href",
    `${path}?tag=Gifts&tag=Kitchen&item=${mugId}`,
  );

  // A reload shows the same, rendered by the server.
  await page.reload();
  await expect(tagBox(page, "Gifts")).toBeChecked();
  await expect(tagBox(page, "Kitchen")).toBeChecked();
  await expect(visibleNames(page)).toHaveCount(6);

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(tagBox(page, "Gifts")).not.toBeChecked();
  await expect(tagBox(page, "Kitchen")).not.toBeChecked();
  await expect(visibleNames(page)).toHaveText(ALL_NAMES);
  await expect(page).toHaveURL(path);

  // Search: names, descriptions and tags, ignoring case and accents.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("cotton");
  await expect(visibleNames(page)).toHaveText([
    "Canvas Tote",
    "Cotton Socks",
    "Linen Apron",
    "Tea Towel",
  ]);
  await expect(page).toHaveURL(`${path}?q=cotton`);
  await search.fill("CÉRAMIC");
  await expect(visibleNames(page)).toHaveText(["Ceramic Mug"]);
  await search.fill("card slots");
  await expect(visibleNames(page)).toHaveText(["Leather Wallet"]);

  // Both: a chosen tag AND the search.
  await search.fill("cotton");
  await tagBox(page, "Winter").check();
  await expect(visibleNames(page)).toHaveText(["Cotton Socks"]);
  await expect(page).toHaveURL(`${path}?tag=Winter&q=cotton`);

  // Nothing left.
  await search.fill("no such thing");
  await expect(visibleNames(page)).toHaveCount(0);
  await expect(page.getByText(MESSAGES.noItemsMatch)).toBeVisible();
  await expect(page.locator(".shop-count")).toHaveText("0 of 12 items");
  // Enter does not reload the page.
  await search.press("Enter");
  await expect(page.getByText(MESSAGES.noItemsMatch)).toBeVisible();

  // Clear drops the tags and keeps the search.
  await search.fill("socks");
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(tagBox(page, "Winter")).not.toBeChecked();
  await expect(visibleNames(page)).toHaveText(["Cotton Socks"]);
  await expect(page).toHaveURL(`${path}?q=socks`);
});

test("an item with three photos: the carousel by arrows, keys, swipes and dots", async ({
  page,
}) => {
  const path = await demoGoodsPath(page);
  const productId = path.slice(path.lastIndexOf("-") + 1);
  await page.goto(path);
  const walletId = await itemIdOf(page, "Leather Wallet");
  for (const color of ["#c0392b", "#27ae60", "#2c3e88"]) {
    await uploadPhoto(page, productId, walletId, color);
  }

  await page.goto(path);
  const wallet = cardLink(page, "Leather Wallet");
  const cardImage = wallet.locator("img");
  await expect(cardImage).toHaveAttribute("src", /\/items\/[A-Za-z0-9]{20}\/0\?v=/);
  await expect(cardImage).toHaveAttribute("width", "400");
  await expect(cardImage).toHaveAttribute("height", "400");
  // Below the first four cards: loaded when scrolled near.
  await expect(cardImage).toHaveAttribute("loading", "lazy");

  // A click opens the item in place, with its own address.
  await wallet.click();
  await expect(dialog(page)).toBeVisible();
  await expect(page).toHaveURL(`${path}?item=${walletId}`);
  expect(await dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
  await expect(dialog(page).getByRole("heading", { name: "Leather Wallet" })).toBeVisible();
  await expect(dialog(page).getByText("$35.00")).toBeVisible();
  await expect(dialog(page).getByText("Hand-stitched, six card slots.")).toBeVisible();
  await expect(dialog(page).getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "Leather",
    "Gifts",
  ]);
  await expectServerDetail(page, `${path}?item=${walletId}`);
  // Every photo is there with its size; all but the current one are hidden from screen readers.
  const photos = dialog(page).locator("img");
  await expect(photos).toHaveCount(3);
  for (const [index, photo] of (await photos.all()).entries()) {
    await expect(photo).toHaveAttribute("alt", `Leather Wallet, photo ${index + 1} of 3`);
    await expect(photo).toHaveAttribute("width", "800");
    await expect(photo).toHaveAttribute("height", "600");
  }
  await expectPhoto(page, 1, 3);

  // Arrows.
  const next = dialog(page).getByRole("button", { name: "Next photo" });
  const previous = dialog(page).getByRole("button", { name: "Previous photo" });
  await next.click();
  await expectPhoto(page, 2, 3);
  await next.click();
  await expectPhoto(page, 3, 3);
  await previous.click();
  await expectPhoto(page, 2, 3);

  // Keys.
  await page.keyboard.press("ArrowRight");
  await expectPhoto(page, 3, 3);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectPhoto(page, 1, 3);

  // Swipes: past 40 px the photo changes, under it it springs back.
  await swipe(page, -60);
  await expectPhoto(page, 2, 3);
  await swipe(page, -20);
  await expectPhoto(page, 2, 3);
  await swipe(page, 20);
  await expectPhoto(page, 2, 3);
  await swipe(page, 60);
  await expectPhoto(page, 1, 3);

  // Dots choose a photo.
  await dialog(page).getByRole("button", { name: "Photo 3" }).click();
  await expectPhoto(page, 3, 3);
  await dialog(page).getByRole("button", { name: "Photo 1" }).click();
  await expectPhoto(page, 1, 3);

  // Escape closes, goes back to the list's address and returns focus to the card.
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(path);
  await expect(wallet).toBeFocused();

  // Back closes it too.
  await wallet.click();
  await expect(dialog(page)).toBeVisible();
  await page.goBack();
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(path);
  // And the Close link.
  await wallet.click();
  await dialog(page).getByRole("link", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(path);

  // The item's address opens it directly, as a working modal.
  await page.goto(`${path}?item=${walletId}`);
  await expect(dialog(page)).toBeVisible();
  expect(await dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
  await expectPhoto(page, 1, 3);
  await page.keyboard.press("ArrowRight");
  await expectPhoto(page, 2, 3);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`/files/shoppies/${productId}/items/${walletId}/0\\?v=`),
  );
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(path);
  await expect(wallet).toBeFocused();
});

test("payment links: the shop's PayPal and Venmo for an item in stock, none when sold out", async ({
  page,
}) => {
  const path = await demoGoodsPath(page);
  await page.goto(path);

  await cardLink(page, "Notebook Set").click();
  const paypal = dialog(page).getByRole("link", { name: /^Pay with PayPal/ });
  const venmo = dialog(page).getByRole("link", { name: /^Pay with Venmo/ });
  await expect(paypal).toHaveAttribute("href", "https://paypal.me/demogoods/12.50");
  await expect(venmo).toHaveAttribute(
    "href",
    "https://venmo.com/demo-goods?txn=pay&amount=12.50&note=Notebook+Set",
  );
  for (const link of [paypal, venmo]) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expectServerDetail(page, `${path}?item=${await itemIdOf(page, "Notebook Set")}`);
  // No photos: a placeholder and no carousel controls.
  await expect(dialog(page).locator(".shop-photo-placeholder")).toBeVisible();
  await expect(dialog(page).locator("img")).toHaveCount(0);
  await expect(dialog(page).getByRole("button", { name: "Next photo" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();

  await cardLink(page, SOLD_OUT).click();
  await expect(dialog(page).getByRole("heading", { name: SOLD_OUT })).toBeVisible();
  await expect(dialog(page).getByText("Sold Out", { exact: true })).toBeVisible();
  await expect(dialog(page).getByRole("link", { name: /^Pay with/ })).toHaveCount(0);
  await expectServerDetail(page, `${path}?item=${await itemIdOf(page, SOLD_OUT)}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form filters and searches, and an item's address shows it", async ({ page }) => {
    const path = await demoGoodsPath(page);
    await page.goto(path);
    await expect(page.locator(".shop-page.shop-js")).toHaveCount(0);

    await tagBox(page, "Gifts").check();
    await tagBox(page, "Kitchen").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(`${path}?q=&tag=Gifts&tag=Kitchen`);
    await expect(visibleNames(page)).toHaveText([
      "Ceramic Mug",
      "Leather Wallet",
      "Linen Apron",
      "Notebook Set",
      "Scented Candle",
      "Tea Towel",
    ]);
    await expect(page.locator(".shop-count")).toHaveText("6 of 12 items");

    await page.getByRole("searchbox", { name: "Search" }).fill("towel");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(visibleNames(page)).toHaveText(["Tea Towel"]);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(`${path}?q=towel`);
    await expect(tagBox(page, "Gifts")).not.toBeChecked();
    await expect(visibleNames(page)).toHaveText(["Tea Towel"]);

    await page.getByRole("searchbox", { name: "Search" }).fill("nothing at all");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(MESSAGES.noItemsMatch)).toBeVisible();
    await expect(visibleNames(page)).toHaveCount(0);

    // A card is a link to the item's address, which the server renders open.
    await page.goto(path);
    const notebookId = await itemIdOf(page, "Notebook Set");
    await cardLink(page, "Notebook Set").click();
    await expect(page).toHaveURL(`${path}?item=${notebookId}`);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Notebook Set" })).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: /^Pay with PayPal/ })).toHaveAttribute(
      "href",
      "https://paypal.me/demogoods/12.50",
    );
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(path);
    await expect(dialog(page)).toBeHidden();

    // A shared item link with filters keeps them behind the dialog and on Close.
    await page.goto(`${path}?tag=Stationery&item=${notebookId}`);
    await expect(dialog(page).getByRole("heading", { name: "Notebook Set" })).toBeVisible();
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(`${path}?tag=Stationery`);
    await expect(visibleNames(page)).toHaveText(["Brass Pen", "Notebook Set"]);
  });
});

for (const [failure, breakScript] of [
  [
    "a browser without dialogs",
    () => Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: undefined }),
  ],
  [
    "a script error as it starts",
    () => {
      Object.defineProperty(HTMLTemplateElement.prototype, "content", {
        get() {
          throw new Error("broken");
        },
      });
    },
  ],
] as const) {
  test(`the page still works when its script cannot run (${failure})`, async ({ page }) => {
    const path = await demoGoodsPath(page);
    await page.addInitScript(breakScript);
    await page.goto(path);
    await expect(page.locator(".shop-page.shop-js")).toHaveCount(0);

    // The form is sent to the server, which filters.
    await tagBox(page, "Winter").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(`${path}?q=&tag=Winter`);
    await expect(visibleNames(page)).toHaveText(["Wool Scarf", "Cotton Socks"]);

    // A card leads to its item's address, which shows the item.
    await cardLink(page, "Wool Scarf").click();
    await expect(page).toHaveURL(new RegExp(`\\?tag=Winter&item=[A-Za-z0-9]{20}$`));
    await expect(dialog(page).getByRole("heading", { name: "Wool Scarf" })).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: /^Pay with PayPal/ })).toHaveAttribute(
      "href",
      "https://paypal.me/demogoods/39.00",
    );
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
  });
}

test("an item's detail lists its options, the script's as the server's", async ({ page }) => {
  const path = await demoGoodsPath(page);
  await page.goto(path);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  await cardLink(page, "Cotton Socks").click();
  await expect(dialog(page)).toBeVisible();
  const options = dialog(page).locator(".shop-detail-options");
  await expect(options.locator("dt")).toHaveText(["Size"]);
  await expect(options.locator("dd")).toHaveText(["S $9.00 · M $9.00 · L $9.00 (sold out)"]);
  // The address the card leads to renders the same list.
  expect(await dialogContentMarkup(page)).toBe(
    await dialogContentMarkup(page, await (await page.request.get(page.url())).text()),
  );
});

test("the JSON-LD describes the Store and each item as a Product with its offer", async ({
  page,
  baseURL,
}) => {
  const path = await demoGoodsPath(page);
  await page.goto(path);
  const scripts = page.locator("script[type='application/ld+json']");
  await expect(scripts).toHaveCount(1);
  const jsonLd = JSON.parse((await scripts.textContent())!) as {
    openingHoursSpecification: unknown;
    hasOfferCatalog: { itemListElement: unknown };
  };
  expect(jsonLd).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Store",
    name: "Demo Goods",
    url: `${baseURL}${path}`,
    telephone: "+1 555 0199",
    email: "shop@demo-goods.example",
    address: { "@type": "PostalAddress", streetAddress: "4 Harbour Lane, Springfield" },
    hasOfferCatalog: { "@type": "OfferCatalog", name: "Demo Goods", numberOfItems: 12 },
  });
  expect(jsonLd.openingHoursSpecification).toHaveLength(7);

  type Product = {
    "@type": string;
    name: string;
    url: string;
    image?: string[];
    description?: string;
    keywords?: string[];
    offers: Record<string, unknown> | Array<Record<string, unknown>>;
    additionalProperty?: unknown;
  };
  const elements = jsonLd.hasOfferCatalog.itemListElement as Array<{
    "@type": string;
    position: number;
    item: Product;
  }>;
  expect(elements.map((element) => element.item.name)).toEqual(ALL_NAMES);
  // An item's address and photos are relative to the page, as its links and images are:
  // the schema.org context makes `url` and `image` URLs, resolved against the page's.
  const pageUrl = page.url();
  for (const [index, element] of elements.entries()) {
    expect(element["@type"]).toBe("ListItem");
    expect(element.position).toBe(index + 1);
    const product = element.item;
    const [name, price, tags] = DEMO_ITEMS[index]!;
    expect(product["@type"]).toBe("Product");
    expect(product.url).toMatch(/^\?item=[A-Za-z0-9]{20}$/);
    expect(new URL(product.url, pageUrl).href).toBe(
      `${baseURL}${path}?item=${await itemIdOf(page, name)}`,
    );
    expect(product.keywords).toEqual(tags);
    expect(product.description).toBeTruthy();
    // The card shows the first photo, at the address the JSON-LD gives it.
    const card = grid(page).locator(`li[data-item="${await itemIdOf(page, name)}"]`);
    expect((product.image ?? []).slice(0, 1)).toEqual(
      await card
        .locator("img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("src"))),
    );
    for (const image of product.image ?? []) {
      expect(new URL(image, pageUrl).href).toMatch(new RegExp(`^${baseURL}/files/`));
    }
    // The Offer is its Product's, whose address it shares; with sizes, one per size (an
    // available one saying nothing), and the sizes are a property valued by their names.
    const sizes = DEMO_SIZES[name];
    if (sizes) {
      expect(product.offers).toEqual(
        sizes.names.map((size) => ({
          "@type": "Offer",
          name: size,
          price: price.slice(1),
          priceCurrency: "USD",
          ...(size === sizes.outOfStock ? { availability: "https://schema.org/OutOfStock" } : {}),
        })),
      );
      expect(product.additionalProperty).toEqual([
        { "@type": "PropertyValue", name: expect.any(String), value: sizes.names },
      ]);
      continue;
    }
    expect(product.offers).toEqual({
      "@type": "Offer",
      price: price.slice(1),
      priceCurrency: "USD",
      availability:
        product.name === SOLD_OUT ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    });
    expect(product).not.toHaveProperty("additionalProperty");
  }
  const notebook = elements.find((element) => element.item.name === "Notebook Set")!.item;
  expect(notebook).toMatchObject({
    description: "Three dotted notebooks.",
    keywords: ["Stationery", "Gifts"],
    offers: { price: "12.50", availability: "https://schema.org/InStock" },
  });
});

test("the page's JavaScript is one small inline script, under 15 KB gzip", async ({ page }) => {
  const path = await demoGoodsPath(page);
  // The products page's own scripts may still be arriving; only the shop page's count.
  await page.waitForLoadState("load");
  const scriptResponses: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scriptResponses.push(response.url());
  });
  await page.goto(path);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  expect(scriptResponses).toEqual([]);
  expect(await page.locator("script[src]").count()).toBe(0);
  // Besides it, the only script element is the JSON-LD, which the script reads the items from.
  const data = page.locator("script[type^='application/']");
  await expect(data).toHaveCount(1);
  await expect(data).toHaveAttribute("type", "application/ld+json");
  const sources = await page.locator("script:not([type^='application/'])").allTextContents();
  expect(sources).toHaveLength(1);
  const gzipped = gzipSync(Buffer.from(sources.join("\n"), "utf8")).length;
  test.info().annotations.push({ type: "JavaScript (gzip bytes)", description: String(gzipped) });
  expect(gzipped).toBeLessThan(JS_BUDGET_BYTES);
});

test("an unknown shop answers 404 'Shop not found.'", async ({ page }) => {
  for (const path of [
    "/s/nobody-AAAAAAAAAAAAAAAAAAAA",
    "/s/AAAAAAAAAAAAAAAAAAAA",
    "/s/x-%3Cb%3E",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.shopNotFound);
  }
  // A restaurant's id is not a shop's.
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const diner = await page
    .getByRole("link", { name: "View Public page of Demo Diner" })
    .getAttribute("href");
  const response = await page.goto(`/s/demo-diner-${diner!.slice(diner!.lastIndexOf("-") + 1)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.shopNotFound);
});

test("a wrong or missing slug answers 301 to the canonical address", async ({ page }) => {
  const path = await demoGoodsPath(page);
  const id = path.slice(path.lastIndexOf("-") + 1);
  for (const wrong of [`/s/old-name-${id}`, `/s/${id}`, `/s/DEMO-GOODS-${id}`]) {
    const response = await page.request.get(wrong, { maxRedirects: 0 });
    expect(response.status(), wrong).toBe(301);
    expect(response.headers()["location"], wrong).toBe(path);
  }
  const direct = await page.request.get(path, { maxRedirects: 0 });
  expect(direct.status()).toBe(200);
});

for (const [device, viewport] of [
  ["phone", { width: 360, height: 740 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`no overflow and no serious accessibility problem (${device})`, async ({ page }) => {
    const path = await demoGoodsPath(page);
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.locator(".shop-page.shop-js")).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page), "list").toEqual([]);

    await tagBox(page, "Gifts").check();
    await page.getByRole("searchbox", { name: "Search" }).fill("zzz");
    await expect(page.getByText(MESSAGES.noItemsMatch)).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page), "nothing matches").toEqual([]);
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("link", { name: "Clear" }).click();

    await cardLink(page, "Leather Wallet").click();
    await expect(dialog(page)).toBeVisible();
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expect(dialog(page).getByRole("link", { name: /^Pay with PayPal/ })).toBeInViewport();
    await expect(dialog(page).getByRole("link", { name: "Close" })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page), "dialog").toEqual([]);
  });
}
