/**
 * A site's language in Chromium: the owner picks it on the Info tab, and the public menu
 * speaks it, with its filter's script counting in it; an Arabic menu reads right to left at
 * 360 and 1280 px, with nothing wider than the screen; both pass axe and the Nu HTML Checker.
 */
import type { Page } from "@playwright/test";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import { MESSAGES } from "../../app/lib/messages";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  SCREENS,
  signUpOwner,
  test,
  toast,
} from "./fixtures";
import { checkedHtmlErrors } from "./html-checker";

/** A restaurant with three dishes (allergens, diets, a description, a size) and its public path. */
async function restaurantWithDishes(page: Page, name: string) {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", name);
  const dishes = [
    { name: "Flan", price: "6.50", category: "Postres", allergens: ["milk", "eggs"] },
    { name: "Gazpacho", price: "8", category: "Entrantes", diets: ["vegan", "vegetarian"] },
    { name: "Paella", price: "18.90", category: "Principales", allergens: ["crustaceans"] },
  ];
  for (const dish of dishes) {
    const form = new URLSearchParams({
      intent: "add-item",
      name: dish.name,
      price: dish.price,
      category: dish.category,
      description: `Hecho en casa: ${dish.name}`,
    });
    for (const key of dish.allergens ?? []) form.append("allergens", key);
    for (const key of dish.diets ?? []) form.append("diets", key);
    const response = await page.request.post(editor, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: form.toString(),
    });
    expect(response.status()).toBe(200);
  }
  await page.goto("/user");
  const path = await page
    .getByRole("link", { name: `View Public page of ${name}`, exact: true })
    .getAttribute("href");
  return { editor, path: path! };
}

async function chooseLanguage(page: Page, editor: string, label: string) {
  await page.goto(editor);
  await openEditorTab(page, "Info");
  await page.getByLabel("Language of your public page").selectOption({ label });
  await page.getByRole("button", { name: "Save" }).click();
  // A restaurant says "Info saved!", a shop "Saved!".
  await expect(
    toast(page, editor.includes("/shoppy/") ? MESSAGES.saved : MESSAGES.infoSaved),
  ).toBeVisible();
}

test("an owner chooses Spanish, and the menu and its filter speak it", async ({ page }) => {
  const { editor, path } = await restaurantWithDishes(page, "Casa Lupe");
  await chooseLanguage(page, editor, "Español (Spanish)");

  const es = CATALOGUES.es;
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: es.skipToMenu })).toBeAttached();
  await expect(page.getByRole("heading", { name: es.findUs })).toBeVisible();
  await expect(page.getByText("18,90\u00a0US$")).toBeVisible();
  await expect(page.getByText("Find us")).toHaveCount(0);

  // The filter, ticked with the script: its count is written in Spanish too.
  await page.getByText(es.filterByDiet).click();
  await page.getByLabel(es.dietVegan, { exact: true }).check();
  const count = page.locator("#menu-filter-count");
  await expect(count).toBeVisible();
  await expect(count).toHaveText(
    es.filterCount.other.replace("{shown}", "1").replace("{count}", "3"),
  );
  await expect(page.getByRole("heading", { name: "Gazpacho" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Flan" })).toBeHidden();
  await expectNoSeriousAxeIssue(page, "Spanish menu");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath("spanish-menu-phone.png"), fullPage: true });
});

test("an Arabic menu reads right to left on a phone and a desktop, valid and accessible", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { editor, path } = await restaurantWithDishes(page, "Souk Kitchen");
  await chooseLanguage(page, editor, "العربية (Arabic)");

  for (const [screen, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    // The name starts at the right: the hero's title sits nearer the right edge than the left.
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(size.width - (title!.x + title!.width), screen).toBeLessThan(title!.x);
    // Nothing is wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      screen,
    ).toBeLessThanOrEqual(size.width);
    await expect(page.getByRole("heading", { name: CATALOGUES.ar.findUs })).toBeVisible();
    // The owner's English dish names keep their own direction, aligned as the page reads.
    const dishName = page.locator(".menu-item h3").first();
    await expect(dishName).toHaveCSS("unicode-bidi", "plaintext");
    await expect(dishName).toHaveCSS("text-align", "right");
    await page.screenshot({ path: test.info().outputPath(`arabic-menu-${screen}.png`) });
    await expectNoSeriousAxeIssue(page, `Arabic menu (${screen})`);
  }

  const arabic = await request.get(path);
  expect(checkedHtmlErrors([["Arabic menu", await arabic.text()]])).toEqual([]);
});

test("an Arabic shop's item opens with its photos in right-to-left order", async ({ page }) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "shoppy", "Souk Shop");
  const response = await page.request.post(editor, {
    form: { intent: "add-item", name: "Lantern", price: "24", tags: "Home" },
  });
  expect(response.status()).toBe(200);
  await chooseLanguage(page, editor, "العربية (Arabic)");
  await page.goto("/user");
  const path = await page
    .getByRole("link", { name: "View Public page of Souk Shop", exact: true })
    .getAttribute("href");
  for (const [screen, size] of SCREENS) {
    await page.setViewportSize(size);
    await page.goto(path!);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator(".shop-count")).toHaveText(
      CATALOGUES.ar.itemCount.one!.replace("{count}", "1"),
    );
    const itemName = page.locator(".shop-card-name").first();
    await expect(itemName).toHaveCSS("unicode-bidi", "plaintext");
    await expect(itemName).toHaveCSS("text-align", "right");
    await page.screenshot({ path: test.info().outputPath(`arabic-shop-${screen}.png`) });
    await expectNoSeriousAxeIssue(page, `Arabic shop (${screen})`);
  }
});

test("an owner adds Spanish and translates three dishes; visitors find the Spanish page", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const { editor, path } = await restaurantWithDishes(page, "Casa Nueva");
  await page.goto(editor);
  await openEditorTab(page, "Info");
  await page.getByRole("link", { name: "Add more languages" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Languages of Casa Nueva" }),
  ).toBeVisible();
  await page.getByLabel("Add a language").selectOption({ label: "Español (Spanish)" });
  await page.getByRole("button", { name: "Add", exact: true }).click();

  // Three names, three descriptions and three categories.
  const progress = page.locator(".translations-count");
  await expect(progress).toHaveText("0 of 9 texts translated");
  const translations: Array<[string, string]> = [
    ["Flan", "Flan de la casa"],
    ["Gazpacho", "Gazpacho andaluz"],
    ["Paella", "Paella valenciana"],
  ];
  for (const [source, translation] of translations) {
    await page.getByLabel(`Spanish: ${source}`, { exact: true }).fill(translation);
  }
  await expectNoSeriousAxeIssue(page, "Languages page");
  await page.screenshot({ path: test.info().outputPath("languages-phone.png"), fullPage: true });
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Translations saved." })).toBeVisible();
  await expect(progress).toHaveText("3 of 9 texts translated");

  await page.getByRole("link", { name: "Show untranslated only" }).click();
  await expect(page.locator(".translation-row")).toHaveCount(6);
  await expect(page.getByLabel("Spanish: Flan", { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath("languages-desktop.png"), fullPage: true });

  // A visitor switches to Spanish on the page.
  await page.goto(path);
  await page
    .getByRole("navigation", { name: "Languages" })
    .getByRole("link", { name: "Español" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${path}/es$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Paella valenciana" })).toBeVisible();
  // What was left untranslated is shown as the owner wrote it.
  await expect(page.getByText("Hecho en casa: Paella")).toBeAttached();

  // A browser that prefers Spanish is offered it at the top, without being sent there.
  for (const [locale, offered] of [
    ["es-ES", true],
    ["en-US", false],
  ] as const) {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale,
      viewport: { width: 360, height: 800 },
    });
    const visitor = await context.newPage();
    await visitor.goto(path);
    await expect(visitor).toHaveURL(new RegExp(`${path}$`));
    const hint = visitor.getByRole("link", { name: CATALOGUES.es.viewInThisLanguage });
    if (offered) {
      await expect(hint).toBeVisible();
      await expectNoSeriousAxeIssue(visitor, `hint (${locale})`);
      await hint.click();
      await expect(visitor).toHaveURL(new RegExp(`${path}/es$`));
    } else {
      await expect(hint).toBeHidden();
    }
    await context.close();
  }

  // Removing a language asks first: its page and translations go with it.
  await page.goto(editor.replace("/setup/", "/languages/"));
  await page.getByRole("button", { name: "Remove Spanish" }).click();
  const confirm = page.getByRole("alert").filter({ hasText: "This cannot be undone." });
  await expect(confirm).toContainText("its 3 translations are deleted");
  await expectNoSeriousAxeIssue(page, "removing a language");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath("remove-language-phone.png") });
  await confirm.getByRole("button", { name: "Remove Spanish" }).click();
  await expect(page.getByText("None yet. Add one below to translate your page.")).toBeVisible();
  expect((await page.request.get(`${path}/es`)).status()).toBe(404);
});
