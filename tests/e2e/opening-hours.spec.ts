/**
 * "Open now", time zones and special days, in Chromium against a portal of its own whose
 * public pages tell the time by a fixed clock (PUBLIC_PAGES_CLOCK): Wednesday 23 December
 * 2026, 17:00 UTC (noon in New York, 11 AM in Chicago).
 */
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import { SPECIAL_HOURS_MESSAGES } from "../../app/lib/special-hours";
import { EXAMPLE_SITES, examplePath } from "../../app/lib/example-sites";
import {
  createSite,
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  register,
  SCREENS,
  signUpOwner,
  test,
  toast,
} from "./fixtures";
import { startPortal, tempDataDir, type PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

let portal: PortalProcess;
test.beforeAll(async () => {
  portal = await startPortal({
    DATA_DIR: tempDataDir(),
    SEED_DEMO: "true",
    PUBLIC_PAGES_CLOCK: "2026-12-23T17:00:00Z",
    LOG_LEVEL: "warn",
  });
});
test.afterAll(async () => {
  expect(await portal?.stop()).toBe(0);
});

async function pageOnPortal(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: portal.url, ...options });
  return context.newPage();
}

/**
 * The Info tab of a new restaurant of a new owner, created through the forms (`byForm`) or
 * by posting them directly.
 */
async function newRestaurantInfo(page: Page, name: string, { byForm = false } = {}) {
  if (byForm) await register(page);
  else await signUpOwner(page);
  const editor = byForm
    ? await createSite(page, "Restaurant", name)
    : await createSiteDirectly(page, "restaurant", name);
  await openEditorTab(page, "Info");
  return editor;
}

function specialRow(page: Page, index: number) {
  return page.locator(".special-hours-row").nth(index);
}

test("the example restaurant says it is open now, and marks today", async ({ browser }) => {
  const restaurant = EXAMPLE_SITES.find((site) => site.type === "restaurant")!;
  for (const [screen, viewport] of SCREENS) {
    const page = await pageOnPortal(browser, { viewport });
    await page.goto(examplePath(restaurant));
    // Wednesday's hours are 12:00 PM – 10:00 PM, and it is noon in Portland, Maine.
    const status = page.locator(".open-status");
    await expect(status).toHaveText("Open now · until 10:00 PM");
    // Near the top: seen without scrolling.
    const box = await status.boundingBox();
    expect(box!.y + box!.height, screen).toBeLessThan(viewport.height);
    await expect(page.locator("tr.is-today")).toHaveText(
      /Wednesday \(today\)\s*12:00 PM – 10:00 PM/,
    );
    await expectNoSeriousAxeIssue(page, `example restaurant (${screen})`);
    await page.context().close();
  }
});

test("a new site keeps the owner's time zone, and its special days show on the page", async ({
  browser,
}) => {
  const page = await pageOnPortal(browser, { timezoneId: "America/Chicago" });
  // The create form sends the browser's zone: through the form, as an owner does.
  await newRestaurantInfo(page, "Prairie Diner", { byForm: true });
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");

  await page.getByLabel("Wednesday opens").selectOption("9:00 AM");
  await page.getByLabel("Wednesday closes").selectOption("5:00 PM");

  const eve = specialRow(page, 0);
  await eve.getByLabel("First day").fill("2026-12-24");
  await eve.getByLabel("Opens").selectOption("11:00 AM");
  await eve.getByLabel("Closes").selectOption("3:00 PM");
  await page.getByRole("button", { name: "Add a special day" }).click();
  const christmas = specialRow(page, 1);
  await christmas.getByLabel("First day").fill("2026-12-25");
  await christmas.getByLabel("Last day").fill("2026-12-26");
  await christmas.getByLabel("Opens").selectOption("Closed");
  // Closed on one side closes the other, as in the week.
  await expect(christmas.getByLabel("Closes")).toHaveValue("Closed");
  await christmas.getByLabel("Note").fill("Christmas");
  await expectNoSeriousAxeIssue(page, "Info with special days");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();

  await page.goto(await publicPathOf(page));
  // 11 AM on a Wednesday in Chicago, open 9 to 5.
  await expect(page.locator(".open-status")).toHaveText("Open now · until 5:00 PM");
  const special = page.locator(".special-hours");
  await expect(special.getByRole("heading", { name: "Special hours" })).toBeVisible();
  await expect(special.getByRole("listitem")).toHaveText([
    /Thu, Dec 24\s*11:00 AM – 3:00 PM/,
    /Fri, Dec 25 – Sat, Dec 26\s*Closed\s*Christmas/,
  ]);
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  ) as { specialOpeningHoursSpecification: unknown[] };
  expect(jsonLd.specialOpeningHoursSpecification).toHaveLength(2);
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeIssue(page, `public page with special days (${screen})`);
  }
  await page.context().close();
});

test("a special day that ends before it starts is refused beside the field", async ({
  browser,
}) => {
  const page = await pageOnPortal(browser, { timezoneId: "Europe/Rome" });
  await newRestaurantInfo(page, "Trattoria Sbagliata");
  const row = specialRow(page, 0);
  await row.getByLabel("First day").fill("2026-12-24");
  await row.getByLabel("Last day").fill("2026-12-20");
  await row.getByLabel("Opens").selectOption("Closed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText(SPECIAL_HOURS_MESSAGES.endBeforeStart)).toBeVisible();
  await expect(row.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");

  // Nothing was saved: the public page has no special hours.
  await page.goto(await publicPathOf(page));
  await expect(page.locator(".special-hours")).toHaveCount(0);
  await page.context().close();
});

test.describe("without JavaScript", () => {
  test("the spare row adds a special day, and the page shows it", async ({ browser }) => {
    const setup = await pageOnPortal(browser, { timezoneId: "America/New_York" });
    const editor = await newRestaurantInfo(setup, "Quiet Corner");
    const cookies = await setup.context().cookies();
    await setup.context().close();

    const page = await pageOnPortal(browser, { javaScriptEnabled: false });
    await page.context().addCookies(cookies);
    await page.goto(`${editor}?tab=info`);
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByLabel("Monday opens").selectOption("8:00 AM");
    await page.getByLabel("Monday closes").selectOption("4:00 PM");
    const row = specialRow(page, 0);
    await row.getByLabel("First day").fill("2026-12-31");
    await row.getByLabel("Opens").selectOption("Closed");
    await row.getByLabel("Closes").selectOption("Closed");
    await row.getByLabel("Note").fill("New Year's Eve");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    // A new spare row follows the saved day.
    await expect(page.locator(".special-hours-row")).toHaveCount(2);

    await page.goto(await publicPathOf(page));
    // Wednesday noon in New York; only Mondays open.
    await expect(page.locator(".open-status")).toHaveText("Closed · opens Monday at 8:00 AM");
    await expect(page.locator(".special-hours li")).toHaveText(
      /Thu, Dec 31\s*Closed\s*New Year's Eve/,
    );
    await page.context().close();
  });
});

/** The site's public address, as its editor links it. */
async function publicPathOf(page: Page): Promise<string> {
  const href = await page.locator('a[href^="/r/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}
