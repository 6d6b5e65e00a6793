/**
 * Images as a builder takes them: dropped on a zone, pasted into it or chosen,
 * shown as a thumbnail, and removed again, on a phone and on a desktop.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { MESSAGES } from "../../app/lib/messages";
import {
  chooseItemAction,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  toast,
} from "./fixtures";

async function photo(color: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A DataTransfer in the page holding one image file, as a drag or the clipboard carries it. */
function transferOf(page: Page, name: string, bytes: Buffer) {
  return page.evaluateHandle(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/jpeg" }));
      return transfer;
    },
    { name, base64: bytes.toString("base64") },
  );
}

/** The image has loaded: a thumbnail, not a broken-image icon with its alt text. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

/** The drop zone around the file input with this label. */
function zoneOf(page: Page, label: string) {
  return page.locator(".drop-zone", { has: page.getByLabel(label, { exact: true }) });
}

/** Drags a file over the zone (which lights up) and drops it on the input, where a drop lands. */
async function dropOn(page: Page, zone: Locator, name: string, bytes: Buffer) {
  const dataTransfer = await transferOf(page, name, bytes);
  const input = zone.locator("input[type=file]");
  await input.dispatchEvent("dragenter", { dataTransfer });
  await expect(zone).toHaveClass(/is-dragging/);
  await input.dispatchEvent("dragover", { dataTransfer });
  await input.dispatchEvent("drop", { dataTransfer });
  await expect(zone).not.toHaveClass(/is-dragging/);
}

/** Pastes a file into the focused input, as Ctrl+V with an image on the clipboard does. */
async function pasteInto(page: Page, zone: Locator, name: string, bytes: Buffer) {
  const input = zone.locator("input[type=file]");
  await input.focus();
  const clipboardData = await transferOf(page, name, bytes);
  await input.evaluate((element, data) => {
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, clipboardData);
}

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a logo dropped in and a background pasted show at once, on the public page too, and are removed again", async ({
      page,
    }) => {
      test.slow();
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Drop Diner");
      const publicUrl = (await page
        .getByRole("link", { name: "View Public" })
        .getAttribute("href"))!;
      await openEditorTab(page, "Info");

      const logoZone = zoneOf(page, "Logo");
      await expect(logoZone.getByText("Choose an image")).toBeVisible();
      await dropOn(page, logoZone, "logo.jpg", await photo("#aa3311"));
      await expect(page.getByRole("list", { name: "Logo: uploads" })).toContainText("Uploaded");
      const logo = logoZone.getByRole("img", { name: "Current logo" });
      await expect(logo).toHaveAttribute("src", /\/info\/logo\?v=/);
      await expectLoaded(logo);
      await expect(logoZone.getByText("Choose a new image")).toBeVisible();

      const backgroundZone = zoneOf(page, "Background");
      await pasteInto(page, backgroundZone, "pasted.jpg", await photo("#1133aa"));
      await expect(backgroundZone.getByRole("img", { name: "Current background" })).toHaveAttribute(
        "src",
        /\/info\/background\?v=/,
      );
      const publicPage = async () => (await page.request.get(publicUrl)).text();
      expect(await publicPage()).toContain("/info/logo?v=");

      // Remove: the thumbnail goes, the background stays, and so does the public page's logo.
      await logoZone.getByRole("button", { name: "Remove logo" }).click();
      await expect(toast(page, "Logo removed.")).toBeVisible();
      await expect(logo).toHaveCount(0);
      await expect(logoZone.getByRole("button", { name: "Remove logo" })).toHaveCount(0);
      await expect(backgroundZone.getByRole("img", { name: "Current background" })).toBeVisible();
      const html = await publicPage();
      expect(html).not.toContain("/info/logo?v=");
      expect(html).toContain("/info/background?v=");
    });

    test("a photo dropped on Add Item shows before it is sent, and the item keeps it", async ({
      page,
    }) => {
      test.slow();
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Photo Diner");
      await openEditorTab(page, "Add Item");
      await page.getByLabel("Name").fill("Tomato Soup");
      await page.getByLabel("Price").fill("6.50");

      const zone = zoneOf(page, "Photo (optional)");
      await dropOn(page, zone, "soup.jpg", await photo("#cc2200"));
      await expectLoaded(zone.getByRole("img", { name: "Chosen: soup.jpg" }));
      // A second thought: the choice can be taken back, then made again.
      await zone.getByRole("button", { name: "Remove soup.jpg" }).click();
      await expect(zone.getByRole("img")).toHaveCount(0);
      await dropOn(page, zone, "soup.jpg", await photo("#cc2200"));
      await expect(zone.getByRole("img", { name: "Chosen: soup.jpg" })).toBeVisible();

      await page.getByRole("button", { name: "Add item" }).click();
      await expect(toast(page, "Item added.")).toBeVisible();
      // The form starts again, its thumbnail too.
      await expect(zone.getByRole("img")).toHaveCount(0);
      await openEditorTab(page, "Menu Items");
      const row = page.locator(".item-list > li", { hasText: "Tomato Soup" });
      await expect(row.locator("img.item-thumb")).toHaveAttribute(
        "src",
        /\/items\/[A-Za-z0-9]+\/image-144\?v=/,
      );

      // The item's image dialog: the current image, a new one dropped in, then removed.
      await chooseItemAction(page, "Tomato Soup", /image$/);
      const dialog = page.getByRole("dialog", { name: "Image of Tomato Soup" });
      await expect(dialog.getByRole("img", { name: "Current image of Tomato Soup" })).toBeVisible();
      const before = await row.locator("img.item-thumb").getAttribute("src");
      await dropOn(page, dialog.locator(".drop-zone"), "green.jpg", await photo("#22aa44"));
      await expectLoaded(dialog.getByRole("img", { name: "Chosen: green.jpg" }));
      await dialog.getByRole("button", { name: "Replace" }).click();
      await expect(dialog).toBeHidden();
      await expect(row.locator("img.item-thumb")).not.toHaveAttribute("src", before!);

      await chooseItemAction(page, "Tomato Soup", /image$/);
      await dialog.getByRole("button", { name: "Remove image" }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, "Image of Tomato Soup removed.")).toBeVisible();
      await expect(row.locator("img.item-thumb")).toHaveCount(0);
      await expect(row.getByText("No photo")).toBeVisible();
    });
  });
}

test("a file that is not an image, dropped, is refused with the spec's message", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "shoppy", "Drop Refusals");
  await openEditorTab(page, "Info");
  const zone = zoneOf(page, "Logo");
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["hello"], "notes.txt", { type: "text/plain" }));
    return transfer;
  });
  await zone.locator("input[type=file]").dispatchEvent("drop", { dataTransfer });
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.chooseValidImage);
  await expect(page.getByRole("list", { name: "Logo: uploads" })).toHaveCount(0);
});
