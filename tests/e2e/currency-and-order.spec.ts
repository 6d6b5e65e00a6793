/**
 * An owner sets a currency, types a price with a decimal comma, orders the menu's
 * categories, and sees the public menu follow: on a phone and on a desktop, with and
 * without JavaScript. A name with accents gets a readable address.
 */
import type { Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import {
  axe,
  createSiteDirectly,
  expect,
  openEditorTab,
  openItemsMore,
  signUpOwner,
  test,
  toast,
} from "./fixtures";

const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
];

async function addItem(page: Page, name: string, price: string, category: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Price").fill(price);
  await page.getByLabel("Category").fill(category);
  await page.getByRole("button", { name: "Add item" }).click();
  // A toast with JavaScript, the form's own message without.
  await expect(page.getByText("Item added.").last()).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
}

/** The public menu's section headings and its Menu list, in page order. */
async function publicOrder(page: Page) {
  const sections = await page.locator(".menu-section h2").allTextContents();
  // The Menu list is in a closed dropdown: read its links whether shown or not.
  const menuList = await page
    .locator('.menu-dropdown ul[aria-label="Categories"] a')
    .allTextContents();
  return { sections, menuList };
}

async function expectTouchTarget(control: Locator) {
  const box = (await control.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

async function seriousAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("an owner prices in euros with a decimal comma and orders the categories", async ({
      page,
    }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Café Rosé");

      // A readable address from the accented name.
      const publicHref = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
      expect(publicHref).toMatch(/^\/r\/cafe-rose-[A-Za-z0-9]{20}$/);

      // Info: the currency, saved with the form and kept.
      await openEditorTab(page, "Info");
      const currency = page.getByLabel("Currency");
      await expect(currency).toHaveValue("USD");
      await currency.selectOption({ label: "Euro (EUR)" });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Currency")).toHaveValue("EUR");

      // Items in three categories; the first price typed with a decimal comma.
      await openEditorTab(page, "Add Item");
      await expect(page.getByText("In EUR, like 12.50 or 12,50.")).toBeVisible();
      await addItem(page, "Tomato Soup", "1,50", "Starters");
      await addItem(page, "Fish Pie", "14", "Mains");
      await addItem(page, "Apple Cake", "5,5", "Desserts");

      await openEditorTab(page, "Menu Items");
      const soup = page.getByRole("listitem").filter({ hasText: "Tomato Soup" });
      await expect(soup).toContainText("€1.50");
      await expect(page.getByLabel("Price of Tomato Soup")).toHaveValue("1.50");
      await expect(page.getByRole("listitem").filter({ hasText: "Apple Cake" })).toContainText(
        "€5.50",
      );

      // The public page: euros, and the categories in the order they were added.
      await page.goto(publicHref!);
      await expect(page.locator(".menu-item").filter({ hasText: "Tomato Soup" })).toContainText(
        "€1.50",
      );
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent())!,
      ) as { hasMenu: { hasMenuSection: Array<{ hasMenuItem: Array<{ offers: unknown }> }> } };
      expect(ld.hasMenu.hasMenuSection[0]!.hasMenuItem[0]!.offers).toMatchObject({
        price: "1.50",
        priceCurrency: "EUR",
      });
      expect(await publicOrder(page)).toEqual({
        sections: ["Starters", "Mains", "Desserts"],
        menuList: ["Starters", "Mains", "Desserts"],
      });

      // Category order: Desserts moved above Starters, focus staying on the moved control.
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Café Rosé" })).toBeVisible();
      await openItemsMore(page);
      const summary = page.locator(".category-order > summary");
      await expectTouchTarget(summary);
      await summary.click();
      const up = page.getByRole("button", { name: "Move Desserts up" });
      await expectTouchTarget(up);
      await expectTouchTarget(page.getByRole("button", { name: "Move Desserts down" }));
      await expect(page.getByRole("button", { name: "Move Starters up" })).toBeDisabled();
      await up.click();
      const names = page.locator(".category-order-name");
      await expect(names).toHaveText(["Starters", "Desserts", "Mains"]);
      await expect(up).toBeFocused();
      // Then from the keyboard: to the top, where focus moves to its other button.
      await page.keyboard.press("Enter");
      await expect(names).toHaveText(["Desserts", "Starters", "Mains"]);
      await expect(page.getByRole("button", { name: "Move Desserts down" })).toBeFocused();
      await expect(up).toBeDisabled();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Kept after a reload, and the editor's category sort follows it.
      await page.reload();
      await expect(page.locator(".category-order-summary")).toHaveText("Desserts, Starters, Mains");
      await page.getByLabel("Sort by").selectOption("category-asc");
      await expect(page.locator(".item-list .item-name")).toHaveText([
        "Apple Cake",
        "Tomato Soup",
        "Fish Pie",
      ]);

      // The public page follows, in its sections and its Menu list.
      await page.goto(publicHref!);
      expect(await publicOrder(page)).toEqual({
        sections: ["Desserts", "Starters", "Mains"],
        menuList: ["Desserts", "Starters", "Mains"],
      });
      await page.locator(".menu-dropdown summary").click();
      await expect(
        page.getByRole("list", { name: "Categories" }).getByRole("link").first(),
      ).toHaveText("Desserts");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

  test("the category order moves with plain form posts, keeping focus on the moved category", async ({
    page,
  }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "restaurant", "Harbor & Pine");
    const publicHref = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
    expect(publicHref).toMatch(/^\/r\/harbor-pine-[A-Za-z0-9]{20}$/);

    await page.getByRole("link", { name: "Add Item", exact: true }).click();
    await addItem(page, "Soup", "4", "Starters");
    await addItem(page, "Tart", "6", "Desserts");

    await page.getByRole("link", { name: "Menu Items", exact: true }).click();
    await openItemsMore(page);
    await page.locator(".category-order > summary").click();
    await page.getByRole("button", { name: "Move Desserts up" }).click();
    // The page that comes back has the list open, in the new order, with focus kept.
    await expect(page.locator(".category-order-name")).toHaveText(["Desserts", "Starters"]);
    await expect(page.getByRole("button", { name: "Move Desserts down" })).toBeFocused();

    await page.goto(publicHref!);
    expect(await publicOrder(page)).toEqual({
      sections: ["Desserts", "Starters"],
      menuList: ["Desserts", "Starters"],
    });
  });
});
