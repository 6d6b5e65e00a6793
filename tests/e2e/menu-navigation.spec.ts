/**
 * The public menu on a phone: the Menu dropdown closes once a category is chosen, the row
 * of category chips under the sticky bar leads to each section and shows the current one,
 * and a section's heading lands below the sticky bar, never under it. The chips and the
 * dropdown's anchors also work without JavaScript.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { benchMenuDishes } from "../../bench/bench-menu";
import {
  createMenuSite,
  expect,
  expectLastLaidOutWhenNear,
  expectNoSeriousAxeIssue,
  SCREENS,
  test,
  type MenuDish,
} from "./fixtures";

/** The example restaurant the demo seed creates, its categories in the owner's order. */
const MENU_PATH = "/r/rosas-trattoria-examplemenu";
const CATEGORIES = ["Starters", "Pizza", "Pasta", "Desserts", "Drinks"];

const nav = (page: Page) => page.getByRole("navigation", { name: "Restaurant" });
const menuButton = (page: Page) => nav(page).locator(".menu-dropdown > summary");
const dropdownList = (page: Page) => nav(page).getByRole("list", { name: "Categories" });
const chipsList = (page: Page) => nav(page).getByRole("list", { name: "Menu sections" });
const chip = (page: Page, name: string) => chipsList(page).getByRole("link", { name, exact: true });

/**
 * Once scrolling has stopped, the section's heading is on screen and below the whole sticky
 * bar (its name row and its chips), not under it.
 */
async function expectHeadingBelowBar(page: Page, category: string) {
  const heading = page.getByRole("heading", { level: 2, name: category, exact: true });
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(150);
      const after = await page.evaluate(() => window.scrollY);
      const bar = await page.locator(".menu-nav").boundingBox();
      const box = await heading.boundingBox();
      if (before !== after || !bar || !box) return "scrolling";
      if (box.y < bar.y + bar.height) return "under the bar";
      return box.y + box.height <= page.viewportSize()!.height ? "in view" : "below the screen";
    })
    .toBe("in view");
}

/** The chip lies wholly inside the visible part of its scrolling row, clear of its edges. */
async function expectChipShown(chipLink: Locator, row: Locator) {
  await expect
    .poll(async () => {
      const [a, r] = await Promise.all([chipLink.boundingBox(), row.boundingBox()]);
      return Boolean(a && r && a.x >= r.x + 8 && a.x + a.width <= r.x + r.width - 8);
    })
    .toBe(true);
}

test.use({ viewport: { width: 360, height: 800 } });

test("choosing a category in the Menu closes it and shows that section below the bar", async ({
  page,
}) => {
  await page.goto(MENU_PATH);
  await expect(dropdownList(page)).toBeHidden();
  await menuButton(page).click();
  await expect(dropdownList(page)).toBeVisible();
  await expect(dropdownList(page).getByRole("link")).toHaveText(CATEGORIES);
  // The open list lies over the row of chips, not under it: its first entry takes the tap.
  const first = (await dropdownList(page).getByRole("link").first().boundingBox())!;
  const chips = (await chipsList(page).boundingBox())!;
  expect(first.y).toBeLessThan(chips.y + chips.height);
  const tapped = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
    [first.x + first.width / 2, first.y + first.height / 2],
  );
  expect(tapped).toBe("Starters");

  await dropdownList(page).getByRole("link", { name: "Pasta" }).click();
  await expect(dropdownList(page)).toBeHidden();
  await expect(page.locator(".menu-dropdown")).not.toHaveAttribute("open");
  await expect(page).toHaveURL(/#section-pasta$/);
  await expectHeadingBelowBar(page, "Pasta");
  // Its chip is marked, and the row shows it clear of the screen's edge.
  await expect(chip(page, "Pasta")).toHaveAttribute("aria-current", "true");
  await expectChipShown(chip(page, "Pasta"), chipsList(page));
  // The dishes of the section are not covered: the first one is there to be tapped.
  const firstDish = page.locator("#section-pasta .menu-item").first();
  await expect(firstDish).toBeInViewport();

  // A later category, far down the page, the same way.
  await menuButton(page).click();
  await dropdownList(page).getByRole("link", { name: "Drinks" }).click();
  await expect(dropdownList(page)).toBeHidden();
  await expectHeadingBelowBar(page, "Drinks");
  await expect(chip(page, "Drinks")).toHaveAttribute("aria-current", "true");
  await expectChipShown(chip(page, "Drinks"), chipsList(page));
  // Desserts' chip ends at the screen's edge when the row is scrolled back to its start.
  await chipsList(page).evaluate((row) => row.scrollTo({ left: 0, behavior: "instant" }));
  await menuButton(page).click();
  await dropdownList(page).getByRole("link", { name: "Desserts" }).click();
  await expect(chip(page, "Desserts")).toHaveAttribute("aria-current", "true");
  await expectChipShown(chip(page, "Desserts"), chipsList(page));

  // Escape closes it and gives the focus back to its button; so does a tap elsewhere.
  await menuButton(page).click();
  await expect(dropdownList(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dropdownList(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await menuButton(page).click();
  await expect(dropdownList(page)).toBeVisible();
  await page.locator("#section-drinks h2").click();
  await expect(dropdownList(page)).toBeHidden();
});

test("the chips lead to each section, thumb-sized, and mark the current one in view", async ({
  page,
}) => {
  await page.goto(MENU_PATH);
  const row = chipsList(page);
  await expect(row.getByRole("link")).toHaveText(CATEGORIES);
  // One row that scrolls sideways on a phone, with no scrollbar drawn.
  const scroll = await row.evaluate((element) => ({
    scrolls: element.scrollWidth > element.clientWidth,
    scrollbar: getComputedStyle(element).scrollbarWidth,
    snap: getComputedStyle(element).scrollSnapType,
  }));
  // "x" is "x proximity" as the browser computes it.
  expect(scroll).toEqual({ scrolls: true, scrollbar: "none", snap: "x" });
  for (const link of await row.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  // The bar stays on screen as the page scrolls.
  await expect(row).toBeInViewport();
  await expect(row.locator("[aria-current]")).toHaveCount(0);

  // The last chip starts out of view; a tap on it once scrolled to leads to its section.
  await chip(page, "Drinks").click();
  await expect(page).toHaveURL(/#section-drinks$/);
  await expectHeadingBelowBar(page, "Drinks");
  await expect(row).toBeInViewport();
  await expect(chip(page, "Drinks")).toHaveAttribute("aria-current", "true");
  await expect(row.locator("[aria-current]")).toHaveCount(1);

  // Scrolling the page by hand moves the mark along, and the row scrolls (back, then
  // forth) so that the current chip shows.
  // (scrollIntoView honours the sections' scroll-margin, as a jump to an anchor does).
  const scrollToSection = (id: string) =>
    page
      .locator(`#${id}`)
      .evaluate((section) => section.scrollIntoView({ block: "start", behavior: "instant" }));
  await scrollToSection("section-starters");
  await expect(chip(page, "Starters")).toHaveAttribute("aria-current", "true");
  await expectChipShown(chip(page, "Starters"), row);
  expect(await row.evaluate((element) => element.scrollLeft)).toBeLessThan(20);
  await scrollToSection("section-desserts");
  await expect(chip(page, "Desserts")).toHaveAttribute("aria-current", "true");
  await expectChipShown(chip(page, "Desserts"), row);
  await expect(row.locator("[aria-current]")).toHaveCount(1);
});

test("at the end of the page the chosen section stays marked, else the last", async ({ page }) => {
  // On a wide screen the last two sections fit on the last screen and never reach the bar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(MENU_PATH);
  await menuButton(page).click();
  await dropdownList(page).getByRole("link", { name: "Desserts" }).click();
  await expect(page).toHaveURL(/#section-desserts$/);
  await expect
    .poll(() =>
      page.evaluate(() => window.innerHeight + window.scrollY >= document.body.scrollHeight - 2),
    )
    .toBe(true);
  await expect(chip(page, "Desserts")).toHaveAttribute("aria-current", "true");
  await expect(chipsList(page).locator("[aria-current]")).toHaveCount(1);

  // Scrolled to the end by hand from the top, with no section chosen: the last one.
  await page.goto(MENU_PATH);
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
  );
  await expect(chip(page, "Drinks")).toHaveAttribute("aria-current", "true");
});

test("a chip reached by the keyboard shows its focus", async ({ page }) => {
  await page.goto(MENU_PATH);
  await menuButton(page).focus();
  await page.keyboard.press("Tab");
  const first = chip(page, "Starters");
  await expect(first).toBeFocused();
  await expect(first).toHaveCSS("outline-style", "solid");
  await expect(first).toHaveCSS("outline-width", "3px");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#section-starters$/);
  await expectHeadingBelowBar(page, "Starters");
});

test("the keyboard's focus never hides under the sticky bar, going up or down", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(MENU_PATH);
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
  );
  await page.locator(".menu-item-description > summary").last().focus();
  const hidden: string[] = [];
  for (const key of [...Array<string>(12).fill("Shift+Tab"), ...Array<string>(12).fill("Tab")]) {
    await page.keyboard.press(key);
    const focus = await page.evaluate(() => {
      const element = document.activeElement!;
      const bar = document.querySelector(".menu-nav")!.getBoundingClientRect();
      return {
        text: element.textContent.trim().slice(0, 40),
        inBar: Boolean(element.closest(".menu-nav")),
        underBar: element.getBoundingClientRect().top < bar.bottom,
      };
    });
    if (!focus.inBar && focus.underBar) hidden.push(`${key}: ${focus.text}`);
  }
  expect(hidden).toEqual([]);
});

test("the page and the chips' row glide unless reduced motion is asked for", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto(MENU_PATH);
  const behaviors = () =>
    page.evaluate(() => [
      getComputedStyle(document.documentElement).scrollBehavior,
      getComputedStyle(document.querySelector(".menu-chips")!).scrollBehavior,
    ]);
  expect(await behaviors()).toEqual(["smooth", "smooth"]);
  // Right after the click the page has not reached the section yet: it glides there, and
  // still lands with the heading right below the bar, far down the menu and back up.
  for (const category of ["Desserts", "Starters", "Pizza"]) {
    const { justAfter, landed } = await scrollAfterClick(page, () => chip(page, category).click());
    expect(justAfter, category).not.toBe(landed);
    await expectLandedUnderBar(page, category);
  }
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await behaviors()).toEqual(["auto", "auto"]);
  // Asked for less motion, it is there at once.
  const { justAfter, landed } = await scrollAfterClick(page, () => chip(page, "Drinks").click());
  expect(justAfter).toBe(landed);
  await expectLandedUnderBar(page, "Drinks");
});

/**
 * The page's scroll position as soon as the click has been handled (a task after it, once
 * the browser has followed the link), and where the page comes to rest. At rest the chips' row
 * is still too: it glides to the current chip after the page does, and a click while it moves
 * could land on the chip that was under the pointer a moment before.
 */
async function scrollAfterClick(page: Page, click: () => Promise<void>) {
  await page.evaluate(() => {
    const state = window as unknown as { justAfter?: number };
    delete state.justAfter;
    document.addEventListener(
      "click",
      () => setTimeout(() => (state.justAfter = Math.round(scrollY))),
      { once: true },
    );
  });
  await click();
  await page.waitForFunction(() => "justAfter" in window);
  let landed = -1;
  let chipsRowAt = -1;
  await expect
    .poll(async () => {
      const before = [landed, chipsRowAt];
      await page.waitForTimeout(200);
      [landed, chipsRowAt] = await page.evaluate(() => [
        Math.round(scrollY),
        Math.round(document.querySelector(".menu-chips")!.scrollLeft),
      ]);
      return landed === before[0] && chipsRowAt === before[1];
    })
    .toBe(true);
  const justAfter = await page.evaluate(
    () => (window as unknown as { justAfter: number }).justAfter,
  );
  return { justAfter, landed };
}

/**
 * Once scrolling has stopped, the section's heading lies just under the sticky bar, where
 * the page's scroll padding puts it (give or take a pixel), or the page is at its end with the
 * heading on screen below the bar.
 */
async function expectLandedUnderBar(page: Page, category: string, where = "") {
  const heading = page.getByRole("heading", { level: 2, name: category, exact: true });
  await expect
    .poll(
      async () => {
        const before = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(150);
        const at = await heading.evaluate((element) => {
          const bar = document.querySelector(".menu-nav")!.getBoundingClientRect().bottom;
          const top = element.getBoundingClientRect().top;
          const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
          const atEnd =
            innerHeight + scrollY >= document.documentElement.scrollHeight - 2 &&
            top >= bar &&
            element.getBoundingClientRect().bottom <= innerHeight;
          return { y: Math.round(scrollY), top: Math.round(top), padding, atEnd };
        });
        if (at.y !== Math.round(before)) return "scrolling";
        return Math.abs(at.top - at.padding) <= 1 || at.atEnd
          ? "under the bar"
          : `heading at ${at.top} px, not ${at.padding}, scrolled to ${at.y}`;
      },
      { message: `${category} ${where}` },
    )
    .toBe("under the bar");
}

/** Six dishes in four categories: a menu about two screens long. */
const SHORT_MENU: MenuDish[] = [
  { name: "Garlic Bread", priceCents: 550, category: "Starters", description: "Sourdough." },
  { name: "Tomato Soup", priceCents: 600, category: "Starters", description: "Basil oil." },
  { name: "Classic Burger", priceCents: 1390, category: "Mains", description: "Cheddar." },
  { name: "Grilled Salmon", priceCents: 1875, category: "Mains", description: "Greens." },
  { name: "Lemon Tart", priceCents: 575, category: "Desserts", description: "Lemon curd." },
  { name: "Espresso", priceCents: 250, category: "Drinks", description: "Double shot." },
];

/**
 * Every way to a section lands it under the bar: the first, a middle and the last category,
 * chosen in the Menu and as a chip, on a phone and a desktop, gliding and jumping, on a short
 * menu and on the bench's fifty dishes (bench/bench-menu.ts), whose dishes off screen wait to
 * be laid out. Each choice is made on a freshly loaded page, where none of them has been yet.
 */
async function expectEveryWayLandsUnderBar(
  browser: Browser,
  page: Page,
  dishes: MenuDish[],
  javaScriptEnabled: boolean,
) {
  const path = await createMenuSite(page, `Landing ${dishes.length}`, dishes);
  // Sections in the owner's order: the order the dishes first name their categories.
  const categories = [...new Set(dishes.map((dish) => dish.category))];
  const chosen = [categories[0]!, categories[2]!, categories.at(-1)!];
  const context = await browser.newContext({ javaScriptEnabled });
  const visitor = await context.newPage();
  for (const [screen, viewport] of SCREENS) {
    await visitor.setViewportSize(viewport);
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      await visitor.emulateMedia({ reducedMotion });
      for (const category of chosen) {
        const where = `${screen}, ${reducedMotion}`;
        await visitor.goto(path);
        await menuButton(visitor).click();
        await dropdownList(visitor).getByRole("link", { name: category, exact: true }).click();
        await expectLandedUnderBar(visitor, category, `from the Menu, ${where}`);
        await expect(dropdownList(visitor)).toBeHidden();
        await visitor.goto(path);
        await chip(visitor, category).click();
        await expectLandedUnderBar(visitor, category, `from its chip, ${where}`);
      }
    }
  }
  await context.close();
}

for (const javaScriptEnabled of [true, false]) {
  const script = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test(`a short menu's sections land under the bar, ${script}`, async ({ browser, page }) => {
    await expectEveryWayLandsUnderBar(browser, page, SHORT_MENU, javaScriptEnabled);
  });
  test(`the bench menu's sections land under the bar, ${script}`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    await expectEveryWayLandsUnderBar(browser, page, benchMenuDishes(), javaScriptEnabled);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chips and the Menu's categories still lead to each section, below the bar", async ({
    page,
  }) => {
    await page.goto(MENU_PATH);
    await chip(page, "Desserts").click();
    await expect(page).toHaveURL(/#section-desserts$/);
    await expectHeadingBelowBar(page, "Desserts");

    await menuButton(page).click();
    await expect(dropdownList(page)).toBeVisible();
    await dropdownList(page).getByRole("link", { name: "Pizza" }).click();
    await expect(page).toHaveURL(/#section-pizza$/);
    await expectHeadingBelowBar(page, "Pizza");
    // Without the script the Menu stays open until its button closes it, its panel out of
    // the way until then.
    await expect(dropdownList(page)).toBeHidden();
    await menuButton(page).click({ force: true });
    await expect(dropdownList(page)).toBeVisible();
    await menuButton(page).click();
    await expect(dropdownList(page)).toBeHidden();
  });

  test("the open Menu steps aside for the category chosen in it, and comes back in one tap", async ({
    page,
  }) => {
    for (const [screen, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await page.goto(MENU_PATH);
      await menuButton(page).click();
      for (const category of ["Pasta", "Desserts"]) {
        // The Menu shows (at first, and again after one tap on its button).
        await expect(dropdownList(page), `${category} (${screen})`).toBeVisible();
        await dropdownList(page).getByRole("link", { name: category }).click();
        await expect(page).toHaveURL(new RegExp(`#section-${category.toLowerCase()}$`));
        // Nothing closes the Menu without the script, but its panel is out of the way and the
        // section lands under the bar, as with the script.
        await expect(page.locator(".menu-dropdown")).toHaveAttribute("open");
        await expect(dropdownList(page)).toBeHidden();
        await expectLandedUnderBar(page, category, screen);
        const section = page.locator(`#section-${category.toLowerCase()}`);
        const heading = section.getByRole("heading", { level: 2, name: category, exact: true });
        const firstDish = section.locator(".menu-item").first();
        for (const [what, target] of [
          ["heading", heading],
          ["first dish", firstDish],
        ] as const) {
          await expect(target, `${category}'s ${what} (${screen})`).toBeInViewport();
          await expect
            .poll(() => shownAtItsCentre(target), `${category}'s ${what} (${screen})`)
            .toBe(true);
        }
        // One tap on the Menu button brings the panel back, still open. (The tap lands on the
        // <details> under the button, which takes the focus: Playwright sees it as covered.)
        await menuButton(page).click({ force: true });
      }
      await expect(dropdownList(page)).toBeVisible();
      // Then the button closes it, as it always did.
      await menuButton(page).click();
      await expect(dropdownList(page)).toBeHidden();
      await expect(page.locator(".menu-dropdown")).not.toHaveAttribute("open");
    }
  });
});

/** What is drawn at the element's centre is the element, or something inside it. */
function shownAtItsCentre(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

for (const [device, viewport] of SCREENS) {
  test(`no serious accessibility issue with the chips and the Menu (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(MENU_PATH);
    await expectNoSeriousAxeIssue(page, `${device}, top`);
    await chip(page, "Pasta").click();
    await expect(chip(page, "Pasta")).toHaveAttribute("aria-current", "true");
    await expectNoSeriousAxeIssue(page, `${device}, a chip current`);
    await menuButton(page).click();
    await expect(dropdownList(page)).toBeVisible();
    await expectNoSeriousAxeIssue(page, `${device}, Menu open`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}

test("dishes far below the screen are laid out only when they come near it, and printed", async ({
  page,
}) => {
  await expectLastLaidOutWhenNear(page, MENU_PATH, page.locator(".menu-items > li > .menu-item"));
});
