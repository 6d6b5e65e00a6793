import type { Page } from "@playwright/test";
import {
  axe,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  toast,
} from "./fixtures";

/** The framed public page's themed root, where the preview shows colours and font. */
function previewRoot(page: Page) {
  return page
    .frameLocator('iframe[title="Preview of your public page"]')
    .locator("[data-site-theme]");
}

const backgroundOf = (root: ReturnType<typeof previewRoot>) =>
  root.evaluate((element) => getComputedStyle(element).getPropertyValue("--site-primary").trim());

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    /** On a phone the preview is a tab of its own; on a desktop it is beside the form. */
    async function showPreview(page: Page) {
      if (device === "phone") {
        await page
          .getByRole("navigation", { name: "Editor sections" })
          .getByRole("link", { name: "Preview" })
          .click();
      }
      await expect(page.locator('iframe[title="Preview of your public page"]')).toBeVisible();
    }

    async function backToInfo(page: Page) {
      if (device === "phone") await openEditorTab(page, "Info");
    }

    test("a theme shows in the preview before saving, and on the public page after", async ({
      page,
    }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Preview Bistro");
      await openEditorTab(page, "Info");

      await page.getByRole("radio", { name: "Night grill" }).check();
      // The form shows the preset's values, ready to adjust.
      await expect(page.getByLabel("Primary", { exact: true })).toHaveValue("#161616");
      await expect(page.getByRole("radio", { name: "Modern sans" })).toBeChecked();

      await showPreview(page);
      await expect.poll(() => backgroundOf(previewRoot(page))).toBe("#161616");
      await expect(previewRoot(page)).toHaveAttribute("data-font", "modern");

      // Nothing is saved yet: the public page still has the default look.
      const publicPath = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
      const before = await page.request.get(publicPath!);
      expect(await before.text()).toContain("--site-primary:#ffffff");

      // The form kept the choice while the preview was showing.
      await backToInfo(page);
      await expect(page.getByRole("radio", { name: "Night grill" })).toBeChecked();
      await page.getByRole("radio", { name: "Classic serif" }).check();
      // Changing the font by hand leaves the preset for a custom look.
      await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
      await showPreview(page);
      await expect(previewRoot(page)).toHaveAttribute("data-font", "classic");

      await backToInfo(page);
      await page.getByLabel("Restaurant name").fill("Preview Grill");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page, "Info saved!")).toBeVisible();

      // The saved page, name and all, in the preview and at its public address.
      await showPreview(page);
      await expect(
        page
          .frameLocator('iframe[title="Preview of your public page"]')
          .getByRole("heading", { level: 1, name: "Preview Grill" }),
      ).toBeVisible();
      const newPath = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
      await page.goto(newPath!);
      const root = page.locator("[data-site-theme]");
      await expect(root).toHaveAttribute("data-font", "classic");
      await expect(root).toHaveCSS("background-color", "rgb(22, 22, 22)");
      await expect(root).toHaveCSS("font-family", /Georgia/);
    });

    test("the colour fields pair a picker with the hex field and warn about low contrast", async ({
      page,
    }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "shoppy", "Contrast Shop");
      await openEditorTab(page, "Info");

      await page.getByLabel("Text", { exact: true }).fill("#777777");
      const warning = page.getByText(/Text on Primary is 4\.4:1, below the 4\.5:1 readers need/);
      await expect(warning).toBeVisible();
      await expect(page.getByLabel("Text", { exact: true })).toHaveAccessibleDescription(
        /below the 4\.5:1/,
      );
      await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();

      // The picker and the hex field show the same colour, whichever is used.
      await page.getByLabel("Text color picker").fill("#222222");
      await expect(page.getByLabel("Text", { exact: true })).toHaveValue("#222222");
      await expect(warning).toBeHidden();

      await showPreview(page);
      await expect
        .poll(() =>
          previewRoot(page).evaluate((element) =>
            getComputedStyle(element).getPropertyValue("--site-text").trim(),
          ),
        )
        .toBe("#222222");

      await backToInfo(page);
      const results = await axe(page).analyze();
      expect(
        results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      ).toEqual([]);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a theme swatch is a plain choice the server applies", async ({ page }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "dealership", "Plain Motors");
    await page.getByRole("radio", { name: "Heritage" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
    await expect(page.getByRole("radio", { name: "Heritage" })).toBeChecked();
    await expect(page.getByLabel("Primary", { exact: true })).toHaveValue("#f7f4ee");

    const publicPath = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
    await page.goto(publicPath!);
    await expect(page.locator("[data-site-theme]")).toHaveAttribute("data-font", "classic");
    await expect(page.locator("[data-site-theme]")).toHaveCSS(
      "background-color",
      "rgb(247, 244, 238)",
    );
  });
});
