/**
 * The shop page's script builds an item's detail from one skeleton and what the page holds
 * of the item, its card and its Product in the JSON-LD (app/sites/shoppy/shop-page-script.ts,
 * `readShopItems` and `buildShopItemDetail`); the server renders the same detail with
 * `ShopItemDetail` for `?item=`. Both must give the same markup for every kind of item:
 * these tests render pages here, with items of every shape, serve them to the browser at a
 * made-up address, and compare the two.
 */
import { pageLanguage } from "../../app/lib/i18n/catalogues";
import { PageLanguageProvider } from "../../app/lib/i18n/page-language-context";
import { renderToStaticMarkup } from "react-dom/server";
import type { Page } from "@playwright/test";
import {
  PublicShopPage,
  ShopItemDetail,
  type PublicShopItem,
  type PublicShopPageProps,
  type ShopPayments,
} from "../../app/sites/shoppy/public-shop";
import { defaultHours } from "../../app/lib/hours";
import { sizesLine } from "../../app/lib/option-lines";
import { shopJsonLd } from "../../app/lib/structured-data";
import { shopItemFacts } from "../../app/sites/shoppy/shop";
import {
  buildShopItemDetail,
  paypalLink,
  photoAlt,
  photoDotLabel,
  photosHint,
  photosLabel,
  photoText,
  readShopItems,
  venmoLink,
} from "../../app/sites/shoppy/shop-page-script";
import { expect, test } from "./fixtures";
import { dialog, dialogContentMarkup } from "./shop-page";

const ORIGIN = "http://shop.test";
const PATH = "/s/test-shop-AAAAAAAAAAAAAAAAAAAA";
const photos = (id: string, count: number) =>
  Array.from({ length: count }, (_, n) => `/files/shoppies/p/items/${id}/${n}?v=1&w=2`);

const ITEMS: PublicShopItem[] = [
  {
    id: "evil",
    name: `</script><img src=x onerror=alert(1)> "Quoted" & 'single' café`,
    priceCents: 123456,
    description: `<b>Bold</b> & "quoted"\u2028next line`,
    tags: ["A & B", "<i>tag</i>"],
    soldOut: false,
    featured: false,
    images: [...photos("evil", 2), "https://cdn.example/evil.jpg?a=1&b=%22"],
  },
  {
    id: "single",
    name: "One Photo",
    priceCents: 900,
    description: "Sold out, one photo.",
    tags: ["Solo"],
    soldOut: true,
    featured: false,
    images: photos("single", 1),
  },
  {
    id: "bare",
    name: "No Photo",
    priceCents: 0,
    description: "",
    tags: [],
    soldOut: false,
    featured: false,
    images: [],
  },
  {
    id: "pair",
    name: "Two Photos",
    priceCents: 2500,
    description: "",
    tags: ["Pair", "Home"],
    soldOut: false,
    featured: false,
    images: photos("pair", 2),
  },
  {
    id: "gone",
    name: "Gone",
    priceCents: 100,
    description: "Nothing else.",
    tags: [],
    soldOut: true,
    featured: false,
    images: [],
  },
  {
    // Sizes (one sold out, one that takes off) and a group: paid from the lowest size.
    id: "sized",
    name: "Sized <i>Mug</i>",
    priceCents: 800,
    description: "",
    tags: ["Home"],
    soldOut: false,
    featured: false,
    images: photos("sized", 2),
    options: [
      {
        id: "g1",
        name: `Size </template> & "more"`,
        min: 1,
        max: 1,
        choices: [
          { id: "c1", name: "Kids <b>", priceChangeCents: -150, soldOut: false },
          { id: "c2", name: "Regular", priceChangeCents: 0, soldOut: false },
          { id: "c3", name: "Large", priceChangeCents: 300, soldOut: true },
        ],
      },
      {
        id: "g2",
        name: "Extras",
        min: 0,
        max: 2,
        choices: [
          { id: "c4", name: "Lid", priceChangeCents: 250, soldOut: false },
          { id: "c5", name: "Sleeve", priceChangeCents: 0, soldOut: true },
        ],
      },
    ],
  },
  {
    // Sold out whole, with a size sold out of its own.
    id: "sizedgone",
    name: "Sized, Gone",
    priceCents: 150000,
    description: "",
    tags: [],
    soldOut: true,
    featured: false,
    images: photos("sizedgone", 1),
    options: [
      {
        id: "g5",
        name: "Cup",
        min: 1,
        max: 1,
        choices: [
          { id: "c9", name: "Short", priceChangeCents: 0, soldOut: true },
          { id: "c10", name: "Tall", priceChangeCents: 5050, soldOut: false },
        ],
      },
    ],
  },
  {
    // A group without sizes, on an item sold out.
    id: "extras",
    name: "Extras Only",
    priceCents: 1500,
    description: "Sold out, with a group.",
    tags: [],
    soldOut: true,
    featured: false,
    images: [],
    options: [
      {
        id: "g3",
        name: "Wrap",
        min: 1,
        max: 2,
        choices: [
          { id: "c6", name: "Paper", priceChangeCents: 100, soldOut: false },
          { id: "c8", name: "Cloth", priceChangeCents: 400, soldOut: true },
        ],
      },
      {
        id: "g4",
        name: "Card",
        min: 0,
        max: 1,
        choices: [{ id: "c7", name: "Blank", priceChangeCents: -10, soldOut: false }],
      },
    ],
  },
];

/** Each set of handles, and a currency (US dollars when left out) in which the links differ. */
const PAYMENTS: Array<[string, ShopPayments, currency?: string, language?: string]> = [
  ["PayPal and Venmo", { paypal: "testshop", venmo: "test-shop" }],
  ["PayPal and Venmo, in euros", { paypal: "testshop", venmo: "test-shop" }, "EUR"],
  ["a shop in German, in euros", { paypal: "testshop", venmo: null }, "EUR", "de"],
  ["a shop in Arabic", { paypal: null, venmo: "test-shop" }, "USD", "ar"],
  ["PayPal only", { paypal: "testshop", venmo: null }],
  ["Venmo only", { paypal: null, venmo: "test-shop" }],
  ["no handles", { paypal: null, venmo: null }],
];

function pageHtml(
  payments: ShopPayments,
  openItemId: string | null,
  currency?: string,
  language?: string,
): string {
  const page = pageLanguage(language);
  const site = {
    name: "Test Shop",
    address: "1 Test Street",
    contact: { phone: "+1 555 0100", email: "shop@example.com" },
    hours: defaultHours(),
  };
  const props: PublicShopPageProps = {
    site: {
      ...site,
      opening: { status: null, today: null, upcomingSpecial: [], keepsHours: true },
      colors: { primary: "#ffffff", secondary: "#2f6f4f", text: "#102018" },
      fontStyle: "modern",
      logoUrl: null,
      bgUrl: null,
      currency,
    },
    path: PATH,
    items: ITEMS,
    tagOptions: ["<i>tag</i>", "A & B", "Home", "Pair", "Solo"],
    filters: { tags: [], query: "" },
    openItemId,
    payments,
    // As the shop's loader describes it.
    jsonLd: shopJsonLd({
      ...site,
      url: `${ORIGIN}${PATH}`,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [],
      currency,
      page,
      items: ITEMS.map(shopItemFacts),
    }),
    page,
  };
  // renderToStaticMarkup, as the app's server renders the public pages.
  const body = renderToStaticMarkup(<PublicShopPage {...props} />);
  const { tag, dir } = page.language;
  return `<!DOCTYPE html><html lang="${tag}" dir="${dir}"><head><meta charset="utf-8"><title>Test Shop</title></head><body>${body}</body></html>`;
}

/** Serves the shop's pages at ORIGIN + PATH (`?item=` renders that item open); no photos. */
async function serveShop(page: Page, payments: ShopPayments, currency?: string, language?: string) {
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== PATH) return route.fulfill({ status: 404, body: "" });
    const html = pageHtml(payments, url.searchParams.get("item"), currency, language);
    return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
  });
  await page.route("https://cdn.example/**", (route) => route.fulfill({ status: 404, body: "" }));
  // Nothing the items hold may ever run.
  page.on("dialog", (alert) => {
    throw new Error(`Unexpected ${alert.type()}: ${alert.message()}`);
  });
}

async function expectNothingRan(page: Page) {
  expect(await page.locator("img[src='x']").count()).toBe(0);
}

for (const [label, payments, currency, language] of PAYMENTS) {
  test(`the script builds each item's detail as the server renders it (${label})`, async ({
    page,
  }) => {
    await serveShop(page, payments, currency, language);
    await page.goto(`${ORIGIN}${PATH}`);
    await expect(page.locator(".shop-page.shop-js")).toBeVisible();

    for (const item of ITEMS) {
      // The reader and the builder alone, as serialised into the page, on the page's card,
      // JSON-LD and skeleton: exactly the server's markup for the item open.
      const server = renderToStaticMarkup(
        <PageLanguageProvider value={pageLanguage(language)}>
          <ShopItemDetail
            item={item}
            payments={payments}
            currency={currency}
            photosOnOpen="eager"
          />
        </PageLanguageProvider>,
      );
      const [built, expected] = await page.evaluate(
        ({ id, server, read, build, helperSources }) => {
          type Revived = (...args: unknown[]) => unknown;
          const revive = (source: string) =>
            // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's functions arrive as source text
            (new Function(`return (${source});`) as () => Revived)();
          const skeleton = document.querySelector<HTMLTemplateElement>("#shop-item-skeleton")!;
          const root = document.querySelector("[data-shop]")!;
          const helpers = {
            ...Object.fromEntries(
              Object.entries(helperSources).map(([name, source]) => [name, revive(source)]),
            ),
            // The words the page's script is given, as it reads them.
            words: JSON.parse(root.getAttribute("data-words")!) as unknown,
          };
          const items = revive(read)(root, helpers) as {
            id: string;
          }[];
          const item = items.find((entry) => entry.id === id);
          const detail = revive(build)(skeleton.content, item, helpers) as HTMLElement;
          const parsed = document.createElement("template");
          parsed.innerHTML = server;
          // (Rendered alone, the detail comes after React's preload of its first photo.)
          return [detail.outerHTML, parsed.content.querySelector(".shop-detail")!.outerHTML];
        },
        {
          id: item.id,
          server,
          read: String(readShopItems),
          build: String(buildShopItemDetail),
          helperSources: {
            paypalLink: String(paypalLink),
            venmoLink: String(venmoLink),
            sizesLine: String(sizesLine),
            photoText: String(photoText),
            photoAlt: String(photoAlt),
            photosLabel: String(photosLabel),
            photosHint: String(photosHint),
            photoDotLabel: String(photoDotLabel),
          },
        },
      );
      expect(built, item.name).toBe(expected);

      // And through the page: a click on the card shows what `?item=` renders.
      await page.locator(`li[data-item="${item.id}"] a`).click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).locator("h2")).toHaveText(item.name);
      // Every group of its options is listed.
      await expect(dialog(page).locator(".shop-detail-options dt")).toHaveText(
        (item.options ?? []).map((group) => group.name),
      );
      expect(await dialogContentMarkup(page), item.name).toBe(
        await dialogContentMarkup(page, pageHtml(payments, item.id, currency, language)),
      );
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
    }
    await expectNothingRan(page);
  });
}

test("an item's address opened with the script shows the server's detail", async ({ page }) => {
  const payments = PAYMENTS[0]![1];
  await serveShop(page, payments);
  for (const item of ITEMS) {
    await page.goto(`${ORIGIN}${PATH}?item=${item.id}`);
    await expect(page.locator(".shop-page.shop-js")).toBeVisible();
    await expect(dialog(page)).toBeVisible();
    expect(await dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
    expect(await dialogContentMarkup(page), item.name).toBe(
      await dialogContentMarkup(page, pageHtml(payments, item.id)),
    );
    // Once open, every photo loads at once.
    for (const loading of await dialog(page)
      .locator("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("loading")))) {
      expect(loading).toBe("eager");
    }
  }
  await expectNothingRan(page);
});
