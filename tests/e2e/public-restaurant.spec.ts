import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import {
  axe,
  createSiteDirectly,
  DEMO,
  expect,
  openEditorTab,
  signIn,
  signUpOwner,
  test,
} from "./fixtures";

// The demo restaurant as seeded (app/server/seed/demo.server.ts), sorted as the page shows it.
const DEMO_MENU: Array<[category: string, items: string[]]> = [
  ["Desserts", ["Chocolate Cake", "Lemon Tart"]],
  ["Drinks", ["Espresso", "Fresh Lemonade", "Iced Tea"]],
  ["Mains", ["Chicken Caesar", "Classic Burger", "Grilled Salmon", "Mushroom Risotto"]],
  ["Starters", ["Crispy Calamari", "Garlic Bread", "Tomato Soup"]],
];
const DEMO_STARRED = ["Chocolate Cake", "Classic Burger", "Garlic Bread"];
const DEMO_PRICES: Record<string, string> = {
  "Garlic Bread": "$5.50",
  "Classic Burger": "$13.90",
  "Chicken Caesar": "$12.00",
  Espresso: "$2.50",
  "Grilled Salmon": "$18.75",
};
/** Dishes with sizes show each at its price in place of the price (app/server/seed/demo.server.ts). */
const DEMO_SIZES: Record<string, string[]> = {
  "Fresh Lemonade": ["Small $3.50", "Large $5.00"],
};
/** And a line under the description for each other group of options. */
const DEMO_OPTION_LINES: Record<string, string> = {
  "Classic Burger": "Extras: Bacon +$2.00, Cheddar +$1.00, Fried egg +$1.50",
  Espresso: "Milk: Oat milk +$0.50, Whole milk",
};
// #fff8f0, #b4441c and #1f1a17 as the browser computes them.
const DEMO_COLORS = {
  primary: "rgb(255, 248, 240)",
  secondary: "rgb(180, 68, 28)",
  text: "rgb(31, 26, 23)",
};

/** Signs in as the demo owner and reads Demo Diner's public path off the products list. */
async function demoDinerPath(page: Page): Promise<string> {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const href = await page
    .getByRole("link", { name: "View Public page of Demo Diner" })
    .getAttribute("href");
  expect(href).toMatch(/^\/r\/demo-diner-[A-Za-z0-9]{20}$/);
  return href!;
}

const menuButton = (page: Page) => page.locator(".menu-dropdown > summary");
const categoryLinks = (page: Page) =>
  page.getByRole("navigation", { name: "Restaurant" }).getByRole("list", { name: "Categories" });

function itemCard(page: Page, name: string): Locator {
  return page.getByRole("article", { name, exact: true });
}

const sortedByName = (names: string[]) =>
  [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));

/**
 * Once scrolling has stopped, a section's heading is on screen and below the sticky bar,
 * not hidden under it. Waiting for the smooth scroll to end keeps one jump from
 * overlapping the next.
 */
async function expectSectionInView(page: Page, category: string) {
  const heading = page.getByRole("heading", { level: 2, name: category, exact: true });
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(200);
      const after = await page.evaluate(() => window.scrollY);
      const bar = await page.locator(".menu-nav").boundingBox();
      const box = await heading.boundingBox();
      const height = page.viewportSize()!.height;
      if (before !== after || !bar || !box) return "scrolling";
      if (box.y < bar.y + bar.height) return "under the bar";
      return box.y + box.height <= height ? "in view" : "below the screen";
    })
    .toBe("in view");
}

test("the demo restaurant's page: menu, badges, prices, hours, colors and descriptions", async ({
  page,
}) => {
  const path = await demoDinerPath(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Demo Diner");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Diner");

  // The Menu dropdown lists the categories by name and leads to each section.
  await expect(categoryLinks(page)).toBeHidden();
  await menuButton(page).click();
  await expect(categoryLinks(page)).toBeVisible();
  const categories = await categoryLinks(page).getByRole("link").allTextContents();
  expect(categories).toEqual(DEMO_MENU.map(([category]) => category));
  expect(categories).toEqual(sortedByName(categories));
  await categoryLinks(page).getByRole("link", { name: "Starters" }).click();
  // The page's script closes the Menu once a category is chosen.
  await expect(categoryLinks(page)).toBeHidden();
  await expect(page).toHaveURL(/#section-starters$/);
  await expectSectionInView(page, "Starters");
  await menuButton(page).click();
  await categoryLinks(page).getByRole("link", { name: "Desserts" }).click();
  await expect(page).toHaveURL(/#section-desserts$/);
  await expectSectionInView(page, "Desserts");

  // Sections and the items in each, sorted by name; each with its price and badges.
  const sections = page.locator(".menu-section");
  await expect(sections.locator("h2")).toHaveText(DEMO_MENU.map(([category]) => category));
  for (const [index, [category, names]] of DEMO_MENU.entries()) {
    const section = sections.nth(index);
    await expect(section.locator("h3")).toHaveText(names);
    expect(names).toEqual(sortedByName(names));
    for (const name of names) {
      const card = itemCard(page, name);
      await expect(card.locator(".menu-badge.category")).toHaveText(category);
      const sizes = DEMO_SIZES[name];
      if (sizes) {
        await expect(card.locator(".menu-item-price")).toHaveCount(0);
        await expect(card.locator(".menu-sizes li")).toHaveText(sizes);
      } else {
        await expect(card.locator(".menu-item-price")).toHaveText(/^\$\d+\.\d{2}$/);
      }
      const line = DEMO_OPTION_LINES[name];
      await expect(card.locator(".menu-options")).toHaveText(line ? [line] : []);
      await expect(card.locator(".menu-badge.popular")).toHaveCount(
        DEMO_STARRED.includes(name) ? 1 : 0,
      );
    }
  }
  for (const [name, price] of Object.entries(DEMO_PRICES)) {
    await expect(itemCard(page, name).locator(".menu-item-price")).toHaveText(price);
  }
  const popular = page.locator(".menu-item", { has: page.locator(".menu-badge.popular") });
  await expect(popular.locator("h3")).toHaveText(DEMO_STARRED);
  await expect(popular.locator(".menu-badge.popular")).toHaveText(Array(3).fill("★ Popular"));
  await expect(page.getByText("Popular")).toHaveCount(DEMO_STARRED.length);
  // The demo items have no pictures, and none is drawn broken.
  await expect(page.locator(".menu-items img")).toHaveCount(0);

  // Contact and hours.
  await expect(page.getByRole("link", { name: "12 Market Street, Springfield" })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=12%20Market%20Street%2C%20Springfield",
  );
  await expect(page.getByRole("link", { name: "+1 555 0100" })).toHaveAttribute(
    "href",
    "tel:+15550100",
  );
  await expect(page.getByRole("link", { name: "hello@demo-diner.example" })).toHaveAttribute(
    "href",
    "mailto:hello@demo-diner.example",
  );
  await expect(page.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
    await expect(page.getByRole("row", { name: new RegExp(day) })).toContainText(
      "11:00 AM – 10:00 PM",
    );
  }

  // The owner's colors.
  const pageColors = await page.locator(".menu-page").evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundColor, style.color];
  });
  expect(pageColors).toEqual([DEMO_COLORS.primary, DEMO_COLORS.text]);
  await expect(page.locator(".site-hero")).toHaveCSS("background-color", DEMO_COLORS.secondary);
  await expect(page.locator(".site-hero")).toHaveCSS("height", "280px");
  await expect(page.locator(".menu-nav")).toHaveCSS("border-bottom-color", DEMO_COLORS.secondary);
  await expect(menuButton(page)).toHaveCSS("background-color", DEMO_COLORS.secondary);
  await expect(sections.first().locator("h2")).toHaveCSS("color", DEMO_COLORS.secondary);
  await expect(popular.first().locator(".menu-badge.popular")).toHaveCSS(
    "background-color",
    DEMO_COLORS.secondary,
  );

  // A description opens and closes by click, and by keyboard.
  const bread = itemCard(page, "Garlic Bread");
  const breadText = bread.getByText("Toasted sourdough, garlic butter and parsley.");
  await expect(breadText).toBeHidden();
  await bread.locator("summary").click();
  await expect(breadText).toBeVisible();
  await bread.locator("summary").click();
  await expect(breadText).toBeHidden();
  const soup = itemCard(page, "Tomato Soup");
  const soupText = soup.getByText("Slow-roasted tomatoes with basil oil.");
  await soup.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(soupText).toBeVisible();
  await page.keyboard.press("Space");
  await expect(soupText).toBeHidden();

  // Head: title, description, canonical and link previews.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Demo Diner · 12 Market Street, Springfield/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    page.url().split("#")[0]!,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Demo Diner");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
});

test("the JSON-LD describes the restaurant and its whole menu", async ({ page }) => {
  const path = await demoDinerPath(page);
  await page.goto(path);
  const scripts = page.locator("script[type='application/ld+json']");
  await expect(scripts).toHaveCount(1);
  const jsonLd = JSON.parse((await scripts.textContent())!) as {
    openingHoursSpecification: { dayOfWeek: string }[];
    hasMenu: { hasMenuSection: unknown };
  };
  expect(jsonLd).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: "Demo Diner",
    url: page.url(),
    telephone: "+1 555 0100",
    address: { "@type": "PostalAddress", streetAddress: "12 Market Street, Springfield" },
    hasMenu: { "@type": "Menu" },
  });
  const days = jsonLd.openingHoursSpecification.map((row: { dayOfWeek: string }) => row.dayOfWeek);
  expect(days).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);

  const menuSections = jsonLd.hasMenu.hasMenuSection as Array<{
    "@type": string;
    name: string;
    hasMenuItem: Array<{
      "@type": string;
      name: string;
      offers: Record<string, unknown> | Array<Record<string, unknown>>;
      menuAddOn?: unknown;
    }>;
  }>;
  expect(menuSections.map((section) => section.name)).toEqual(DEMO_MENU.map(([c]) => c));
  for (const [index, [, names]] of DEMO_MENU.entries()) {
    expect(menuSections[index]!["@type"]).toBe("MenuSection");
    expect(menuSections[index]!.hasMenuItem.map((item) => item.name)).toEqual(names);
  }
  const bread = menuSections[3]!.hasMenuItem.find((item) => item.name === "Garlic Bread");
  expect(bread).toEqual({
    "@type": "MenuItem",
    name: "Garlic Bread",
    description: "Toasted sourdough, garlic butter and parsley.",
    offers: { "@type": "Offer", price: "5.50", priceCurrency: "USD" },
  });
  const dishes = menuSections.flatMap((section) => section.hasMenuItem);
  for (const item of dishes) {
    expect(item["@type"]).toBe("MenuItem");
    // One Offer, or one per size.
    for (const offer of ([] as Array<Record<string, unknown>>).concat(item.offers)) {
      expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "USD" });
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    }
  }
  const lemonade = dishes.find((item) => item.name === "Fresh Lemonade")!;
  expect(lemonade.offers).toEqual([
    { "@type": "Offer", name: "Small", price: "3.50", priceCurrency: "USD" },
    { "@type": "Offer", name: "Large", price: "5.00", priceCurrency: "USD" },
  ]);
  // Other groups of options are add-ons: a section of items, each priced at what it adds,
  // written once and named by its @id on every other dish with the same group.
  const addOnSections = new Map<unknown, Record<string, unknown>>();
  for (const item of dishes) {
    for (const section of (item.menuAddOn ?? []) as Array<Record<string, unknown>>) {
      if (section["@type"] === "MenuSection") addOnSections.set(section["@id"], section);
    }
  }
  const addOns = (item: (typeof dishes)[number]) =>
    ((item.menuAddOn ?? []) as Array<Record<string, unknown>>).map(
      (section) => addOnSections.get(section["@id"]) ?? section,
    );
  for (const item of dishes) {
    for (const section of addOns(item)) expect(section["@type"]).toBe("MenuSection");
  }
  const burger = dishes.find((item) => item.name === "Classic Burger")!;
  expect(addOns(burger)).toEqual([
    {
      "@type": "MenuSection",
      "@id": expect.stringMatching(/^#menu-add-on-\d+$/),
      name: "Extras",
      hasMenuItem: [
        ["Bacon", "2.00"],
        ["Cheddar", "1.00"],
        ["Fried egg", "1.50"],
      ].map(([name, price]) => ({
        "@type": "MenuItem",
        name,
        offers: { "@type": "Offer", price, priceCurrency: "USD" },
      })),
    },
  ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dropdown, the anchors and the descriptions all work without the page's script", async ({
    page,
  }) => {
    const path = await demoDinerPath(page);
    await page.goto(path);
    // The JSON-LD, the language hint's and the Menu's small scripts, which do not run here.
    await expect(page.locator("script:not([type='application/ld+json'])")).toHaveCount(2);
    await expect(page.locator("script")).toHaveCount(3);

    await menuButton(page).click();
    await expect(categoryLinks(page)).toBeVisible();
    await categoryLinks(page).getByRole("link", { name: "Mains" }).click();
    await expect(page).toHaveURL(/#section-mains$/);
    await expectSectionInView(page, "Mains");
    // Without the script the Menu stays open until its button closes it, but its panel steps
    // aside for the section; a tap on the button (which lands on the <details> under it, so
    // Playwright sees it covered) shows it again, a second one closes it.
    await expect(page.locator(".menu-dropdown")).toHaveAttribute("open");
    await expect(categoryLinks(page)).toBeHidden();
    await menuButton(page).click({ force: true });
    await expect(categoryLinks(page)).toBeVisible();
    await menuButton(page).click();
    await expect(categoryLinks(page)).toBeHidden();

    // Keyboard: open the Menu and follow a category without a mouse.
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(categoryLinks(page)).toBeVisible();
    await categoryLinks(page).getByRole("link", { name: "Drinks" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#section-drinks$/);
    await expectSectionInView(page, "Drinks");

    const cake = itemCard(page, "Chocolate Cake");
    const cakeText = cake.getByText("Dark chocolate, served warm.");
    await expect(cakeText).toBeHidden();
    await cake.locator("summary").click();
    await expect(cakeText).toBeVisible();
    await cake.locator("summary").click();
    await expect(cakeText).toBeHidden();
    await cake.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(cakeText).toBeVisible();
  });
});

test("an unknown restaurant answers 404 'Restaurant not found.'", async ({ page }) => {
  for (const path of [
    "/r/nobody-AAAAAAAAAAAAAAAAAAAA",
    "/r/AAAAAAAAAAAAAAAAAAAA",
    "/r/x-%3Cb%3E",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.restaurantNotFound);
  }
});

test("a wrong or missing slug answers 301 to the canonical address", async ({ page }) => {
  const path = await demoDinerPath(page);
  const id = path.slice(path.lastIndexOf("-") + 1);
  for (const wrong of [`/r/old-name-${id}`, `/r/${id}`, `/r/DEMO-DINER-${id}`]) {
    const response = await page.request.get(wrong, { maxRedirects: 0 });
    expect(response.status(), wrong).toBe(301);
    expect(response.headers()["location"], wrong).toBe(path);
  }
  // The canonical address itself answers directly.
  const direct = await page.request.get(path, { maxRedirects: 0 });
  expect(direct.status()).toBe(200);
});

for (const [device, viewport] of [
  ["phone", { width: 360, height: 740 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`no overflow and no serious accessibility problem (${device})`, async ({ page }) => {
    const path = await demoDinerPath(page);
    await page.setViewportSize(viewport);
    await page.goto(path);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // Checked closed, then with the Menu and every description open.
    for (const state of ["closed", "open"]) {
      if (state === "open") {
        for (const summary of await page.locator(".menu-item-description > summary").all()) {
          await summary.click();
        }
        // Last: a tap anywhere else closes the Menu.
        await menuButton(page).click();
        await expect(categoryLinks(page)).toBeVisible();
        expect(await overflow()).toBeLessThanOrEqual(0);
      }
      const results = await axe(page).analyze();
      const serious = results.violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
      expect(
        serious.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
        ),
        state,
      ).toEqual([]);
    }
  });
}

test("a new restaurant: empty states, uploaded pictures and link previews", async ({
  page,
  baseURL,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Picture Place");
  await openEditorTab(page, "Info");
  const picture = (width: number, height: number, color: string) =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
  for (const [label, buffer] of [
    ["Logo", await picture(400, 400, "#224488")],
    ["Background", await picture(1600, 500, "#335522")],
  ] as const) {
    const uploaded = page.waitForResponse((r) => r.url().includes("/user/upload/"));
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `${label}.jpg`, mimeType: "image/jpeg", buffer });
    expect((await uploaded).ok()).toBe(true);
  }

  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "View Public" }).click();
  const publicPage = await popup;
  await expect(publicPage).toHaveURL(/\/r\/picture-place-[A-Za-z0-9]{20}$/);
  await expect(publicPage.getByText(MESSAGES.noMenuItems)).toBeVisible();
  await menuButton(publicPage).click();
  await expect(
    publicPage.locator(".menu-dropdown-panel").getByText(MESSAGES.noCategories),
  ).toBeVisible();

  // The hero picture: explicit size, loaded at once (it is the largest paint).
  const hero = publicPage.locator(".site-hero-image");
  await expect(hero).toHaveAttribute(
    "src",
    /^\/files\/restaurants\/[A-Za-z0-9]{20}\/info\/background\?v=/,
  );
  await expect(hero).toHaveAttribute("height", "280");
  await expect(hero).toHaveAttribute("width", /^\d+$/);
  await expect(hero).not.toHaveAttribute("loading", "lazy");
  await expect(hero).toHaveCSS("object-fit", "cover");
  await expect
    .poll(() => hero.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const logo = publicPage.getByRole("img", { name: "Picture Place logo" });
  await expect(logo).toHaveAttribute("width", "120");
  await expect(logo).toHaveAttribute("height", "120");
  // The page shows the logo's copy at twice its size; the upload is for sharper screens.
  const logoCopy = (await logo.getAttribute("src"))!;
  expect(logoCopy).toMatch(/\/info\/logo-240\?v=/);
  const logoUpload = logoCopy.replace("/info/logo-240?", "/info/logo?");
  await expect(logo).toHaveAttribute("srcset", `${logoCopy} 2x, ${logoUpload} 3x`);

  // Other sites get absolute addresses of the pictures as uploaded.
  const background = `${baseURL}${await hero.getAttribute("src")}`;
  await expect(publicPage.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    background,
  );
  const jsonLd = JSON.parse(
    (await publicPage.locator("script[type='application/ld+json']").textContent())!,
  ) as { image: unknown };
  expect(jsonLd.image).toEqual([background, `${baseURL}${logoUpload}`]);
  expect(jsonLd).not.toHaveProperty("hasMenu");
});
