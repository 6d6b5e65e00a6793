import sharp from "sharp";
import { MAX_ITEMS_PER_PRODUCT } from "../../app/lib/limits";
import { MESSAGES } from "../../app/lib/messages";
import type { Page } from "@playwright/test";
import {
  axe,
  chooseItemAction,
  createSiteDirectly,
  DEMO,
  expect,
  expectNoAxeIssue,
  layoutShiftSoFar,
  openEditorTab,
  signIn,
  signUpOwner,
  test,
  toast,
} from "./fixtures";

const HOSTILE_NAME = "<img src=x onerror=alert(1)></script>";

async function dishPhoto(color: string) {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** The item names in the order the Menu Items tab shows them. */
function itemNames(page: Page) {
  return page.locator(".item-list .item-name");
}

test("an owner builds a menu: info, items with and without photos, star, price, search and sort", async ({
  page,
}) => {
  page.on("dialog", () => {
    throw new Error("a script from an item name ran");
  });
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Harbour Bistro");
  // The empty tab says what to do next, and leads there.
  await expect(page.getByText(MESSAGES.noMenuItems)).toBeVisible();
  await expect(page.getByText(/Add your first dish: a name and a price are enough/)).toBeVisible();
  await page.getByRole("link", { name: "Add your first item" }).click();
  await expect(page.getByRole("heading", { name: "Add an item" })).toBeVisible();

  // Info: contact, hours with a Closed day, colors (one invalid), saved and kept.
  await openEditorTab(page, "Info");
  await expect(page).toHaveURL(/\?tab=info$/);
  await page.getByLabel("Restaurant name").fill("Harbour Bistro & Bar");
  await page.getByLabel("Phone").fill("+1 555 0199");
  await page.getByLabel("Email").fill("hello@harbour.example");
  await page.getByLabel("Address").fill("1 Quay Road, Portsmouth");
  await page.getByLabel("Monday opens").selectOption("9:00 AM");
  await page.getByLabel("Monday closes").selectOption("5:30 PM");
  await page.getByLabel("Sunday opens").selectOption("Closed");
  await expect(page.getByLabel("Sunday closes")).toHaveValue("Closed");
  await page.getByLabel("Primary", { exact: true }).fill("#0b1f3a");
  await page.getByLabel("Text", { exact: true }).fill("#fafafa");
  await page.getByLabel("Secondary", { exact: true }).fill("nope");
  await expect(page.getByText(MESSAGES.colorFellBack)).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Restaurant name")).toHaveValue("Harbour Bistro & Bar");
  await expect(page.getByLabel("Monday closes")).toHaveValue("5:30 PM");
  await expect(page.getByLabel("Sunday opens")).toHaveValue("Closed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harbour Bistro & Bar");

  // Add Item: the spec's messages first, then items in two categories.
  await openEditorTab(page, "Add Item");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.priceRequired)).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();

  const addItem = async (fields: {
    name: string;
    price: string;
    category: string;
    description?: string;
    star?: boolean;
    photo?: Buffer;
  }) => {
    await page.getByLabel("Name").fill(fields.name);
    await page.getByLabel("Price").fill(fields.price);
    await page.getByLabel("Category").fill(fields.category);
    await page.getByLabel("Description").fill(fields.description ?? "");
    await page.getByLabel("Star (shown as Popular)").setChecked(fields.star ?? false);
    if (fields.photo) {
      await page
        .getByLabel("Photo (optional)")
        .setInputFiles({ name: "dish.jpg", mimeType: "image/jpeg", buffer: fields.photo });
    }
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(toast(page, "Item added.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add item" })).toBeEnabled();
    await expect(page.getByLabel("Name")).toHaveValue("");
  };
  await addItem({
    name: "Tomato Soup",
    price: "6",
    category: "Starters",
    description: "Roasted tomatoes and basil.",
    photo: await dishPhoto("#cc3311"),
  });
  await addItem({ name: "Fish Pie", price: "$14.499", category: "Mains", star: true });
  await addItem({ name: "Crème Brûlée", price: "7.5", category: "Desserts" });
  await addItem({ name: HOSTILE_NAME, price: "1", category: "Mains" });
  // Existing categories are offered as suggestions.
  await expect(page.locator("datalist option")).toHaveCount(3);

  // Menu Items: all four, by name; the photo arrived compressed.
  await openEditorTab(page, "Menu Items");
  await expect(page.locator(".item-list > li")).toHaveCount(4);
  await expect(itemNames(page)).toHaveText([
    HOSTILE_NAME,
    "Crème Brûlée",
    "Fish Pie",
    "Tomato Soup",
  ]);
  const soup = page.getByRole("listitem").filter({ hasText: "Tomato Soup" });
  // The list shows a 144 px thumbnail, lighter still than the stored photo.
  const thumbnail = soup.locator("img.item-thumb");
  await expect(thumbnail).toHaveAttribute("src", /\/items\/[A-Za-z0-9]{20}\/image-144\?v=/);
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(144);
  const thumbnailUrl = (await thumbnail.getAttribute("src"))!;
  const listed = await page.request.get(thumbnailUrl);
  const stored = await page.request.get(thumbnailUrl.replace("/image-144?", "/image?"));
  expect((await stored.body()).length).toBeLessThanOrEqual(12288);
  expect((await listed.body()).length).toBeLessThan((await stored.body()).length);
  await expect(page.getByRole("listitem").filter({ hasText: "Fish Pie" })).toContainText("$14.50");

  // Star one, edit a price inline.
  const starSoup = page.getByRole("button", { name: "Star Tomato Soup" });
  await expect(starSoup).toHaveAttribute("aria-pressed", "false");
  await starSoup.click();
  await expect(starSoup).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Price of Fish Pie").fill("15.25");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Fish Pie" })
    .getByRole("button", { name: "Save price" })
    .click();
  await expect(page.getByRole("listitem").filter({ hasText: "Fish Pie" })).toContainText("$15.25");

  // Search: name, category, description; case and accents ignored; kept in the URL.
  const search = page.getByLabel("Search items");
  await search.fill("CREME");
  await expect(itemNames(page)).toHaveText(["Crème Brûlée"]);
  await search.fill("mains");
  await expect(itemNames(page)).toHaveText([HOSTILE_NAME, "Fish Pie"]);
  await search.fill("basil");
  await expect(itemNames(page)).toHaveText(["Tomato Soup"]);
  await search.fill("pizza");
  await expect(page.getByText(MESSAGES.noItemsMatch)).toBeVisible();
  await search.fill("");

  // Sort by price, both ways, and by category.
  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(itemNames(page)).toHaveText([
    "Fish Pie",
    "Crème Brûlée",
    "Tomato Soup",
    HOSTILE_NAME,
  ]);
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(itemNames(page)).toHaveText([
    HOSTILE_NAME,
    "Tomato Soup",
    "Crème Brûlée",
    "Fish Pie",
  ]);
  // By category in the menu's order: the categories as they were added, new ones last.
  await page.getByLabel("Sort by").selectOption("category-asc");
  await expect(itemNames(page)).toHaveText([
    "Tomato Soup",
    HOSTILE_NAME,
    "Fish Pie",
    "Crème Brûlée",
  ]);
  await page.reload();
  await expect(page.getByLabel("Sort by")).toHaveValue("category-asc");
  await expect(page.getByRole("button", { name: "Star Tomato Soup" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The hostile name is text, not markup.
  await expect(page.getByRole("heading", { name: HOSTILE_NAME })).toBeVisible();
  expect(await page.locator("img[src='x']").count()).toBe(0);

  // Refresh reloads the list.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  expect(editor).toContain("/user/restaurant/setup/");

  // The public page shows what the owner made.
  const publicPath = (await page.getByRole("link", { name: "View Public" }).getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/r\/harbour-bistro-bar-[A-Za-z0-9]{20}$/);
  await page.goto(publicPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harbour Bistro & Bar");
  const sections = page.locator(".menu-section");
  await expect(sections.locator("h2")).toHaveText(["Starters", "Mains", "Desserts"]);
  await expect(sections.nth(1).locator("h3")).toHaveText([HOSTILE_NAME, "Fish Pie"]);
  const popular = page.locator(".menu-item", { has: page.locator(".menu-badge.popular") });
  await expect(popular.locator("h3")).toHaveText(["Tomato Soup", "Fish Pie"]);
  await expect(
    page.locator(".menu-item", { hasText: "Fish Pie" }).locator(".menu-item-price"),
  ).toHaveText("$15.25");
  await expect(page.getByRole("row", { name: /Monday/ })).toContainText("9:00 AM – 5:30 PM");
  await expect(page.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
  await expect(page.locator(".menu-page")).toHaveCSS("background-color", "rgb(11, 31, 58)");
  await expect(page.locator(".menu-page")).toHaveCSS("color", "rgb(250, 250, 250)");
  // The invalid secondary color fell back to the default grey.
  await expect(page.locator(".site-hero")).toHaveCSS("background-color", "rgb(107, 107, 107)");
  await expect(
    page.locator(".menu-item", { hasText: "Tomato Soup" }).locator("img"),
  ).toHaveAttribute("loading", "lazy");

  // The hostile name is text on the page and stays inside the JSON-LD.
  await expect(page.getByRole("heading", { name: HOSTILE_NAME })).toBeVisible();
  expect(await page.locator("img[src='x']").count()).toBe(0);
  const html = await (await page.request.get(publicPath)).text();
  const jsonLdSource = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
  expect(jsonLdSource).not.toContain("</script>");
  expect(jsonLdSource).not.toContain("<img");
  expect(JSON.stringify(JSON.parse(jsonLdSource))).toContain(JSON.stringify(HOSTILE_NAME));

  // And it works with JavaScript turned off.
  const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(new URL(publicPath, page.url()).href);
  await plain.locator(".menu-dropdown summary").click();
  await plain
    .getByRole("list", { name: "Categories" })
    .getByRole("link", { name: "Starters" })
    .click();
  await expect(plain).toHaveURL(/#section-starters$/);
  const soupDetails = plain.locator(".menu-item", { hasText: "Tomato Soup" }).locator("details");
  await soupDetails.locator("summary").click();
  await expect(soupDetails).toHaveAttribute("open", "");
  await expect(plain.getByText("Roasted tomatoes and basil.")).toBeVisible();
  // Besides the JSON-LD, only the Menu's small script, which does not run here.
  await expect(plain.locator("script:not([type='application/ld+json'])")).toHaveCount(1);
  await noScript.close();
});

test("the edit, image and delete modals: keyboard, messages and focus", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Modal Kitchen");
  await openEditorTab(page, "Add Item");
  await page.getByLabel("Name").fill("Green Salad");
  await page.getByLabel("Price").fill("8");
  await page.getByLabel("Category").fill("Starters");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Item added.")).toBeVisible();
  await openEditorTab(page, "Menu Items");

  // Edit, from the row's actions menu: Escape closes and gives focus back to the
  // menu's button; a save changes the item.
  const actions = page.getByRole("button", { name: "Actions for Green Salad" });
  await chooseItemAction(page, "Green Salad", "Edit");
  const dialog = page.getByRole("dialog", { name: "Edit Green Salad" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  // The keyboard's way: the menu opens on Enter and its entries take the arrows.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await dialog.getByLabel("Name").fill("");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText(MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByLabel("Name").fill("Garden Salad");
  await dialog.getByLabel("Price").fill("9.10");
  await dialog.getByLabel("Category").fill("Salads");
  await dialog.getByLabel("Description").fill("Leaves from the garden.");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("listitem").filter({ hasText: "Garden Salad" });
  await expect(row).toContainText("$9.10");
  await expect(row).toContainText("Salads");
  await expect(row).toContainText("Leaves from the garden.");

  // Image: nothing chosen, then not an image, then a photo.
  await chooseItemAction(page, "Garden Salad", "Add image");
  const imageDialog = page.getByRole("dialog", { name: "Image of Garden Salad" });
  await imageDialog.getByRole("button", { name: "Upload" }).click();
  await expect(imageDialog.getByRole("alert")).toHaveText(MESSAGES.chooseImage);
  await imageDialog
    .getByLabel("New image")
    .setInputFiles({ name: "menu.txt", mimeType: "text/plain", buffer: Buffer.from("soup") });
  await imageDialog.getByRole("button", { name: "Upload" }).click();
  await expect(imageDialog.getByRole("alert")).toHaveText(MESSAGES.chooseValidImage);
  await imageDialog.getByLabel("New image").setInputFiles({
    name: "salad.jpg",
    mimeType: "image/jpeg",
    buffer: await dishPhoto("#33aa44"),
  });
  await imageDialog.getByRole("button", { name: "Upload" }).click();
  await expect(imageDialog).toBeHidden();
  await expect(row.locator("img.item-thumb")).toHaveAttribute("src", /\/image-144\?v=/);
  await page.getByRole("button", { name: "Actions for Garden Salad" }).click();
  await expect(page.getByRole("menuitem", { name: "Replace image" })).toBeVisible();
  await page.keyboard.press("Escape");

  // Delete after a confirm; Cancel keeps it.
  await chooseItemAction(page, "Garden Salad", "Delete");
  const confirm = page.getByRole("alertdialog", { name: "Delete Garden Salad?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await chooseItemAction(page, "Garden Salad", "Delete");
  await confirm.getByRole("button", { name: "Delete item" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(MESSAGES.noMenuItems)).toBeVisible();
});

test("a saved price shows at once and reloads nothing else; the list keeps its order until it is loaded again", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Quick Prices");
  for (const [name, price] of [
    ["Bread", "2"],
    ["Soup", "5"],
  ]) {
    await openEditorTab(page, "Add Item");
    await page.getByLabel("Name", { exact: true }).fill(name!);
    await page.getByLabel("Price", { exact: true }).fill(price!);
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(toast(page, "Item added.")).toBeVisible();
    await toast(page, "Item added.").waitFor({ state: "hidden" });
  }
  await openEditorTab(page, "Menu Items");
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(itemNames(page)).toHaveText(["Bread", "Soup"]);

  // Every request the page makes from here on: the save's POST, and nothing that loads data.
  // (Chromium reads the tab's icon, a data: URL, when it likes: no request to the server.)
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("data:")) return;
    requests.push(`${request.method()} ${request.url()}`);
  });
  // An empty price is refused before anything is sent, and the message goes once the field changes.
  const breadPrice = page.getByLabel("Price of Bread");
  await breadPrice.fill("");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Bread" })
    .getByRole("button", { name: "Save price" })
    .click();
  await expect(breadPrice).toBeFocused();
  await expect(breadPrice).toHaveAttribute("aria-invalid", "true");
  await expect(breadPrice).toHaveAccessibleDescription(MESSAGES.priceRequired);
  expect(requests).toEqual([]);
  await breadPrice.pressSequentially("7");
  await expect(breadPrice).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Price of Bread").fill("7,5");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Bread" })
    .getByRole("button", { name: "Save price" })
    .click();
  const bread = page.getByRole("listitem").filter({ hasText: "Bread" });
  await expect(bread).toContainText("$7.50");
  await expect(page.getByLabel("Price of Bread")).toHaveValue("7.50");
  await expect(bread.getByRole("button", { name: "Save price" })).toBeEnabled();
  // The preview (wide screens) reloads the public page; the editor's own data is not fetched again.
  const dataLoads = requests.filter((line) => line.startsWith("GET") && line.includes(".data"));
  expect(dataLoads).toEqual([]);
  expect(requests.filter((line) => line.startsWith("POST"))).toHaveLength(1);
  // The rows stay where they were, so the one just saved does not jump away under the thumb.
  await expect(itemNames(page)).toHaveText(["Bread", "Soup"]);
  await page.reload();
  await expect(itemNames(page)).toHaveText(["Soup", "Bread"]);
  await expect(page.getByLabel("Price of Bread")).toHaveValue("7.50");
});

test("changes to an item removed meanwhile say so with the spec's messages", async ({ page }) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Stale Diner");
  await openEditorTab(page, "Add Item");
  await page.getByLabel("Name").fill("Toast");
  await page.getByLabel("Price").fill("2");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Item added.")).toBeVisible();
  await openEditorTab(page, "Menu Items");
  const row = page.getByRole("listitem").filter({ hasText: "Toast" });

  // Removed from another tab; this page still shows it.
  const itemId = await row.locator('input[name="itemId"]').first().inputValue();
  const removed = await page.request.post(editor, { form: { intent: "delete-item", itemId } });
  expect(removed.status()).toBe(200);

  await page.getByLabel("Price of Toast").fill("3");
  await row.getByRole("button", { name: "Save price" }).click();
  await expect(row.getByRole("alert")).toHaveText(MESSAGES.failedToUpdatePrice);
  await row.getByRole("button", { name: "Star Toast" }).click();
  await expect(
    row.getByRole("alert").filter({ hasText: MESSAGES.failedToUpdateFlag }),
  ).toBeVisible();
  // The toggle shows the stored state again.
  await expect(row.getByRole("button", { name: "Star Toast" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  await chooseItemAction(page, "Toast", "Edit");
  const dialog = page.getByRole("dialog", { name: "Edit Toast" });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MESSAGES.failedToUpdateItem);
  await page.keyboard.press("Escape");

  await chooseItemAction(page, "Toast", "Delete");
  const confirm = page.getByRole("alertdialog", { name: "Delete Toast?" });
  await confirm.getByRole("button", { name: "Delete item" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(MESSAGES.failedToDeleteItem);
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // Refresh brings the list up to date.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(MESSAGES.noMenuItems)).toBeVisible();
});

test(`at ${MAX_ITEMS_PER_PRODUCT} items Add Item says the limit and its button is disabled`, async ({
  page,
}) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Full House");
  for (let i = 0; i < MAX_ITEMS_PER_PRODUCT; i++) {
    const response = await page.request.post(editor, {
      form: { intent: "add-item", name: `Dish ${i}`, price: "1" },
    });
    expect(response.status()).toBe(200);
  }
  const over = await page.request.post(editor, {
    form: { intent: "add-item", name: "One too many", price: "1" },
  });
  expect(over.status()).toBe(409);
  await page.goto(`${editor}?tab=add`);
  await expect(page.getByText(MESSAGES.limitReachedItems)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add item" })).toBeDisabled();
});

test("nothing on the items tab moves as the editor hydrates on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Steady Diner");
  for (const name of ["Soup", "Salad", "Stew"]) {
    const response = await page.request.post(editor, {
      form: { intent: "add-item", name, price: "4" },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto(editor);
  await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0);
  await expect(itemNames(page)).toHaveText(["Salad", "Soup", "Stew"]);
  // The Apply button is there for a browser without JavaScript only (see the tests below).
  await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
  const shift = await layoutShiftSoFar(page);
  expect(shift).toBeLessThan(0.01);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("items are added, priced, starred, searched and sorted with plain forms", async ({
    page,
  }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "restaurant", "Plain Forms");
    await openEditorTab(page, "Add Item");
    for (const [name, price] of [
      ["Bread", "3"],
      ["Olives", "4.5"],
    ]) {
      await page.getByLabel("Name").fill(name!);
      await page.getByLabel("Price").fill(price!);
      await page.getByRole("button", { name: "Add item" }).click();
      await expect(page.getByText("Item added.")).toBeVisible();
    }
    await page.getByLabel("Name").fill("With photo");
    await page.getByLabel("Price").fill("1");
    await page
      .getByLabel("Photo (optional)")
      .setInputFiles({ name: "p.jpg", mimeType: "image/jpeg", buffer: await dishPhoto("#222") });
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByText("Item added.")).toBeVisible();

    await openEditorTab(page, "Menu Items");
    await page.getByLabel("Price of Olives").fill("5.25");
    await page
      .getByRole("listitem")
      .filter({ hasText: "Olives" })
      .getByRole("button", { name: "Save price" })
      .click();
    await expect(page.getByRole("listitem").filter({ hasText: "Olives" })).toContainText("$5.25");
    await page.getByRole("button", { name: "Star Bread" }).click();
    await expect(page.getByRole("button", { name: "Star Bread" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(
      page.getByRole("listitem").filter({ hasText: "With photo" }).locator("img.item-thumb"),
    ).toHaveAttribute("src", /\/image-144\?v=/);

    await page.getByLabel("Search items").fill("oliv");
    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(itemNames(page)).toHaveText(["Olives"]);
    await page.getByLabel("Search items").fill("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(itemNames(page)).toHaveText(["Olives", "Bread", "With photo"]);
  });
});

/**
 * axe finds nothing, of any weight, on each of these editor tabs, and none is wider than
 * the screen. On a wide screen the site's page is beside the form, with landmarks of its
 * own that axe weighs against the portal's: they must stay distinguishable.
 */
async function expectAccessibleTabs(page: Page, tabs: string[], previewBeside: boolean) {
  for (const tab of tabs) {
    await openEditorTab(page, tab);
    if (previewBeside) {
      await expect(
        page.frameLocator('iframe[title="Preview of your public page"]').getByRole("main"),
      ).toBeVisible();
    }
    await expectNoAxeIssue(page, tab);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, tab).toBeLessThanOrEqual(0);
  }
}

for (const [device, viewport] of [
  ["phone", { width: 360, height: 740 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`the editors' tabs have no accessibility problems and fit a ${device}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await page.goto("/signin");
    await signIn(page, DEMO.email, DEMO.password);
    const previewBeside = device === "desktop";
    await page.getByRole("link", { name: "Edit Demo Goods" }).click();
    await expectAccessibleTabs(page, ["Items", "Add Item", "Info"], previewBeside);
    await page.goto("/user");
    await page.getByRole("link", { name: "Edit Demo Diner" }).click();
    await expectAccessibleTabs(page, ["Menu Items", "Add Item", "Info"], previewBeside);
    // The way back at the editor's foot is a thumb's target too.
    const back = await page.getByRole("link", { name: "Back to Your Products" }).boundingBox();
    expect(back!.height).toBeGreaterThanOrEqual(44);
    // An open dialog too.
    await openEditorTab(page, "Menu Items");
    await chooseItemAction(page, "Garlic Bread", "Edit");
    const results = await axe(page).include("[role=dialog]").analyze();
    expect(results.violations.filter((v) => v.impact === "critical")).toEqual([]);
  });
}
