/**
 * What an owner types on a slow phone before the page's JavaScript runs is kept when it
 * does. The Info tab's hours, time zone, special days and look are covered by
 * opening-hours.spec.ts; here the shop's tags, whose plain field becomes chips.
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import {
  createSite,
  expect,
  openEditorTab,
  register,
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

test("shop tags typed before the page's script runs become its chips", async ({ page }) => {
  await register(page);
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
