/**
 * Allergens and diets from the editor to the public menu (icons, legend, the filter with and
 * without JavaScript), and the items' CSV round trip and refusal, at a phone's and a laptop's
 * width, with axe on every page changed.
 */
import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import Papa from "papaparse";
import {
  chooseItemAction,
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  openItemsMore,
  SCREENS,
  signUpOwner,
  test,
  toastsGone,
} from "./fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.DIETARY_SCREENSHOTS;

let editorUrl = "";
let publicPath = "";

async function signedInOwner(page: Page) {
  await signUpOwner(page);
  editorUrl = await createSiteDirectly(page, "restaurant", "Leaf & Ladle");
}

async function addDish(
  page: Page,
  dish: { name: string; price: string; category: string; allergens?: string[]; diets?: string[] },
) {
  await page.getByLabel("Name").fill(dish.name);
  await page.getByLabel("Price").fill(dish.price);
  await page.getByLabel("Category").fill(dish.category);
  const disclosure = page.locator(".dietary-fields");
  if (!(await disclosure.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await disclosure.locator("summary").click();
  }
  const contains = page.getByRole("group", { name: "Contains (allergens)" });
  for (const allergen of dish.allergens ?? []) {
    await contains.getByRole("checkbox", { name: allergen, exact: true }).check();
  }
  const suits = page.getByRole("group", { name: "Suitable for" });
  for (const diet of dish.diets ?? []) {
    await suits.getByRole("checkbox", { name: diet, exact: true }).check();
  }
  const used = page.getByText(/^\d+ of 50 items used\.$/);
  const before = Number((await used.textContent())!.split(" ")[0]);
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(used).toHaveText(`${before + 1} of 50 items used.`);
}

const dish = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test("allergens chosen in Add Item and Edit show on the public menu with a legend", async ({
  page,
}) => {
  await signedInOwner(page);
  await openEditorTab(page, "Add Item");
  // The groups are folded on a phone until opened; both are fieldsets with legends.
  await expect(page.locator(".dietary-fields")).not.toHaveAttribute("open");
  await addDish(page, {
    name: "Nut roast",
    price: "14",
    category: "Mains",
    allergens: ["Tree nuts", "Celery"],
    diets: ["Vegetarian"],
  });
  await addDish(page, {
    name: "Garden salad",
    price: "9",
    category: "Mains",
    allergens: ["Mustard"],
    diets: ["Vegan", "Vegetarian"],
  });
  await addDish(page, { name: "Steak frites", price: "22", category: "Mains" });
  await addDish(page, {
    name: "Chili bowl",
    price: "11",
    category: "Bowls",
    diets: ["Spicy"],
    allergens: ["Soybeans"],
  });

  await toastsGone(page);
  if (SHOTS) {
    await page.locator(".dietary-fields summary").click();
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/add-item-${name}.png`, fullPage: true });
    }
  }
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeIssue(page, `Add Item ${name}`);
  }

  // Edit: the stored choice is ticked; add mustard to the steak.
  await openEditorTab(page, "Menu Items");
  await expect(page.getByText("Contains: Celery, Tree nuts · Vegetarian")).toBeVisible();
  await chooseItemAction(page, "Steak frites", "Edit");
  const dialog = page.getByRole("dialog", { name: "Edit Steak frites" });
  await dialog.locator(".dietary-fields summary").click();
  await expect(dialog.getByRole("group", { name: "Suitable for" })).toBeVisible();
  await dialog.getByRole("group", { name: "Contains (allergens)" }).getByLabel("Mustard").check();
  if (SHOTS) {
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/edit-${name}.png` });
    }
  }
  await expectNoSeriousAxeIssue(page, "Edit dialog");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(".dietary-summary", { hasText: /^Contains: Mustard$/ })).toBeVisible();

  await page.goto(editorUrl);
  publicPath = (await page.getByRole("link", { name: "View Public" }).getAttribute("href"))!;
  await page.goto(publicPath);
  await expect(
    dish(page, "Nut roast").getByText("Contains celery and tree nuts. Vegetarian."),
  ).toBeAttached();
  await expect(dish(page, "Steak frites").getByText("Contains mustard.")).toBeAttached();
  await expect(dish(page, "Nut roast").locator(".di")).toHaveText(["Ce", "Nu", "V"]);
  const legend = page.getByRole("list", { name: "Key" });
  await expect(legend.getByRole("listitem")).toHaveText([
    "Ce Contains celery",
    "Mu Contains mustard",
    "Nu Contains tree nuts",
    "So Contains soybeans",
    "V Vegetarian",
    "VG Vegan",
    "Hot Spicy",
  ]);
  await expect(legend).not.toContainText("milk");
});

test("the filter applies at once with JavaScript, without a navigation", async ({ page }) => {
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(publicPath);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByText("Filter by diet or allergen").click();
    // With JavaScript the boxes apply themselves: no Show dishes button.
    await expect(page.getByRole("button", { name: "Show dishes" })).toBeHidden();
    await page.getByLabel("No tree nuts").check();
    await expect(dish(page, "Nut roast")).toBeHidden();
    await expect(page.getByText("Showing 3 of 4 dishes.")).toBeVisible();
    await page.getByLabel("Vegetarian").check();
    await expect(page.getByText("Showing 1 of 4 dishes.")).toBeVisible();
    await expect(dish(page, "Garden salad")).toBeVisible();
    await expect(dish(page, "Steak frites")).toBeHidden();
    // A category left with no dish goes too.
    await expect(page.getByRole("heading", { level: 2, name: "Bowls" })).toBeHidden();
    await expect(page).toHaveURL(/\?diet=vegetarian&avoid=tree-nuts$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/menu-filtered-${name}.png`, fullPage: true });
    await expectNoSeriousAxeIssue(page, `menu filtered ${name}`);

    // Nothing matches: said so, with a way back to every dish.
    await page.getByLabel("No mustard").check();
    await expect(page.getByText("No dish matches this filter.")).toBeVisible();
    await expect(page.getByText(/^Showing/)).toBeHidden();
    await page.getByRole("link", { name: "Show all dishes" }).click();
    await expect(dish(page, "Nut roast")).toBeVisible();
    await expect(page.getByText("No dish matches this filter.")).toBeHidden();
    await expect(page.getByLabel("No tree nuts")).not.toBeChecked();
    await expect(page).toHaveURL(new RegExp(`${publicPath}$`));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  }
});

test("the filter works without JavaScript: a GET form, with a clear no-match message", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(publicPath);
    await page.getByText("Filter by diet or allergen").click();
    await page.getByLabel("No tree nuts").check();
    await page.getByLabel("Vegetarian").check();
    await page.getByRole("button", { name: "Show dishes" }).click();
    await expect(page).toHaveURL(/\?diet=vegetarian&avoid=tree-nuts$/);
    await expect(page.getByText("Showing 1 of 4 dishes.")).toBeVisible();
    await expect(dish(page, "Nut roast")).toBeHidden();
    await expect(dish(page, "Garden salad")).toBeVisible();
    // The form shows what was asked, open.
    await expect(page.getByLabel("No tree nuts")).toBeChecked();

    await page.getByLabel("No mustard").check();
    await page.getByRole("button", { name: "Show dishes" }).click();
    await expect(page).toHaveURL(/\?diet=vegetarian&avoid=mustard&avoid=tree-nuts$/);
    await expect(page.getByText("No dish matches this filter.")).toBeVisible();
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/menu-no-match-nojs-${name}.png`, fullPage: true });
    // axe needs JavaScript; the same page is checked with it in the last test.
    await page.getByRole("link", { name: "Show all dishes" }).click();
    await expect(page).toHaveURL(new RegExp(`${publicPath}$`));
    await expect(dish(page, "Nut roast")).toBeVisible();
  }
  await context.close();
});

test("CSV: export, edit the file, import: the same items with the edit applied", async ({
  page,
}) => {
  await signedInOwner(page);
  await openEditorTab(page, "Add Item");
  await addDish(page, {
    name: "Tomato soup",
    price: "6.5",
    category: "Starters",
    allergens: ["Celery"],
  });
  await addDish(page, {
    name: "Tiramisu",
    price: "7",
    category: "Desserts",
    allergens: ["Eggs", "Milk"],
  });
  await openEditorTab(page, "Menu Items");
  await openItemsMore(page);
  await page.getByText("Import or export items (CSV)").click();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export 2 items" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("leaf-ladle-items.csv");
  const exported = await readFile(await download.path(), "utf8");
  expect(
    exported.startsWith(
      "\uFEFFid,name,price,category,description,popular,allergens,diets,options\r\n",
    ),
  ).toBe(true);
  expect(exported).toContain(",Tiramisu,7.00,Desserts,,no,eggs;milk,");

  const edited =
    exported
      .replace(",Tiramisu,7.00,", ",Tiramisu,7.50,")
      .replace(",eggs;milk,", ",eggs;milk,vegetarian") +
    ',"Bread, sourdough",3,Starters,"Baked today,\nwith butter",yes,Cereals containing gluten;milk,vegetarian\r\n';
  await page.getByLabel("CSV file to import").setInputFiles({
    name: "menu.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(edited, "utf8"),
  });
  await page.getByRole("button", { name: "Preview import" }).click();
  await toastsGone(page);
  const preview = page.getByRole("region", { name: /^Preview: 3 rows/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("heading")).toHaveText("Preview: 3 rows (1 to add, 2 to update)");
  await expect(preview.getByRole("row")).toHaveCount(4);
  if (SHOTS) {
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/import-preview-${name}.png`, fullPage: true });
    }
  }
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeIssue(page, `import preview ${name}`);
  }
  if (SHOTS) await writeFile(`${SHOTS}/import-preview.html`, await page.content());
  await preview.getByRole("button", { name: "Import 3 items" }).click();
  await expect(page.getByText("Imported 3 items: 1 added, 2 updated.")).toBeVisible();
  const list = page.locator(".editor-panel");
  await expect(list.getByRole("heading", { name: "Bread, sourdough" })).toBeVisible();
  await expect(list.getByText("Contains: Eggs, Milk · Vegetarian")).toBeVisible();

  // Exported again: the same items, the edit applied, nothing else changed.
  const again = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export 3 items" }).click();
  const second = await readFile(await (await again).path(), "utf8");
  const records = Papa.parse<string[]>(second.replace(/^\uFEFF/, "").trim()).data;
  expect(records).toHaveLength(4);
  for (const line of exported.trim().split("\r\n").slice(1)) {
    const id = line.split(",")[0]!;
    expect(second).toContain(`${id},`);
  }
  expect(second).toContain(",Tiramisu,7.50,Desserts,,no,eggs;milk,vegetarian");
  expect(second).toContain(",Tomato soup,6.50,Starters,,no,celery,");
  const bread = records.find((record) => record[1] === "Bread, sourdough")!;
  // A line break inside a cell comes back as the browser posts it (CRLF), as from a textarea.
  expect(bread.slice(2)).toEqual([
    "3.00",
    "Starters",
    "Baked today,\r\nwith butter",
    "yes",
    "gluten;milk",
    "vegetarian",
    // No options.
    "",
  ]);
});

test("CSV: a file with bad rows is refused, showing the row numbers, and nothing changes", async ({
  page,
}) => {
  await signedInOwner(page);
  await openEditorTab(page, "Menu Items");
  await openItemsMore(page);
  await page.getByText("Import or export items (CSV)").click();
  const bad = ["name,price,allergens", "Soup,5,", "Pie,,", ",4,", "Cake,3,peanut butter"].join(
    "\n",
  );
  await page.getByLabel("CSV file to import").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(bad),
  });
  await page.getByRole("button", { name: "Preview import" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "rows have problems" });
  await expect(alert).toContainText(
    "3 rows have problems; nothing will be imported until they are fixed.",
  );
  await expect(alert.getByRole("listitem")).toHaveText([
    "Row 3: Price is required.",
    "Row 4: Name is required.",
    /^Row 5: allergens: Unknown allergen: peanut butter\./,
  ]);
  await expect(page.getByRole("button", { name: /^Import \d/ })).toHaveCount(0);
  if (SHOTS) {
    for (const [name, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/import-refused-${name}.png`, fullPage: true });
    }
  }
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeIssue(page, `import refused ${name}`);
  }
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(
    page
      .getByText("No menu items yet.")
      .or(page.getByText(/Add your first dish/))
      .first(),
  ).toBeVisible();
});

test("the public menu with icons, legend and filter passes axe at both widths", async ({
  page,
}) => {
  for (const [name, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(publicPath);
    await page.getByText("Filter by diet or allergen").click();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/menu-${name}.png`, fullPage: true });
      await writeFile(`${SHOTS}/menu.html`, await (await page.request.get(publicPath)).text());
    }
    await expectNoSeriousAxeIssue(page, `public menu ${name}`);
    await page.goto(`${publicPath}?diet=vegan&avoid=mustard`);
    await expect(page.getByText("No dish matches this filter.")).toBeVisible();
    await expectNoSeriousAxeIssue(page, `public menu, nothing matches, ${name}`);
  }
});
