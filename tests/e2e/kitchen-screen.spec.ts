/**
 * The orders inbox's kitchen screen on a phone and a laptop: its switch keeps the screen on
 * (and asks again when the page comes back into view), shows a new order as a large card
 * that one tap accepts, passes axe, and leaves with Escape or full screen's end; the device
 * remembers it and waits for one tap; a browser without a wake lock, or one that refuses it,
 * says so.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  test,
  toast,
  toastsGone,
  turnOrderingOn,
  waitForHydration,
} from "./fixtures";
import { placeOrder, restaurantWithMenu } from "./order-placing";

type WakeLockStub = "grants" | "refuses" | "missing";

/**
 * The page's `navigator.wakeLock`, set before its scripts run. Headless Chromium may have no
 * wake lock, or refuse one (its page is never really on a screen), so the test's own stands
 * in: it grants (or refuses) each request and counts them in `window.wakeLockRequests`;
 * "missing" takes it away, as in a browser without the API.
 */
async function stubWakeLock(page: Page, stub: WakeLockStub) {
  await page.addInitScript((stub: WakeLockStub) => {
    const counted = window as unknown as { wakeLockRequests: number };
    counted.wakeLockRequests = 0;
    if (stub === "missing") {
      delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
      return;
    }
    class Sentinel extends EventTarget {
      readonly type = "screen";
      released = false;
      async release() {
        if (this.released) return;
        this.released = true;
        this.dispatchEvent(new Event("release"));
      }
    }
    const wakeLock = {
      async request(type: string) {
        counted.wakeLockRequests += 1;
        if (type !== "screen") throw new TypeError("Only the screen");
        if (stub === "refuses") throw new DOMException("Battery saver is on", "NotAllowedError");
        return new Sentinel();
      },
    };
    Object.defineProperty(Navigator.prototype, "wakeLock", {
      configurable: true,
      get: () => wakeLock,
    });
  }, stub);
}

function wakeLockRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { wakeLockRequests: number }).wakeLockRequests);
}

/** The page hidden or shown as a browser says it (another tab, the screen off), without one. */
async function showPage(page: Page, state: DocumentVisibilityState) {
  await page.evaluate((state) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    Object.defineProperty(document, "hidden", {
      configurable: true,
      get: () => state === "hidden",
    });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

const kitchenSwitch = (page: Page) => page.getByRole("button", { name: "Kitchen screen" });
const board = (page: Page) => page.getByRole("list", { name: "Today's orders, soonest first" });

async function openInbox(page: Page, name: string) {
  const site = await restaurantWithMenu(page, name);
  await turnOrderingOn(page, site.path);
  await page.goto("/user/orders");
  await waitForHydration(page);
  return site;
}

for (const [screen, viewport] of SCREENS) {
  test(`the kitchen screen keeps the screen on and takes a new order in one tap (${screen})`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await stubWakeLock(page, "grants");
    const site = await openInbox(page, `Kitchen Diner ${screen}`);

    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "false");
    // Reached with the keyboard, and pressed with it.
    await kitchenSwitch(page).focus();
    await page.keyboard.press("Enter");
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("The screen stays on while this page is open.")).toBeVisible();
    expect(await wakeLockRequests(page)).toBe(1);
    // The board has the whole screen: the portal's nav and the inbox's other parts step aside.
    await expect(page.locator(".navbar")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Last 30 days" })).toHaveCount(0);
    await expect(
      page.getByText("No orders for today yet. New orders show here at once."),
    ).toBeVisible();

    // Hidden (the tablet's screen off, another app) and shown again: the lock is asked again.
    await showPage(page, "hidden");
    expect(await wakeLockRequests(page)).toBe(1);
    await showPage(page, "visible");
    await expect.poll(() => wakeLockRequests(page)).toBe(2);
    await expect(page.getByText("The screen stays on while this page is open.")).toBeVisible();

    // A customer orders: the board follows by itself, with a large card.
    await placeOrder(request, site.publicPath, "Kai Tanaka");
    const card = board(page).getByRole("listitem").filter({ hasText: "Order 1" });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await expect(card.getByText("No onions")).toBeVisible();
    const numberSize = await card
      .getByRole("heading", { name: "Order 1" })
      .evaluate((heading) => parseFloat(getComputedStyle(heading).fontSize));
    expect(numberSize).toBeGreaterThanOrEqual(32);
    for (const button of await card.getByRole("button").all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`kitchen-${screen}.png`) });
    await expectNoSeriousAxeIssue(page, `kitchen screen with a new order (${screen})`);

    // Escape in the Reject dialog closes the dialog alone.
    await card.getByRole("button", { name: "Reject order 1" }).click();
    await expect(page.getByRole("dialog", { name: "Reject order 1?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "true");

    await card.getByRole("button", { name: "Accept order 1 for the time asked" }).click();
    await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(toast(page, "Order 1 accepted.")).toBeVisible();
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "true");
    await toastsGone(page);
    await expectNoSeriousAxeIssue(page, `kitchen screen, order accepted (${screen})`);

    // Reopened, the tablet is on its board again, and waits for one tap to keep the screen on.
    await page.reload();
    await waitForHydration(page);
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "true");
    await expect(board(page).getByText("Order 1", { exact: true })).toBeVisible();
    const keepOn = page.getByRole("button", { name: "Tap to keep the screen on" });
    await expect(keepOn).toBeVisible();
    expect(await wakeLockRequests(page)).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`kitchen-reopened-${screen}.png`) });
    await expectNoSeriousAxeIssue(page, `kitchen screen reopened (${screen})`);
    await keepOn.click();
    await expect(keepOn).toHaveCount(0);
    expect(await wakeLockRequests(page)).toBe(1);
    await expect(page.getByText("The screen stays on while this page is open.")).toBeVisible();

    // Escape goes back to the inbox, and the device forgets the board.
    await page.keyboard.press("Escape");
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "false");
    await expect(kitchenSwitch(page)).toBeFocused();
    await expect(page.locator(".navbar")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Last 30 days" })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: "Tap to keep the screen on" })).toHaveCount(0);
  });
}

test("leaving full screen leaves the kitchen screen; another list moves to Today", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await stubWakeLock(page, "grants");
  await openInbox(page, "Fullscreen Diner");
  await page.getByRole("link", { name: /^Upcoming/ }).click();
  await expect(page).toHaveURL(/view=upcoming/);
  await kitchenSwitch(page).click();
  // The board is today's orders, whichever list was open.
  await expect(page).not.toHaveURL(/view=/);
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.evaluate(() => document.exitFullscreen());
  await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator(".navbar")).toBeVisible();
});

test("a browser without a wake lock says so, and still shows the board", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await stubWakeLock(page, "missing");
  await openInbox(page, "No Lock Diner");
  await kitchenSwitch(page).click();
  await expect(kitchenSwitch(page)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("This browser cannot keep the screen on.")).toBeVisible();
  await expect(
    page.getByText("No orders for today yet. New orders show here at once."),
  ).toBeVisible();
  await expect(page.getByText("The screen stays on while this page is open.")).toHaveCount(0);
  await expectNoSeriousAxeIssue(page, "kitchen screen without a wake lock");
  // Reopened: no tap asked for what the browser cannot do.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("This browser cannot keep the screen on.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tap to keep the screen on" })).toHaveCount(0);
});

test("a browser that refuses the wake lock says so", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await stubWakeLock(page, "refuses");
  await openInbox(page, "Refused Lock Diner");
  await kitchenSwitch(page).click();
  await expect(page.getByText(/did not let this page keep the screen on/)).toBeVisible();
  expect(await wakeLockRequests(page)).toBe(1);
  await expectNoSeriousAxeIssue(page, "kitchen screen, wake lock refused");
});
