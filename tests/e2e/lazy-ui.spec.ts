/**
 * The portal's rarely used parts come with their first use, not with the page: Radix's
 * menu, Radix's dialogs and sonner's toasts. Each is told apart by a string its minified
 * code keeps.
 */
import type { Page } from "@playwright/test";
import { createSiteDirectly, expect, signUpOwner, test, toast, waitForHydration } from "./fixtures";

const CODE = {
  menu: "radix-menu-content",
  dialog: "DialogOverlay",
  toasts: "data-sonner-toaster",
} as const;
type Part = keyof typeof CODE;

/** Which of the parts the page's scripts have brought so far, from now on. */
function watchScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(response.text().catch(() => ""));
  });
  return async (): Promise<Part[]> => {
    const texts = await Promise.all(bodies);
    return (Object.keys(CODE) as Part[]).filter((part) =>
      texts.some((text) => text.includes(CODE[part])),
    );
  };
}

/**
 * The page has run and had a moment more to fetch anything it fetches unasked (the portal
 * keeps its live-updates stream open, so the network is never idle).
 */
async function settle(page: Page) {
  await waitForHydration(page);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1000);
}

test("the editor fetches its menu, dialog and toast code at their first use", async ({ page }) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Lazy Kitchen");
  for (const name of ["Soup", "Bread"]) {
    const added = await page.request.post(editor, {
      form: { intent: "add-item", name, price: "4" },
    });
    expect(added.status()).toBe(200);
  }

  const loaded = watchScripts(page);
  await page.goto("/user");
  await settle(page);
  expect(await loaded()).toEqual([]);
  await page.goto(editor);
  await settle(page);
  expect(await loaded()).toEqual([]);

  // Before its menu is loaded, the button says what Radix's trigger says.
  const soup = page.getByRole("button", { name: "Actions for Soup", exact: true });
  await expect(soup).toHaveAttribute("aria-haspopup", "menu");
  await expect(soup).toHaveAttribute("aria-expanded", "false");

  // The keyboard's way on a button not yet holding the menu: Enter opens it on its first
  // entry, the arrows move, Escape gives focus back.
  await soup.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Add image" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(soup).toBeFocused();
  await expect(soup).toHaveAttribute("aria-expanded", "false");
  expect(await loaded()).toContain("menu");
  expect(await loaded()).not.toContain("toasts");

  // One click on another row's button opens its menu; the edit dialog opens from it.
  const bread = page.getByRole("button", { name: "Actions for Bread", exact: true });
  await bread.click();
  await expect(bread).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Bread" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  expect(await loaded()).toContain("dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(bread).toBeFocused();

  // The first save brings sonner, and its toast is shown.
  await bread.click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await dialog.getByLabel("Price").fill("4.50");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Item saved.")).toBeVisible();
  expect(await loaded()).toContain("toasts");
});
