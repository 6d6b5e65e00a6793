/**
 * The marketing site's nav (Products, About, Contact, Sign in, Register / User, Sign out):
 * one line on a 360 px phone, with everything but Sign in (or User) in a Menu that works
 * from the keyboard and without JavaScript and closes on navigation; all in the bar on a
 * desktop.
 */
import type { Locator } from "@playwright/test";
import { expect, expectNoSeriousAxeIssue, SCREENS, signUpOwner, test } from "./fixtures";

const [, PHONE] = SCREENS[0];
const [, DESKTOP] = SCREENS[1];

/** The texts of the nav's displayed entries, checked to sit side by side on one line. */
async function expectOneLine(nav: Locator): Promise<string[]> {
  const entries = await nav.evaluate((element) =>
    [element.querySelector(".brand"), ...element.querySelectorAll(":scope > ul > li")]
      .filter((entry): entry is Element => entry !== null && entry.getClientRects().length > 0)
      .map((entry) => {
        const { top, bottom } = entry.getBoundingClientRect();
        const summary = entry.querySelector("summary");
        return { text: (summary ?? entry).textContent.trim(), top, bottom };
      }),
  );
  // One line: a horizontal line crosses every entry.
  const lowestTop = Math.max(...entries.map((entry) => entry.top));
  const highestBottom = Math.min(...entries.map((entry) => entry.bottom));
  expect(lowestTop, JSON.stringify(entries)).toBeLessThan(highestBottom);
  expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(64);
  const brand = nav.getByRole("link", { name: "Site Builder" });
  expect(await brand.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  const overflow = await nav.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  return entries.map((entry) => entry.text);
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test("the site nav keeps to one line, the rest in its Menu", async ({ page }) => {
    await page.goto("/product/restaurant");
    const nav = page.getByRole("navigation", { name: "Site" });
    expect(await expectOneLine(nav)).toEqual(["Site Builder", "Sign in", "Menu"]);
    for (const name of ["Products", "About", "Contact", "Register"]) {
      await expect(nav.getByRole("link", { name })).toBeHidden();
    }
    const menuButton = nav.locator("summary");
    expect((await menuButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousAxeIssue(page, "menu closed");

    await menuButton.click();
    for (const name of ["Products", "About", "Contact", "Register"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    // Each entry is there once for assistive technology, open or closed.
    await expect(nav.getByRole("link", { name: "Sign in" })).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "About" })).toHaveCount(1);
    await expectNoSeriousAxeIssue(page, "menu open");
    expect(await expectOneLine(nav)).toEqual(["Site Builder", "Sign in", "Menu"]);

    // A section of another page: the menu is closed when it gets there.
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/#about$/);
    await expect(page.getByRole("heading", { level: 2, name: "About" })).toBeInViewport();
    await expect(nav.locator("details")).not.toHaveAttribute("open");

    // A section of this page: closed too.
    await page.evaluate(() => window.scrollTo(0, 0));
    await menuButton.click();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(nav.locator("details")).not.toHaveAttribute("open");

    await menuButton.click();
    await nav.getByRole("link", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(nav.locator("details")).not.toHaveAttribute("open");
  });

  test("the Menu works from the keyboard", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Site" });
    // Skip link, brand, Sign in, then the Menu button.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press("Tab");
    await expect(nav.locator("summary")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Products" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Products" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect(nav.getByRole("link", { name: "Products" })).toBeHidden();
  });

  test("signed in, the bar keeps User and the Menu holds Sign out", async ({ page }) => {
    await signUpOwner(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Site" });
    expect(await expectOneLine(nav)).toEqual(["Site Builder", "User", "Menu"]);
    await expect(nav.getByRole("link", { name: "User" })).toHaveAttribute("href", "/user");
    await expect(nav.getByRole("button", { name: "Sign out" })).toBeHidden();
    await nav.locator("summary").click();
    await expectNoSeriousAxeIssue(page, "signed in, menu open");
    await nav.getByRole("button", { name: "Sign out" }).click();
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Menu opens and its links work all the same", async ({ page }) => {
      await page.goto("/signin");
      const nav = page.getByRole("navigation", { name: "Site" });
      expect(await expectOneLine(nav)).toEqual(["Site Builder", "Sign in", "Menu"]);
      await nav.locator("summary").click();
      await nav.getByRole("link", { name: "Products" }).click();
      await expect(page).toHaveURL(/\/#products$/);
      await expect(page.getByRole("heading", { level: 2, name: "Products" })).toBeInViewport();
    });
  });
});

test("on a desktop every entry sits in the bar, on one line", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Site" });
  expect(await expectOneLine(nav)).toEqual([
    "Site Builder",
    "Products",
    "About",
    "Contact",
    "Sign in",
    "Register",
  ]);
  await expect(nav.locator("summary")).toBeHidden();
});
