/**
 * The public shop's first screen on a phone: the hero, one compact line (address, Call,
 * Hours) and the filters, with the first cards inside the first 900 px; the full contact
 * and hours come after the items. Checked on the example shop, which has a hero picture,
 * a logo, an address, a phone, an email, hours and tags.
 */
import type { Page } from "@playwright/test";
import {
  createSiteDirectly,
  DEMO,
  expect,
  expectNoSeriousAxeIssue,
  signIn,
  signUpOwner,
  test,
  turnOrderingOn,
} from "./fixtures";
import { grid, tagBox, visibleNames } from "./shop-page";

const SHOP_PATH = "/s/harbor-pine-exampleshop";
const ADDRESS = "18 Wharf Street, Mystic, CT 06355";
const MAPS_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`;
const PHONE = "+1 860 555 0117";
const FIRST_SCREEN_PX = 900;

const quickLine = (page: Page) => page.getByRole("list", { name: "Visit or call" });

/** The first card's top, from the top of the page. */
const firstCardTop = (page: Page) =>
  grid(page)
    .locator("li")
    .first()
    .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);

test.use({ viewport: { width: 360, height: 800 } });

test("on a phone the first cards are on the first screen, below one compact line", async ({
  page,
}) => {
  await page.goto(SHOP_PATH);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  // The example has all a header can show: the line is no excuse for a short page.
  await expect(page.locator(".site-hero-image")).toBeVisible();
  await expect(page.locator(".site-logo")).toBeVisible();
  expect(await firstCardTop(page)).toBeLessThan(FIRST_SCREEN_PX);
  await expect(grid(page).locator("li").first()).toBeInViewport({ ratio: 0.02 });

  // The line: the street (a maps link), Call (a tel: link) and Hours, each thumb-sized.
  const line = quickLine(page);
  await expect(line.getByRole("link")).toHaveText(["18 Wharf Street", "Call", "Hours"]);
  const street = line.getByRole("link", { name: /^18 Wharf Street/ });
  await expect(street).toHaveAccessibleName(`${ADDRESS} (map)`);
  await expect(street).toHaveAttribute("href", MAPS_URL);
  const call = line.getByRole("link", { name: /^Call/ });
  await expect(call).toHaveAccessibleName(`Call ${PHONE}`);
  await expect(call).toHaveAttribute("href", "tel:+18605550117");
  for (const link of await line.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(40);
    expect(box.width, await link.innerText()).toBeGreaterThanOrEqual(44);
  }
  // The whole line fits on one row of a small phone.
  const rows = await line.getByRole("link").evaluateAll((links) => {
    const middles = links.map((a) => {
      const box = a.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    });
    return new Set(middles).size;
  });
  expect(rows).toBe(1);

  // Contact and hours in full are after the items.
  const items = (await grid(page).boundingBox())!;
  const findUs = page.getByRole("heading", { level: 2, name: "Find us" });
  const hours = page.getByRole("heading", { level: 2, name: "Opening hours" });
  expect((await findUs.boundingBox())!.y).toBeGreaterThan(items.y + items.height);
  expect((await hours.boundingBox())!.y).toBeGreaterThan(items.y + items.height);
  await expect(page.getByRole("link", { name: "hello@harborandpine.example" })).toHaveAttribute(
    "href",
    "mailto:hello@harborandpine.example",
  );

  // Hours leads there.
  await line.getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/#shop-info$/);
  await expect(page.getByRole("row", { name: /Sunday/ })).toBeInViewport();
});

/** The most a shopper may scroll on a 360 × 800 phone before a product shows: none. */
const FIRST_CARD_MAX_TOP_PX = 700;
/** A folder to keep each shop's first screen in, to look at (unset: none kept). */
const SHOTS = process.env.SHOP_SCREENSHOTS;

/** A shop with all that may stand above its cards: ordering on, and a second language. */
async function shopWithOrderingAndLanguages(page: Page): Promise<string> {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "shoppy", "Lantern and Loom");
  const items: Array<[name: string, price: string, tags: string]> = [
    ["Brass Lantern", "24", "Home"],
    ["Wool Throw", "58", "Home, Winter"],
    ["Linen Pouch", "12", "Bags"],
  ];
  for (const [name, price, tags] of items) {
    const added = await page.request.post(editor, {
      form: { intent: "add-item", name, price, tags },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await turnOrderingOn(page, editor);
  const languages = editor.replace("/setup/", "/languages/");
  const spanish = await page.request.post(languages, {
    multipart: { intent: "add-language", language: "es" },
  });
  expect(spanish.status(), await spanish.text()).toBe(200);
  await page.goto(editor);
  const path = await page.getByRole("link", { name: "View Public" }).first().getAttribute("href");
  return path!;
}

test("on a 360 × 800 phone a product shows without scrolling, with ordering and languages at hand", async ({
  page,
}) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const demo = await page
    .getByRole("link", { name: "View Public page of Demo Goods" })
    .getAttribute("href");
  await page.context().clearCookies();
  const shops = [
    { name: "Demo Goods", path: demo!, ordering: true, languages: false },
    { name: "the example shop", path: SHOP_PATH, ordering: false, languages: false },
    { name: "a shop in two languages", path: "", ordering: true, languages: true },
  ];
  shops[2]!.path = await shopWithOrderingAndLanguages(page);
  for (const shop of shops) {
    await page.goto(shop.path);
    const top = await firstCardTop(page);
    expect(top, `${shop.name}: first card's top`).toBeLessThanOrEqual(FIRST_CARD_MAX_TOP_PX);
    await expect(grid(page).locator("li").first(), shop.name).toBeInViewport({ ratio: 0.1 });
    if (shop.ordering) {
      const ordering = page.getByRole("region", { name: "Order online" });
      await expect(ordering.getByRole("paragraph"), shop.name).toHaveText(/\S/);
      await expect(ordering.getByRole("link"), shop.name).toBeInViewport();
    }
    if (shop.languages) {
      const switcher = page.getByRole("navigation", { name: "Languages" });
      await expect(switcher.getByRole("link"), shop.name).toHaveText(["English", "Español"]);
      for (const link of await switcher.getByRole("link").all()) {
        await expect(link, shop.name).toBeInViewport();
        const box = (await link.boundingBox())!;
        expect(box.height, shop.name).toBeGreaterThanOrEqual(44);
        // Nothing covers it: a tap lands on it.
        expect(
          await link.evaluate((a) => {
            const r = a.getBoundingClientRect();
            return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
          }),
        ).toBe(true);
      }
    }
    // The search still has its label in view, and the hints are still read with the fields.
    await expect(page.getByLabel("Search", { exact: true }), shop.name).toBeInViewport();
    await expect(page.getByRole("searchbox")).toHaveAccessibleDescription(/\S/);
    await expectNoSeriousAxeIssue(page, shop.name);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shop.name.replaceAll(" ", "-")}.png` });
  }
});

test("the line's street opens the map, and Call is a link nothing covers", async ({ page }) => {
  await page.route("https://www.google.com/maps/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Map</title>" }),
  );
  await page.goto(SHOP_PATH);
  const call = quickLine(page).getByRole("link", { name: /^Call/ });
  // Nothing is over it (a click would land on it); a click itself would leave for the dialer.
  await call.click({ trial: true });
  await quickLine(page)
    .getByRole("link", { name: /^18 Wharf Street/ })
    .click();
  await expect(page).toHaveURL(MAPS_URL);
  await expect(page).toHaveTitle("Map");
});

test("on a phone the filters stay usable: a tag from the sideways row, then a search", async ({
  page,
}) => {
  await page.goto(SHOP_PATH);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  // The tags are one row that scrolls sideways, so a tag far along it is scrolled to.
  const row = page.locator(".shop-tag-list");
  expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await tagBox(page, "Stationery").check();
  await expect(visibleNames(page)).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]tag=Stationery/);
  await page.getByRole("searchbox", { name: "Search" }).fill("pen");
  await expect(visibleNames(page)).toHaveText(["Brass Pen"]);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(tagBox(page, "Stationery")).not.toBeChecked();
  // Thumb-sized tags.
  const box = (await page.locator(".shop-tag").first().boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the first cards are still on the first screen, and the form filters", async ({ page }) => {
    await page.goto(SHOP_PATH);
    await expect(page.getByRole("button", { name: "Apply" })).toBeVisible();
    expect(await firstCardTop(page)).toBeLessThan(FIRST_SCREEN_PX);
    await tagBox(page, "Bags").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]tag=Bags/);
    await expect(visibleNames(page)).toHaveText(["Canvas Market Tote"]);
  });
});

test("on a laptop the line sits under the hero and the cards beside the filters", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(SHOP_PATH);
  const top = await firstCardTop(page);
  expect(top).toBeLessThan(600);
  const filters = (await page.locator(".shop-filters").boundingBox())!;
  const card = (await grid(page).locator("li").first().boundingBox())!;
  expect(card.x).toBeGreaterThan(filters.x + filters.width);
  // Every tag shows at once beside the cards, as before.
  const tags = page.locator(".shop-tag-list");
  expect(await tags.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(quickLine(page)).toBeInViewport();
  // Contact and hours side by side after the items.
  const findUs = (await page.locator(".site-contact").boundingBox())!;
  const hours = (await page.locator(".site-hours").boundingBox())!;
  expect(Math.abs(findUs.y - hours.y)).toBeLessThan(2);
  expect(hours.x).toBeGreaterThan(findUs.x + findUs.width);
});
