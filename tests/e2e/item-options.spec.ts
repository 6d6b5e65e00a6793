/**
 * Sizes and choice groups in the editor, at a phone's and a laptop's width: a pizza with
 * Small and Large and an Extras group, each size's price shown as it is typed, a size edited
 * and a group removed in Edit, a refused price shown at its field; and a shop's T-shirt with a
 * sold-out size. Every screen passes axe. On the public menu, a long size name wraps on a
 * phone rather than make the page wider than it.
 */
import type { FrameLocator, Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import { optionsFromCell } from "../../app/lib/item-options-csv";
import {
  chooseItemAction,
  createMenuSite,
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  SCREENS,
  signUpOwner,
  test,
  toast,
  toastsGone,
} from "./fixtures";

/** A dish's sizes with their prices, as the public menu lists them. */
function dishSizes(root: Page | FrameLocator, dish: string) {
  return root
    .getByRole("article", { name: dish })
    .getByRole("list", { name: "Size" })
    .getByRole("listitem");
}

/** The options of the form in view (Add Item, or the open Edit dialog). */
function options(page: Page) {
  return page.getByRole("group", { name: "Options" });
}

async function addedToList(page: Page, name: string) {
  await openEditorTab(page, page.url().includes("/shoppy/") ? "Items" : "Menu Items");
  return page.locator(".item-list > li").filter({ has: page.getByRole("heading", { name }) });
}

for (const [device, viewport] of SCREENS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a pizza with sizes and extras: added, priced, edited and a group removed", async ({
      page,
    }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Slice Shop");
      await openEditorTab(page, "Add Item");
      await page.getByLabel("Name", { exact: true }).fill("Margherita");
      await page.getByLabel("Price", { exact: true }).fill("8");

      const form = options(page);
      await form.getByRole("button", { name: "Add sizes" }).click();
      // Focus lands on the first size, ready to type.
      await expect(form.getByLabel("Choice 1 of Size")).toBeFocused();
      await form.getByLabel("Price change of Large").fill("+3");
      await expect(form.getByText("Costs $8.00")).toBeVisible();
      await expect(form.getByText("Costs $11.00")).toBeVisible();
      // The base price moves every size's price.
      await page.getByLabel("Price", { exact: true }).fill("9");
      await expect(form.getByText("Costs $12.00")).toBeVisible();
      await expect(form.getByRole("button", { name: "Add sizes" })).toHaveCount(0);

      await form.getByRole("button", { name: "Add a choice group" }).click();
      await form.getByLabel("Group name").nth(1).fill("Extras");
      await form.getByLabel("Choice 1 of Extras").fill("Bacon");
      await form.getByLabel("Price change of Bacon").fill("+2");
      await form.getByRole("button", { name: "Add a choice to Extras" }).click();
      await expect(form.getByLabel("Choice 2 of Extras")).toBeFocused();
      await form.getByLabel("Choice 2 of Extras").fill("Cheese");
      await form.getByLabel("Price change of Cheese").fill("1");
      await form.getByLabel("Customers pick").nth(1).selectOption({ label: "Optional, up to 2" });
      // Cheese before Bacon, from the keyboard.
      await form.getByRole("button", { name: "Move Cheese up" }).focus();
      await page.keyboard.press("Enter");
      await expect(form.getByLabel("Choice 1 of Extras")).toHaveValue("Cheese");
      await expectNoSeriousAxeIssue(page, "Add Item with options");

      await page.getByRole("button", { name: "Add item" }).click();
      await expect(toast(page, "Item added.")).toBeVisible();
      const row = await addedToList(page, "Margherita");
      await expect(row.getByText("2 sizes · 1 group")).toBeVisible();
      // The preview beside the form (a laptop's) and the public page show the sizes' prices.
      if (device === "desktop") {
        const preview = page.frameLocator('iframe[title="Preview of your public page"]');
        await expect(dishSizes(preview, "Margherita")).toHaveText([
          /Small\s\$9\.00/,
          /Large\s\$12\.00/,
        ]);
      }
      const publicHref = (await page
        .getByRole("link", { name: "View Public" })
        .getAttribute("href"))!;
      const visitor = await page.context().newPage();
      await visitor.goto(publicHref);
      await expect(dishSizes(visitor, "Margherita")).toHaveText([
        /Small\s\$9\.00/,
        /Large\s\$12\.00/,
      ]);
      await expect(
        visitor.getByText(/Extras:\sCheese\s\+\$1\.00,\sBacon\s\+\$2\.00/),
      ).toBeVisible();

      // Edit: Large becomes Family at +6.50; a size may not cost less than nothing.
      await chooseItemAction(page, "Margherita", "Edit");
      const dialog = page.getByRole("dialog");
      const edit = options(dialog.page());
      await expect(edit.getByLabel("Choice 2 of Size")).toHaveValue("Large");
      await edit.getByLabel("Choice 2 of Size").fill("Family");
      await edit.getByLabel("Price change of Family").fill("-10");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog.getByText(MESSAGES.optionPriceBelowZero)).toBeVisible();
      await edit.getByLabel("Price change of Family").fill("+6.50");
      await expect(edit.getByText("Costs $15.50")).toBeVisible();
      await edit.getByRole("button", { name: "Remove group Extras" }).click();
      await toastsGone(page);
      await expectNoSeriousAxeIssue(page, "Edit with options");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText("2 sizes", { exact: true })).toBeVisible();

      await visitor.reload();
      await expect(dishSizes(visitor, "Margherita")).toHaveText([
        /Small\s\$9\.00/,
        /Family\s\$15\.50/,
      ]);
      await expect(visitor.getByText(/Extras:/)).toHaveCount(0);
      await expectNoSeriousAxeIssue(visitor, "public menu with sizes");
      await visitor.close();

      // Reopened, the dialog starts from what was stored.
      await chooseItemAction(page, "Margherita", "Edit");
      await expect(options(page).getByLabel("Choice 2 of Size")).toHaveValue("Family");
      await expect(options(page).getByLabel("Price change of Family")).toHaveValue("+6.50");
      await expect(options(page).getByLabel("Group name")).toHaveCount(1);
    });

    test("a shop's T-shirt with a sold-out size", async ({ page }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "shoppy", "Tee Corner");
      await openEditorTab(page, "Add Item");
      await page.getByLabel("Name", { exact: true }).fill("T-shirt");
      await page.getByLabel("Price", { exact: true }).fill("20");
      const form = options(page);
      await form.getByRole("button", { name: "Add sizes" }).click();
      await form.getByLabel("Choice 1 of Size").fill("S");
      await form.getByLabel("Choice 2 of Size").fill("M");
      await form.getByRole("button", { name: "Add a choice to Size" }).click();
      await form.getByLabel("Choice 3 of Size").fill("L");
      await form.getByRole("checkbox", { name: "Sold out" }).nth(2).check();
      await page.getByRole("button", { name: "Add item" }).click();
      await expect(toast(page, "Item added.")).toBeVisible();
      const row = await addedToList(page, "T-shirt");
      await expect(row.getByText("3 sizes")).toBeVisible();
      await toastsGone(page);
      await chooseItemAction(page, "T-shirt", "Edit");
      await expect(options(page).getByRole("checkbox", { name: "Sold out" }).nth(2)).toBeChecked();
      await expect(
        options(page).getByRole("checkbox", { name: "Sold out" }).nth(0),
      ).not.toBeChecked();
      await expectNoSeriousAxeIssue(page, "shop Edit with sizes");
    });
  });
}

test.describe("on a phone's public menu", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a long size name wraps within its dish, its price beside its last word", async ({
    page,
  }) => {
    const sizes =
      "Size: Regular=0 | Large with extra toppings of the house=+4.50 | " +
      "Familienpartyriesenpizzaportionsteller=+9";
    const path = await createMenuSite(page, "Long Sizes", [
      {
        name: "House pizza",
        priceCents: 2813,
        category: "Pizza",
        options: optionsFromCell(sizes),
      },
    ]);
    await page.goto(path);
    const dish = page.getByRole("article", { name: "House pizza" });
    await expect(dishSizes(page, "House pizza")).toHaveText([
      /^Regular\s\$28\.13$/,
      /^Large with extra toppings of the house\s\$32\.63$/,
      // One word wider than the dish is broken rather than widen the page.
      /^Familienpartyriesenpizzaportionsteller\s\$37\.13$/,
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    const body = (await dish.locator(".menu-item-body").boundingBox())!;
    const large = dishSizes(page, "House pizza").nth(1);
    const line = (await large.boundingBox())!;
    expect(line.x + line.width).toBeLessThanOrEqual(body.x + body.width + 0.5);
    // Wrapped, the price stays on the line of the name's last word.
    const lastWord = await large.evaluate((item) => {
      const text = item.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.lastIndexOf("house"));
      range.setEnd(text, text.textContent!.length);
      return range.getBoundingClientRect().top;
    });
    const price = (await large.locator("b").boundingBox())!;
    expect(line.height).toBeGreaterThan(price.height * 1.5);
    expect(Math.abs(price.y - lastWord)).toBeLessThan(price.height / 2);
    await dish.screenshot({ path: test.info().outputPath("long-size-360.png") });
  });
});
