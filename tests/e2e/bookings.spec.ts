/**
 * Table bookings in a browser, on a phone and a laptop. With JavaScript: the owner turns
 * bookings on (each request confirmed by hand), a guest books a table for 4 tomorrow at 7 PM
 * from the menu page, gets the booking's page and its calendar file, the owner sees the request
 * arrive without reloading and confirms it, the guest's page says Confirmed, and the guest
 * cancels. Without JavaScript: a guest books on a room with 4 covers, and the next guest is not
 * offered the times that table holds. The booking pages pass the Nu HTML Checker; axe finds
 * nothing serious.
 */
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  SCREENS,
  test,
  toast,
  toastsGone,
  waitForHydration,
} from "./fixtures";
import { checkedHtmlErrors } from "./html-checker";
import { restaurantWithMenu } from "./order-placing";

/** Tomorrow's date where the restaurant is, as a date field takes it. */
function tomorrowIn(timeZone: string): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(tomorrow);
}

/** Turns bookings on in the editor's Reservations tab, as an owner does. */
async function turnBookingsOn(
  page: Page,
  editor: string,
  choices: { confirmEach?: boolean; capacity?: number } = {},
) {
  await page.goto(editor);
  await waitForHydration(page);
  await openEditorTab(page, "Reservations");
  await page.getByLabel("Take table bookings online").check();
  if (choices.capacity !== undefined) {
    // The largest party taken online cannot be more than the room.
    await page.getByLabel("Largest party booked online").fill(String(choices.capacity));
    await page.getByLabel("Covers at once").fill(String(choices.capacity));
  }
  if (choices.confirmEach) await page.getByLabel("I confirm each request").check();
  await page.getByRole("button", { name: "Save reservations" }).click();
  await expect(toast(page, "Reservation settings saved")).toBeVisible();
  await toastsGone(page);
}

/** A guest's own browser, with or without JavaScript. */
async function guestPage(browser: Browser, viewport: { width: number; height: number }, js = true) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    javaScriptEnabled: js,
  });
  return context.newPage();
}

/** Fills the booking form's party and day; without a script, asks for the day's times. */
async function chooseDay(guest: Page, party: string, date: string, js: boolean) {
  await guest.getByLabel("Party size").selectOption(party);
  await guest.getByLabel("Date").fill(date);
  if (!js) await guest.getByRole("button", { name: "Show times" }).click();
  // The script puts the day's address in the bar once that day's times are in place.
  else await expect(guest).toHaveURL(new RegExp(`[?&]date=${date}`));
}

async function fillGuest(guest: Page, name: string) {
  await guest.getByLabel("Name").fill(name);
  await guest.getByLabel("Phone").fill("+1 555 0142");
  await guest.getByLabel("Email").fill(`${name.split(" ")[0]!.toLowerCase()}@example.com`);
  await guest.getByLabel("Note for the restaurant (optional)").fill("A high chair, please");
}

for (const [screen, viewport] of SCREENS) {
  test(`a guest books a table for 4 tomorrow at 7 PM, the owner confirms it live, the guest cancels (${screen})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = `Corner Table ${screen}`;
    const site = await restaurantWithMenu(page, name);
    await turnBookingsOn(page, site.editor, { confirmEach: true });
    await expectNoSeriousAxeIssue(page, `Reservations tab (${screen})`);
    await page.screenshot({ path: `test-results/bookings-settings-${screen}.png`, fullPage: true });

    await page.goto("/user/bookings");
    await waitForHydration(page);
    await expect(page.getByText("No bookings this day.")).toBeVisible();

    const guest = await guestPage(browser, viewport);
    await guest.goto(site.publicPath);
    await guest.getByRole("link", { name: "Book a table" }).first().click();
    await expect(guest.getByRole("heading", { level: 1 })).toContainText(name);
    const date = tomorrowIn(site.timeZone);
    // With a script the times follow the party and day: no "Show times" to press.
    await expect(guest.getByRole("button", { name: "Show times" })).toBeHidden();
    await chooseDay(guest, "4", date, true);
    // The day's times arrive without a reload.
    const sevenPm = guest.getByRole("radio", { name: "7:00 PM" });
    await sevenPm.check();
    // Changing the party refreshes the times, and 7 PM, still free, stays picked.
    await guest.getByLabel("Party size").selectOption("2");
    await expect(guest).toHaveURL(/[?&]party=2/);
    await expect(sevenPm).toBeChecked();
    await guest.getByLabel("Party size").selectOption("4");
    await expect(guest).toHaveURL(/[?&]party=4/);
    await expect(sevenPm).toBeChecked();
    await fillGuest(guest, "Ada Lovelace");
    await expectNoSeriousAxeIssue(guest, `booking form (${screen})`);
    await guest.screenshot({ path: `test-results/bookings-form-${screen}.png`, fullPage: true });
    await guest.getByRole("button", { name: "Send request" }).click();

    await expect(guest).toHaveURL(/\/b\/[A-Za-z0-9]{32}$/);
    await expect(guest.getByRole("heading", { name: "Request sent" })).toBeVisible();
    await expect(guest.getByText("7:00 PM")).toBeVisible();
    await expect(guest.getByText("4 guests")).toBeVisible();
    await expectNoSeriousAxeIssue(guest, `booking page, requested (${screen})`);
    await guest.screenshot({ path: `test-results/bookings-page-${screen}.png`, fullPage: true });

    // The calendar file: one event, tomorrow, an hour and a half.
    const icsHref = await guest.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
    const ics = await guest.request.get(icsHref!);
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
    const calendar = await ics.text();
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(calendar).toContain(name);

    // The owner hears of it while the page stays open, and confirms it.
    await expect(page.getByText("1 booking request waiting for you")).toBeVisible();
    await page.getByRole("link", { name: /: 1$/ }).first().click();
    const confirm = page.getByRole("button", { name: "Confirm Ada Lovelace at 7:00 PM" });
    await expect(confirm).toBeVisible();
    await expectNoSeriousAxeIssue(page, `bookings page with a request (${screen})`);
    await page.screenshot({ path: `test-results/bookings-owner-${screen}.png`, fullPage: true });
    await confirm.click();
    await expect(toast(page, "Booking of Ada Lovelace confirmed")).toBeVisible();
    await toastsGone(page);

    await guest.reload();
    await expect(guest.getByRole("heading", { name: "Confirmed" })).toBeVisible();

    // The guest cancels (long before the 2 hours' cutoff); the owner's page follows.
    await guest.getByRole("button", { name: "Cancel booking" }).click();
    const sure = guest.getByRole("button", { name: "Cancel booking" });
    await sure.click();
    await expect(guest.getByRole("heading", { name: "Cancelled" })).toBeVisible();
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await guest.context().close();
  });

  test(`without JavaScript a guest books, and a full time is not offered to the next (${screen})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = `Small Room ${screen}`;
    const site = await restaurantWithMenu(page, name);
    await turnBookingsOn(page, site.editor, { capacity: 4 });
    const date = tomorrowIn(site.timeZone);

    const guest = await guestPage(browser, viewport, false);
    await guest.goto(`${site.publicPath}/book`);
    await chooseDay(guest, "4", date, false);
    await guest.getByRole("radio", { name: "7:00 PM" }).check();
    await fillGuest(guest, "Grace Hopper");
    await guest.getByRole("button", { name: "Book table" }).click();
    await expect(guest.getByRole("heading", { name: "Confirmed" })).toBeVisible();
    const bookingPath = new URL(guest.url()).pathname;

    const next = await guestPage(browser, viewport, false);
    await next.goto(`${site.publicPath}/book`);
    await chooseDay(next, "2", date, false);
    // The 7 PM table holds the room's 4 covers until 8:30 PM: nothing that overlaps it is offered.
    for (const taken of ["6:00 PM", "7:00 PM", "8:00 PM"]) {
      await expect(next.getByRole("radio", { name: taken, exact: true })).toHaveCount(0);
    }
    for (const free of ["5:30 PM", "8:30 PM"]) {
      await expect(next.getByRole("radio", { name: free, exact: true })).toHaveCount(1);
    }
    await next.screenshot({
      path: `test-results/bookings-form-no-js-${screen}.png`,
      fullPage: true,
    });
    // The same form as its address renders it (axe needs a script of its own to run).
    const formPath = `${site.publicPath}/book?party=2&date=${date}`;
    await page.goto(formPath);
    await expectNoSeriousAxeIssue(page, `booking form as rendered (${screen})`);

    // The booking pages as a visitor's browser gets them are valid HTML.
    const documents: Array<[string, string]> = [];
    for (const [label, path] of [
      ["booking form", formPath],
      ["booking page", bookingPath],
    ] as const) {
      const response = await next.request.get(path);
      expect(response.status(), path).toBe(200);
      documents.push([`${label} (${path})`, await response.text()]);
    }
    expect(checkedHtmlErrors(documents)).toEqual([]);
    await guest.context().close();
    await next.context().close();
  });
}
