/**
 * The owner's side of ordering in a browser: the editor's Orders tab turns ordering on and
 * saves (with when an unanswered order reminds its owner and is turned down) on a phone and a
 * laptop; the inbox shows an order a customer places (live, with the count in the tab's
 * title) and takes it through accept +10, ready and completed; a pause says until when and
 * resumes; the kitchen ticket prints on 80 mm paper.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  SCREENS,
  signUpOwner,
  test,
  toast,
  toastsGone,
  turnOrderingOn,
  waitForHydration,
} from "./fixtures";
import { placeOrder, restaurantWithMenu } from "./order-placing";

/** Nothing on the page is wider than the screen. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [screen, viewport] of SCREENS) {
  test(`the Orders tab turns ordering on and saves (${screen})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const site = await restaurantWithMenu(page, `Tab Diner ${screen}`);
    await openEditorTab(page, "Orders");
    await expect(page.getByText("Online ordering is off")).toBeVisible();
    await expect(page.getByText(/always pay when they pick up/)).toBeVisible();

    await page.getByLabel("Take orders online").check();
    await page.getByLabel("Delivery", { exact: true }).check();
    await page.getByLabel("Delivery fee").fill("2.50");
    await page.getByLabel("Lead time (minutes)").fill("15");
    await page.getByLabel("Time slots").selectOption("10");
    await page.getByLabel("Email for orders").fill("kitchen@");
    // The defaults: reminded after 3 minutes, turned down after 15.
    await expect(page.getByLabel("Remind me after (minutes)")).toHaveValue("3");
    await expect(page.getByLabel("Turn the order down after (minutes)")).toHaveValue("15");
    await page.getByLabel("Remind me after (minutes)").fill("20");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    // Refused in the browser, at its field, with the schema's words.
    await expect(page.getByText("Enter a valid email address, or leave it empty")).toBeVisible();
    await expect(
      page.getByText("Turn an order down later than the reminder, or leave it empty for never."),
    ).toBeVisible();
    await expect(page.getByLabel("Turn the order down after (minutes)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await page.getByLabel("Email for orders").fill("kitchen@example.com");
    await page.getByLabel("Remind me after (minutes)").fill("5");
    await page.getByLabel("Turn the order down after (minutes)").fill("30");
    await page.getByLabel("PayPal.me name").fill("tabdiner");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Order settings saved!")).toBeVisible();
    await expect(page.getByText("Taking orders online")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open your order page" })).toHaveAttribute(
      "href",
      `${site.publicPath}/order`,
    );
    await expect(page.getByRole("link", { name: "Go to your orders" })).toBeVisible();

    // Saved: a reload shows what was stored.
    await page.reload();
    await expect(page.getByLabel("Take orders online")).toBeChecked();
    await expect(page.getByLabel("Delivery fee")).toHaveValue("2.50");
    await expect(page.getByLabel("Time slots")).toHaveValue("10");
    await expect(page.getByLabel("PayPal.me name")).toHaveValue("tabdiner");
    await expect(page.getByLabel("Remind me after (minutes)")).toHaveValue("5");
    await expect(page.getByLabel("Turn the order down after (minutes)")).toHaveValue("30");

    // Thumb-sized controls, and nothing wider than the screen.
    for (const label of ["Take orders online", "Pickup"]) {
      const row = page.locator(".check-row", { has: page.getByLabel(label, { exact: false }) });
      expect((await row.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const save = page.getByRole("button", { name: "Save", exact: true });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSideways(page);
    await toastsGone(page);
    await expectNoSeriousAxeIssue(page, `Orders tab (${screen})`);
    await page
      .getByRole("group", { name: "Orders you have not answered" })
      .screenshot({ path: test.info().outputPath(`unanswered-${screen}.png`) });

    // Empty: never turned down.
    await page.getByLabel("Turn the order down after (minutes)").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Order settings saved!")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Turn the order down after (minutes)")).toHaveValue("");
    await expect(page.getByLabel("Remind me after (minutes)")).toHaveValue("5");
  });
}

test("the inbox shows a new order live and takes it to completed", async ({ page, request }) => {
  const site = await restaurantWithMenu(page, "Inbox Diner");
  await turnOrderingOn(page, site.path);
  await page.goto("/user/orders");
  await waitForHydration(page);
  await expect(page.getByText("No orders for today yet.")).toBeVisible();

  // Placed elsewhere: the page follows by itself, loud, and the tab's title counts it.
  await placeOrder(request, site.publicPath, "Maria Lopez", "Extra napkins");
  const card = page.getByRole("listitem").filter({ hasText: "Order 1" });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) Orders/);
  await expect(card.getByText("Maria Lopez")).toBeVisible();
  await expect(card.getByRole("link", { name: "+1 555 0100" })).toHaveAttribute(
    "href",
    "tel:+15550100",
  );
  await expect(card.getByText("Tomato soup")).toBeVisible();
  await expect(card.getByText("Extra napkins")).toBeVisible();
  await expect(card.getByText("$13.00")).toBeVisible();
  await expectNoSeriousAxeIssue(page, "inbox with a new order");

  await card.getByRole("button", { name: "Accept order 1, ready 10 minutes later" }).click();
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(toast(page, "Order 1 accepted.")).toBeVisible();
  await expect(card.locator(".order-ready")).toBeVisible();
  await expect(page).toHaveTitle(/^Orders/);
  await card.getByRole("button", { name: "Order 1 is ready" }).click();
  await expect(card.getByText("Ready", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Order 1 completed" }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("link", { name: /^Done/ }).click();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "Order 1" })
      .getByText("Completed", { exact: true }),
  ).toBeVisible();
});

test("a pause says until when, and resumes", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const site = await restaurantWithMenu(page, "Pause Diner");
  await turnOrderingOn(page, site.path);
  await page.goto("/user/orders");
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: "Pause Diner" });
  await expect(row.getByText("Taking orders")).toBeVisible();
  await row.getByRole("button", { name: "Pause orders for Pause Diner" }).click();
  await page.getByRole("menuitem", { name: "1 hour" }).click();
  await expect(row.getByText(/^Paused until \S/)).toBeVisible();
  await expect(toast(page, "Orders paused.")).toBeVisible();
  await expectNoSideways(page);
  await toastsGone(page);
  await expectNoSeriousAxeIssue(page, "inbox paused (phone)");
  await row.getByRole("button", { name: "Resume orders" }).click();
  await expect(row.getByText("Taking orders")).toBeVisible();
});

test("the kitchen ticket prints on 80 mm paper", async ({ page, request }) => {
  const site = await restaurantWithMenu(page, "Ticket Diner");
  await turnOrderingOn(page, site.path);
  await placeOrder(request, site.publicPath, "Ticket Customer");
  await page.goto("/user/orders");
  const ticketLink = page.getByRole("link", { name: "Print ticket" }).first();
  const href = (await ticketLink.getAttribute("href"))!;
  expect(href).toMatch(/^\/user\/orders\/[A-Za-z0-9]{20}\/ticket\/80mm$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name: "#1" })).toBeVisible();
  await expect(page.getByText("PICKUP", { exact: true })).toBeVisible();
  await expect(page.getByText("Ticket Customer")).toBeVisible();
  // Paid in person: the money is still to take.
  await expect(page.getByText("NOT PAID — pay at pickup")).toBeVisible();
  await expectNoSeriousAxeIssue(page, "ticket");

  // On paper: the page is 80 mm wide (226.77 pt), the toolbar gone.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".print-toolbar")).toBeHidden();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  expect(box).not.toBeNull();
  expect(Math.abs(Number(box![1]) - (80 / 25.4) * 72)).toBeLessThan(1);

  // Someone else's ticket is not there.
  await page.emulateMedia({ media: "screen" });
  await signUpOwner(page);
  const other = await page.goto(href);
  expect(other?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the inbox's actions are plain forms", async ({ page, request }) => {
    const site = await restaurantWithMenu(page, "Plain Diner");
    await turnOrderingOn(page, site.path);
    await placeOrder(request, site.publicPath, "Plain Customer");
    await page.goto("/user/orders");
    const card = page.getByRole("listitem").filter({ hasText: "Order 1" });
    await card.getByRole("button", { name: "Accept order 1 for the time asked" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Order 1 accepted." })).toBeVisible();
    await expect(card.getByText("Accepted", { exact: true })).toBeVisible();

    // Reject opens in place, with its reasons.
    await card.locator("summary", { hasText: "Reject" }).click();
    await card.getByLabel("Too busy").check();
    await card.getByRole("button", { name: "Reject order 1" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Order 1 rejected." })).toBeVisible();
    await page.getByRole("link", { name: /^Done/ }).click();
    await expect(page.getByText("Rejected: Too busy")).toBeVisible();

    // Pausing too.
    const row = page.getByRole("listitem").filter({ hasText: "Plain Diner" });
    await row.locator("summary", { hasText: "Pause orders" }).click();
    await row.getByRole("button", { name: "Until I resume" }).click();
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: "Plain Diner" })
        .getByText("Paused until you resume"),
    ).toBeVisible();
  });
});
