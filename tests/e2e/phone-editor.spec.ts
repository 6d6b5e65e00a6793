import type { Page } from "@playwright/test";
import {
  createSiteDirectly,
  DEMO,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  openItemsMore,
  signIn,
  signUpOwner,
  siteDangerZone,
  test,
  waitForHydration,
} from "./fixtures";

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** Smallest size of a touch target, in CSS pixels (WCAG 2.5.5). */
const TOUCH_TARGET = 44;

/**
 * Every control on show that is smaller than a thumb: buttons, links, fields,
 * menus and tabs. A checkbox or radio counts by its label, which takes the tap
 * too; a link inside a sentence is exempt, as WCAG exempts it.
 */
async function smallTouchTargets(page: Page) {
  return page.evaluate((minimum) => {
    const controls = document.querySelectorAll<HTMLElement>(
      "main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary, header a[href], header button, header summary",
    );
    const small: string[] = [];
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      if (control.closest("p, li.inline-text") && control.tagName === "A") continue;
      let target: Element = control;
      if (control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type)) {
        target = control.closest("label") ?? control.labels?.[0] ?? control;
      }
      const box = target.getBoundingClientRect();
      // A control drawn smaller than its box (a colour swatch's input) counts at its box.
      if (Math.round(box.width) < minimum || Math.round(box.height) < minimum) {
        const name =
          control.getAttribute("aria-label") ??
          control.textContent?.trim() ??
          control.getAttribute("name") ??
          "";
        small.push(
          `${control.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, TOUCH_TARGET);
}

/** Every row's secondary actions are in its own menu, and only there. */
async function expectActionsInMenus(page: Page, entries: readonly (string | RegExp)[]) {
  const rows = page.locator(".item-list > li");
  await expect(rows.first()).toBeVisible();
  const names = await page.locator(".item-list .item-name").allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(5);
  for (const name of names) {
    const row = rows.filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(row.getByRole("button", { name: /^(Edit|Delete)/ })).toHaveCount(0);
    await row.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveCount(entries.length);
    for (const entry of entries) {
      await expect(menu.getByRole("menuitem", { name: entry })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  }
}

async function openDemoEditor(page: Page, site: "Demo Diner" | "Demo Goods") {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole("link", { name: `Edit ${site}` }).click();
  // Measured once the editor itself is on screen and running, not while it is on its way.
  await expect(page).toHaveURL(/\/setup\//);
  await waitForHydration(page);
}

test.describe("the editor on a 360 × 800 phone", () => {
  test.use({ viewport: PHONE });

  for (const [site, tabs, entries] of [
    ["Demo Diner", ["Menu Items", "Add Item", "Info", "Preview"], ["Edit", /image$/, "Delete"]],
    ["Demo Goods", ["Items", "Add Item", "Info", "Preview"], ["Edit", /^Photos/, "Delete"]],
  ] as const) {
    test(`${site}: short rows with their actions in a menu, and thumb-sized controls on every tab`, async ({
      page,
    }) => {
      test.slow();
      await openDemoEditor(page, site);
      const rows = page.locator(".item-list > li");
      await expect(rows.first()).toBeVisible();
      const heights = await rows.evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().height),
      );
      expect(heights.length).toBeGreaterThanOrEqual(5);
      for (const height of heights) expect(height).toBeLessThanOrEqual(140);

      await expectActionsInMenus(page, entries);
      for (const tab of tabs) {
        await openEditorTab(page, tab);
        expect(await smallTouchTargets(page), tab).toEqual([]);
        await expectNoSeriousAxeIssue(page, tab);
      }
    });

    test(`${site}: the items come first, and Delete waits at the end of Info`, async ({ page }) => {
      await openDemoEditor(page, site);
      const first = page.locator(".item-list > li").first();
      await expect(first).toBeVisible();
      expect((await first.boundingBox())!.y).toBeLessThan(450);

      // Search, sort and Refresh share one row.
      const search = (await page.getByLabel("Search items").boundingBox())!;
      for (const control of [
        page.getByLabel("Sort by"),
        page.getByRole("button", { name: "Refresh" }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(Math.abs(box.y + box.height / 2 - (search.y + search.height / 2))).toBeLessThan(4);
      }
      // What the tab does now and then is behind More; the header holds no Delete.
      await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
      await expect(page.getByText("Import or export items (CSV)")).toBeHidden();
      await openItemsMore(page);
      await expect(page.getByText("Import or export items (CSV)")).toBeVisible();
      expect(await smallTouchTargets(page)).toEqual([]);

      await openEditorTab(page, "Info");
      const danger = siteDangerZone(page);
      await expect(danger.getByRole("button", { name: `Delete ${site}` })).toBeVisible();
      expect(
        await danger.evaluate((zone) => zone.parentElement?.lastElementChild === zone),
        "the danger zone ends the tab",
      ).toBe(true);
    });
  }
});

test("on a desktop the rows keep their density, with the description and tags on show", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openDemoEditor(page, "Demo Goods");
  await expectActionsInMenus(page, ["Edit", /^Photos/, "Delete"]);
  const row = page.locator(".item-list > li").first();
  await expect(row.locator(".item-description")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Star / })).toContainText("Star");
  const height = (await row.boundingBox())!.height;
  // The row's controls carry both sold-out toggles since items sell out for the day: the
  // last one takes a second short line beside the photo's height.
  expect(height).toBeLessThanOrEqual(240);
});

// The menu editor's tabs are checked the same way in restaurant-editor.spec.ts.
test("on a desktop every tab of the shop editor passes axe", async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await openDemoEditor(page, "Demo Goods");
  for (const tab of ["Items", "Add Item", "Info"]) {
    await openEditorTab(page, tab);
    await expectNoSeriousAxeIssue(page, `Demo Goods ${tab}`);
  }
});

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the dealership and e-commerce editors pass axe and fit a ${device}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signUpOwner(page);
    for (const [typeLabel, type, name] of [
      ["Dealership", "dealership", "Axe Motors"],
      ["E-commerce", "ecommerce", "Axe Store"],
    ] as const) {
      await createSiteDirectly(page, type, name);
      await expectNoSeriousAxeIssue(page, typeLabel);
      if (device === "phone") expect(await smallTouchTargets(page), typeLabel).toEqual([]);
    }
    // Your Products, with its checklists, too.
    await page.goto("/user");
    await expectNoSeriousAxeIssue(page, "Your Products");
    if (device === "phone") expect(await smallTouchTargets(page), "Your Products").toEqual([]);
  });
}
