import { MESSAGES } from "../../app/lib/messages";
import {
  axe,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  toast,
} from "./fixtures";

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the Info form keeps Save in reach and asks before its changes are lost", async ({
      page,
    }) => {
      await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Careful Cafe");
      await openEditorTab(page, "Info");
      const saveBar = page.locator(".save-bar");
      const save = saveBar.getByRole("button", { name: "Save", exact: true });
      // Sticky: the button is on screen while the long form is not.
      const bottom = async () => (await save.boundingBox())!.y + (await save.boundingBox())!.height;
      expect(await bottom()).toBeLessThanOrEqual(viewport.height);
      await expect(saveBar.getByRole("status")).toHaveText("");

      await page.getByLabel("Phone").fill("+1 555 0177");
      await expect(saveBar.getByRole("status")).toHaveText("Unsaved changes");

      // Another tab asks first; staying keeps what was typed.
      await openEditorTabUnchecked(page, "Menu Items");
      const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Stay and save" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByLabel("Phone")).toHaveValue("+1 555 0177");
      expect(page.url()).toContain("tab=info");

      // Saving clears it, and leaving no longer asks.
      await save.click();
      await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();
      await expect(saveBar.getByRole("status")).toHaveText("");
      await openEditorTab(page, "Menu Items");

      // Leaving on purpose drops the change.
      await openEditorTab(page, "Info");
      await page.getByLabel("Address").fill("1 Changed Road");
      await openEditorTabUnchecked(page, "Add Item");
      await ask.getByRole("button", { name: "Leave without saving" }).click();
      await expect(page).toHaveURL(/tab=add/);
      await openEditorTab(page, "Info");
      await expect(page.getByLabel("Address")).toHaveValue("");
      await expect(page.getByLabel("Phone")).toHaveValue("+1 555 0177");
    });
  });
}

test("a half-typed new item asks before it is lost, and not once it is added", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Half Typed");
  await openEditorTab(page, "Add Item");
  await page.getByLabel("Name").fill("Soup");
  await openEditorTabUnchecked(page, "Menu Items");
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(ask).toContainText("the new item");
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await page.getByLabel("Price").fill("4");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Item added.")).toBeVisible();
  // The confirmation is readable: axe finds no contrast issue once it has come in.
  const confirmation = page.locator("[data-sonner-toast]");
  await confirmation.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  const findings = await axe(page).include("[data-sonner-toast]").analyze();
  expect(findings.violations.map((violation) => violation.id)).toEqual([]);
  await expect(toast(page, "Item added.")).toBeVisible();
  await openEditorTab(page, "Menu Items");
  await expect(page.getByRole("heading", { name: "Soup" })).toBeVisible();
});

test("a save whose reload is cut short by another tab still shows the saved values", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Quick Switch");
  await openEditorTab(page, "Info");

  // Hold the reload that follows the save until the owner has already gone to another
  // tab: that navigation cuts the reload short, and the editor must load again itself.
  let releaseReload = () => {};
  const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
  let holdNextReload = false;
  await page.route(/\.data(\?|$)/, async (route) => {
    if (holdNextReload && route.request().method() === "GET") {
      holdNextReload = false;
      await reloadHeld;
    }
    await route.continue().catch(() => {
      // The navigation cancelled this request while it was held.
    });
  });

  await page.getByLabel("Phone").fill("+1 555 0123");
  holdNextReload = true;
  await page.locator(".save-bar").getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();
  await openEditorTab(page, "Menu Items");
  releaseReload();

  await openEditorTab(page, "Info");
  await expect(page.getByLabel("Phone")).toHaveValue("+1 555 0123");

  // Once that load is done, switching tabs loads nothing at all: the switch does not wait
  // on the network.
  const dataLoads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataLoads.push(request.url());
  });
  await openEditorTab(page, "Menu Items");
  await openEditorTab(page, "Add Item");
  await openEditorTab(page, "Info");
  expect(dataLoads).toEqual([]);
});

/** Clicks an editor tab without waiting for it to open (the unsaved-changes question may come first). */
async function openEditorTabUnchecked(page: import("@playwright/test").Page, name: string) {
  await page
    .getByRole("navigation", { name: "Editor sections" })
    .getByRole("link", { name, exact: true })
    .click();
}

test("a tab tapped just as an item is added opens without asking", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Quick Tab");
  await openEditorTab(page, "Add Item");

  // The add's answer is held until the owner is about to tap another tab, and the page is
  // slowed as on a cheap phone: the tap lands while the answer is being taken in.
  let releaseAnswer = () => {};
  const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
  let answerArrived = () => {};
  const answerAsked = new Promise<void>((resolve) => (answerArrived = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "POST") {
      answerArrived();
      await answerHeld;
    }
    await route.continue();
  });
  await page.getByLabel("Name").fill("Soup");
  await page.getByLabel("Price").fill("4");
  await page.getByRole("button", { name: "Add item" }).click();
  await answerAsked;
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  releaseAnswer();
  await openEditorTabUnchecked(page, "Menu Items");
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  await expect(
    page
      .getByRole("navigation", { name: "Editor sections" })
      .getByRole("link", { name: "Menu Items" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Soup" })).toBeVisible();
});
