/**
 * What the shop page looks like to a test: its grid, cards, tag filter and
 * the item dialog with its carousel.
 */
import { expect, type Page } from "@playwright/test";

export const grid = (page: Page) => page.getByRole("list", { name: "Items" });
export const cardLink = (page: Page, name: string) =>
  grid(page).getByRole("link", { name: new RegExp(`\\b${name}\\b`) });
export const visibleNames = (page: Page) => grid(page).locator("li:visible .shop-card-name");
export const tagBox = (page: Page, tag: string) =>
  page.getByRole("checkbox", { name: tag, exact: true });
export const dialog = (page: Page) => page.locator("dialog.shop-dialog");

/** The item id in a card's link (`?item=`). */
export async function itemIdOf(page: Page, name: string): Promise<string> {
  const href = await cardLink(page, name).getAttribute("href");
  const id = new URL(href!, "http://x").searchParams.get("item");
  expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  return id!;
}

/** The carousel's current photo (1-based), as its dots and its live region tell it. */
export async function expectPhoto(page: Page, photo: number, of: number) {
  const dots = dialog(page).getByRole("group", { name: "Choose a photo" }).getByRole("button");
  await expect(dots).toHaveCount(of);
  for (let n = 1; n <= of; n++) {
    if (n === photo) await expect(dots.nth(n - 1)).toHaveAttribute("aria-current", "true");
    else await expect(dots.nth(n - 1)).not.toHaveAttribute("aria-current");
  }
  await expect(dialog(page).locator(".shop-carousel-status")).toHaveText(`Photo ${photo} of ${of}`);
  // And the photo itself is the one in view once the slide has ended.
  const viewport = dialog(page).locator(".shop-carousel-viewport");
  const slide = dialog(page)
    .locator(".shop-slide")
    .nth(photo - 1);
  await expect
    .poll(async () => {
      const [box, inner] = [await viewport.boundingBox(), await slide.boundingBox()];
      return box && inner ? Math.round(inner.x - box.x) : null;
    })
    .toBe(0);
}

/** A horizontal drag across the photo with the primary pointer. */
export async function swipe(page: Page, dx: number) {
  const box = (await dialog(page).locator(".shop-carousel-viewport").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

/**
 * The open dialog's content as markup: the live page's, or, given a page's HTML, the one
 * the server rendered in it (parsed, never run). What the script changes on an item once
 * it is open is left out: every photo's `loading` (all load at once), and the carousel's
 * slide state (`aria-hidden` on the slides, the track's `style`).
 */
export async function dialogContentMarkup(page: Page, serverHtml?: string): Promise<string> {
  return page.evaluate((html) => {
    const root = html === null ? document : new DOMParser().parseFromString(html, "text/html");
    const content = root.querySelector("dialog.shop-dialog .shop-dialog-content");
    if (!content) throw new Error("No dialog content.");
    const copy = content.cloneNode(true) as Element;
    copy.querySelectorAll("img").forEach((img) => img.removeAttribute("loading"));
    copy.querySelectorAll(".shop-slide").forEach((slide) => slide.removeAttribute("aria-hidden"));
    copy
      .querySelectorAll(".shop-carousel-track")
      .forEach((track) => track.removeAttribute("style"));
    return copy.innerHTML;
  }, serverHtml ?? null);
}
