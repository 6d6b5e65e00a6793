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
  SCREENS,
  signUpOwner,
  test,
  toast,
  waitForHydration,
} from "./fixtures";
import { preparedDataDir, startPortal, type PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

let portal: PortalProcess;
test.beforeAll(async () => {
  portal = await startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
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
 * The Info tab of a new restaurant of a new owner, created through the create form (`byForm`)
 * or by posting it directly.
 */
async function newRestaurantInfo(page: Page, name: string, { byForm = false } = {}) {
  await signUpOwner(page);
  if (byForm) await page.goto("/user");
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

/** A day's hours in the week's table on the public page. */
function publicHoursOf(page: Page, day: string) {
  return page
    .locator("table.hours tr")
    .filter({ has: page.getByRole("rowheader", { name: day }) })
    .getByRole("cell");
}

test("choices made before the page's script runs are the ones saved", async ({ browser }) => {
  const page = await pageOnPortal(browser, {
    timezoneId: "America/Chicago",
    viewport: { width: 360, height: 800 },
  });
  const editor = await newRestaurantInfo(page, "Slow Phone Diner");
  // A slow phone: the page is there, its JavaScript is not yet.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(`${editor}?tab=info`, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("button", { name: /hours every day/ })).toHaveCount(0);

  await page.getByLabel("Monday opens").selectOption("9:00 AM");
  await page.getByLabel("Tuesday opens").selectOption("10:00 AM");
  await page.getByLabel("Tuesday closes").selectOption("6:00 PM");
  await page.getByLabel("Wednesday closes").selectOption("4:00 PM");
  await page.getByLabel("Time zone").selectOption("Europe/Rome");
  const eve = specialRow(page, 0);
  await eve.getByLabel("First day").fill("2026-12-24");
  await eve.getByLabel("Opens").selectOption("11:00 AM");
  await eve.getByLabel("Closes").selectOption("3:00 PM");
  await eve.getByLabel("Note").fill("Christmas Eve");
  await page.getByRole("radio", { name: "Trattoria" }).check();

  release();
  await waitForHydration(page);
  // Rendered only once React runs the page: everything since has rendered again.
  await expect(page.getByRole("button", { name: "Use Monday's hours every day" })).toBeVisible();
  // What was chosen stays; a time chosen beside a Closed partner clears it, as with JavaScript.
  await expect(page.getByLabel("Monday opens")).toHaveValue("9:00 AM");
  await expect(page.getByLabel("Monday closes")).toHaveValue("");
  await expect(page.getByLabel("Tuesday opens")).toHaveValue("10:00 AM");
  await expect(page.getByLabel("Tuesday closes")).toHaveValue("6:00 PM");
  await expect(page.getByLabel("Wednesday opens")).toHaveValue("");
  await expect(page.getByLabel("Wednesday closes")).toHaveValue("4:00 PM");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Rome");
  await expect(eve.getByLabel("First day")).toHaveValue("2026-12-24");
  await expect(eve.getByLabel("Opens")).toHaveValue("11:00 AM");
  await expect(eve.getByLabel("Closes")).toHaveValue("3:00 PM");
  await expect(eve.getByLabel("Note")).toHaveValue("Christmas Eve");
  await expect(page.getByRole("radio", { name: "Trattoria" })).toBeChecked();
  await expect(page.getByLabel("Primary", { exact: true })).toHaveValue("#f7f3e8");
  const saveStatus = page.locator(".save-bar").getByRole("status");
  await expect(saveStatus).toHaveText("Unsaved changes");

  // The tester's walk-through: Monday's close after the page has settled.
  await page.getByLabel("Monday closes").selectOption("5:30 PM");
  await expect(page.getByLabel("Monday opens")).toHaveValue("9:00 AM");
  await page.getByLabel("Wednesday opens").selectOption("8:00 AM");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, MESSAGES.infoSaved)).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(saveStatus).toHaveText("");
  const chosen: Array<[string, string]> = [
    ["Monday opens", "9:00 AM"],
    ["Monday closes", "5:30 PM"],
    ["Tuesday opens", "10:00 AM"],
    ["Tuesday closes", "6:00 PM"],
    ["Wednesday opens", "8:00 AM"],
    ["Wednesday closes", "4:00 PM"],
    ["Thursday opens", "Closed"],
    ["Time zone", "Europe/Rome"],
  ];
  for (const [label, value] of chosen)
    await expect(page.getByLabel(label), label).toHaveValue(value);
  await expect(eve.getByLabel("First day")).toHaveValue("2026-12-24");
  await expect(eve.getByLabel("Note")).toHaveValue("Christmas Eve");
  await expect(page.getByRole("radio", { name: "Trattoria" })).toBeChecked();

  await page.goto(await publicPathOf(page));
  await expect(publicHoursOf(page, "Monday")).toHaveText("9:00 AM – 5:30 PM");
  await expect(publicHoursOf(page, "Tuesday")).toHaveText("10:00 AM – 6:00 PM");
  await expect(publicHoursOf(page, "Wednesday")).toHaveText("8:00 AM – 4:00 PM");
  await expect(publicHoursOf(page, "Thursday")).toHaveText("Closed");
  await expect(page.locator("tr.is-today")).toHaveText(/^Wednesday/);
  // 6 PM on Wednesday 23 December in Rome.
  await expect(page.locator(".open-status")).toHaveText(/^Closed/);
  await expect(page.locator(".special-hours li")).toHaveText(
    /Thu, Dec 24\s*11:00 AM – 3:00 PM\s*Christmas Eve/,
  );
  await page.context().close();
});

test.describe("without JavaScript", () => {
  test("a time chosen beside Closed is kept, and Closed closes the day", async ({ browser }) => {
    const setup = await pageOnPortal(browser);
    const editor = await newRestaurantInfo(setup, "Lamp Oil Cafe");
    const cookies = await setup.context().cookies();
    await setup.context().close();

    const page = await pageOnPortal(browser, {
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    await page.context().addCookies(cookies);
    await page.goto(`${editor}?tab=info`);
    await page.getByLabel("Monday opens").selectOption("9:00 AM");
    await page.getByLabel("Monday closes").selectOption("5:30 PM");
    // Only one side: the Closed beside it gives way, as it does with JavaScript.
    await page.getByLabel("Tuesday opens").selectOption("10:00 AM");
    await page.getByLabel("Wednesday closes").selectOption("2:00 PM");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    const saved: Array<[string, string]> = [
      ["Monday opens", "9:00 AM"],
      ["Monday closes", "5:30 PM"],
      ["Tuesday opens", "10:00 AM"],
      ["Tuesday closes", ""],
      ["Wednesday opens", ""],
      ["Wednesday closes", "2:00 PM"],
      ["Thursday opens", "Closed"],
      ["Thursday closes", "Closed"],
    ];
    for (const [label, value] of saved)
      await expect(page.getByLabel(label), label).toHaveValue(value);

    // Closed on one side closes the day; a time beside a chosen one just changes it.
    await page.getByLabel("Monday opens").selectOption("Closed");
    await page.getByLabel("Tuesday closes").selectOption("4:00 PM");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    await expect(page.getByLabel("Monday opens")).toHaveValue("Closed");
    await expect(page.getByLabel("Monday closes")).toHaveValue("Closed");
    await expect(page.getByLabel("Tuesday opens")).toHaveValue("10:00 AM");
    await expect(page.getByLabel("Tuesday closes")).toHaveValue("4:00 PM");

    await page.goto(await publicPathOf(page));
    await expect(publicHoursOf(page, "Monday")).toHaveText("Closed");
    await expect(publicHoursOf(page, "Tuesday")).toHaveText("10:00 AM – 4:00 PM");
    await expect(publicHoursOf(page, "Wednesday")).toHaveText("Closes 2:00 PM");
    await page.context().close();
  });

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
