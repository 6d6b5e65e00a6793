/**
 * What an owner types or chooses on a slow phone before the page's JavaScript runs is kept
 * when it does. The Info tab's hours, time zone, special days and look are covered by
 * opening-hours.spec.ts; here the pictures chosen for the logo, background and a new item,
 * and the shop's tags, whose plain field becomes chips.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { MESSAGES } from "../../app/lib/messages";
import {
  createSite,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

test.use({ viewport: { width: 360, height: 800 } });

/** Loads `url` with its scripts held back; the returned function lets them load. */
async function gotoWithScriptsHeld(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  return release;
}

/** A small picture to choose, as a phone's camera roll would hold. */
async function picture(name: string, background: string) {
  const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The scripts arrive as on a weak signal: 1.5 s after the choice was made. */
function releaseLater(release: () => void) {
  setTimeout(release, 1500);
}

test("a logo and a background chosen before the editor's script runs are uploaded once it does", async ({
  page,
}) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Weak Signal Bistro");

  const release = await gotoWithScriptsHeld(page, `${editor}?tab=info`);
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles(await picture("logo.png", "#cc6633"));
  await page
    .getByLabel("Background", { exact: true })
    .setInputFiles(await picture("background.png", "#336699"));
  releaseLater(release);
  await waitForHydration(page);

  await expect(
    page.getByRole("list", { name: "Logo: uploads" }).getByText("Uploaded"),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Background: uploads" }).getByText("Uploaded"),
  ).toBeVisible();
  const logo = page.getByRole("img", { name: "Current logo" });
  const background = page.getByRole("img", { name: "Current background" });
  await expect(logo).toHaveAttribute("src", /\/info\/logo\?v=/);
  await expect(background).toHaveAttribute("src", /\/info\/background\?v=/);
  // The input is left empty, so choosing again starts afresh.
  await expect(page.getByLabel("Logo", { exact: true })).toHaveJSProperty("value", "");
  await page.getByRole("heading", { name: "Logo and background" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("info-early-logo-360.png") });

  await page.reload();
  await waitForHydration(page);
  await expect(logo).toHaveAttribute("src", /\/info\/logo\?v=/);
  await expect(background).toHaveAttribute("src", /\/info\/background\?v=/);
});

test("an item's photo chosen before the Add Item tab's script runs is shown and sent with it", async ({
  page,
}) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Weak Signal Diner");

  const release = await gotoWithScriptsHeld(page, `${editor}?tab=add`);
  await page.getByLabel("Photo (optional)").setInputFiles(await picture("soup.png", "#aa3322"));
  releaseLater(release);
  await waitForHydration(page);

  await expect(page.getByRole("img", { name: "Chosen: soup.png" })).toBeVisible();
  await page.getByLabel("Name").fill("Tomato Soup");
  await page.getByLabel("Price").fill("6");
  const uploads: Array<Promise<number | undefined>> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/user/upload/")) {
      uploads.push(request.response().then((response) => response?.status()));
    }
  });
  await page.getByRole("button", { name: "Add item" }).click();
  // The owner is told once the item and its photo are both saved, and nothing went wrong.
  await expect(page.getByText("Item added.").last()).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(await Promise.all(uploads)).toEqual([200]);
  // The list shows the item with its photo.
  await openEditorTab(page, "Menu Items");
  const row = page.getByRole("listitem").filter({ hasText: "Tomato Soup" });
  await expect(row.locator("img.item-thumb")).toHaveAttribute("src", /\/image-144\?v=/);
});

test("shop tags typed before the page's script runs become its chips", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/user");
  const editor = await createSite(page, "Shoppy", "Slow Shop");
  await openEditorTab(page, "Info");

  const release = await gotoWithScriptsHeld(page, `${editor}?tab=info`);
  await page.getByLabel("Shop tags").fill("Gifts, Home, gifts");
  release();
  await waitForHydration(page);

  const chips = page.getByRole("list", { name: "Shop tags: 2 of 50" });
  await expect(chips.locator(".tag-chip > span")).toHaveText(["Gifts", "Home"]);
  await expect(page.locator(".save-bar").getByRole("status")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, MESSAGES.saved)).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(chips.locator(".tag-chip > span")).toHaveText(["Gifts", "Home"]);
  await expect(page.locator(".save-bar").getByRole("status")).toHaveText("");
});

test("a search typed and a sort chosen before the editor's script runs apply once it does", async ({
  page,
}) => {
  await signUpOwner(page);
  await page.goto("/user");
  const editor = await createSite(page, "Restaurant", "Slow Bistro");
  for (const [name, price] of [
    ["Tomato Soup", "6"],
    ["Fish Pie", "14"],
    ["Apple Cake", "5"],
    ["Bread", "3"],
  ] as const) {
    const response = await page.request.post(editor, {
      form: { intent: "add-item", name, price, description: name === "Bread" ? "" : "Homemade" },
    });
    expect(response.status()).toBe(200);
  }
  const names = page.locator(".item-list .item-name");

  const release = await gotoWithScriptsHeld(page, editor);
  await expect(names).toHaveText(["Apple Cake", "Bread", "Fish Pie", "Tomato Soup"]);
  await page.getByLabel("Sort by").selectOption("price-desc");
  await page.getByLabel("Search items").fill("homemade");
  release();
  await waitForHydration(page);

  await expect(names).toHaveText(["Fish Pie", "Tomato Soup", "Apple Cake"]);
  await expect(page).toHaveURL(/[?&]q=homemade/);
  await expect(page).toHaveURL(/[?&]sort=price-desc/);
  // And from then on, at once, as before.
  await page.getByLabel("Sort by").selectOption("name-asc");
  await expect(names).toHaveText(["Apple Cake", "Fish Pie", "Tomato Soup"]);
});

test("a tab opened by its address counts as hydrated only once its own code has arrived and runs", async ({
  page,
}) => {
  await signUpOwner(page);
  await page.goto("/user");
  const editor = await createSite(page, "Restaurant", "Late Tab Bistro");
  // The Add Item tab's code is a chunk of its own (app/components/editor/tab-panels.ts).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let tabCodeAsked = false;
  await page.route(/\/assets\/add-item-form-[\w-]+\.js$/, async (route) => {
    tabCodeAsked = true;
    await held;
    await route.continue();
  });
  await page.goto(`${editor}?tab=add`);
  // React asks for the tab's code as it hydrates the page; given a moment more, the rest of
  // the page has hydrated, and the tab is still the server's markup: not yet.
  await expect.poll(() => tabCodeAsked).toBe(true);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => performance.getEntriesByName("hydrated").length)).toBe(0);

  release();
  await waitForHydration(page);
  // From the mark on, the tab's form is React's: an empty submit is checked in the browser.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  expect(posts).toEqual([]);
});
