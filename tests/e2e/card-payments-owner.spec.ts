/**
 * The owner's side of card payments on a phone (360 px), against a portal that takes cards
 * through the fake Stripe API (./card-payments-portal.ts): the Orders tab's Card payments,
 * connected through Stripe's onboarding, left unfinished, finished, and cards chosen; then the
 * inbox's word on how each order is paid, and a refund Stripe refused retried by the owner,
 * its outcome shown without a reload.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousAxeIssue, test, toastsGone, waitForHydration } from "./fixtures";
import {
  demoOrdersTab,
  placePaidCardOrder,
  startCardPaymentsPortal,
  type CardPaymentsPortal,
} from "./card-payments-portal";

test.describe.configure({ mode: "serial" });

let cards: CardPaymentsPortal;
let menuPath: string;
test.beforeAll(async () => {
  cards = await startCardPaymentsPortal();
});
test.afterAll(async () => {
  expect(await cards?.stop()).toBe(0);
});

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

test("an owner connects Stripe, finishes its details and asks for cards", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: cards.portal.url,
    viewport: { width: 360, height: 800 },
  });
  const page = await context.newPage();
  ({ menuPath } = await demoOrdersTab(page));
  const section = page.getByRole("region", { name: "Card payments" });
  await expect(section.getByText("Not connected", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeIssue(page, "card payments, not connected");
  await expectNoOverflow(page);

  // To Stripe's onboarding, and back before the details are all in.
  await section.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(page).toHaveURL(new RegExp(`^${cards.fake.url}/onboarding/`));
  await page.getByRole("button", { name: "Leave details unfinished" }).click();
  await expect(page).toHaveURL(/\/setup\/[A-Za-z0-9]+\?tab=orders#card-payments$/);
  await expect(section.getByRole("status")).toContainText("Stripe still needs some details");
  await expect(section.getByText("Stripe needs more details", { exact: true })).toBeVisible();
  await expect(section.getByRole("radio")).toHaveCount(0);
  await expectNoSeriousAxeIssue(page, "card payments, details needed");
  await expectNoOverflow(page);

  // Finished this time.
  await section.getByRole("button", { name: "Finish setting up Stripe" }).click();
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(section.getByRole("status")).toContainText(
    "Stripe account connected: ready to take payments",
  );
  await expect(section.getByText("Ready to take payments", { exact: true })).toBeVisible();
  await expect(section.getByLabel(/^Card payments off/)).toBeChecked();
  await waitForHydration(page);
  await expectNoSeriousAxeIssue(page, "card payments, ready");
  await expectNoOverflow(page);
  for (const radio of await section.getByRole("radio").all()) {
    const row = radio.locator("xpath=..");
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await section.getByLabel(/^Customers must pay by card/).check();
  await section.getByRole("button", { name: "Save", exact: true }).click();
  await expect(section.getByRole("status")).toContainText("Saved: customers must pay by card.");
  await expect(section.getByLabel(/^Customers must pay by card/)).toBeChecked();

  // Disconnect asks first; kept here.
  await section.locator("summary", { hasText: "Disconnect" }).click();
  await expect(section.getByRole("button", { name: "Disconnect Stripe" })).toBeVisible();
  await context.close();
});

test("the inbox says how each order is paid, and a refused refund is retried live", async ({
  browser,
}) => {
  for (const name of ["Card Customer A", "Card Customer B", "Card Customer C"]) {
    await placePaidCardOrder(browser, cards.portal, menuPath, name);
  }
  const context = await browser.newContext({
    baseURL: cards.portal.url,
    viewport: { width: 360, height: 800 },
  });
  const page = await context.newPage();
  await demoOrdersTab(page);
  await page.goto("/user/orders");
  await waitForHydration(page);
  const card = (name: string) => page.locator(".order-card").filter({ hasText: name });
  for (const name of ["Card Customer A", "Card Customer B", "Card Customer C"]) {
    await expect(card(name).getByText("Paid by card")).toBeVisible();
  }
  await expectNoSeriousAxeIssue(page, "inbox with paid orders");

  // A is made and picked up; B is rejected and refunded; C is rejected, Stripe refuses.
  await card("Card Customer A")
    .getByRole("button", { name: /^Accept order \d+ for/ })
    .click();
  await card("Card Customer A")
    .getByRole("button", { name: /^Order \d+ is ready/ })
    .click();
  await card("Card Customer A")
    .getByRole("button", { name: /^Order \d+ completed/ })
    .click();
  await expect(card("Card Customer A")).toHaveCount(0);

  const reject = async (name: string) => {
    await card(name)
      .getByRole("button", { name: /^Reject order/ })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Reject order" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(name)).toHaveCount(0);
  };
  await reject("Card Customer B");
  cards.fake.failNextRefunds(1, {
    status: 400,
    message: "Insufficient funds in Stripe account.",
    code: "balance_insufficient",
  });
  await reject("Card Customer C");

  await page.getByRole("link", { name: /^Done/ }).click();
  await expect(card("Card Customer A").getByText("Paid by card")).toBeVisible();
  await expect(card("Card Customer B").getByText("Refunded")).toBeVisible();
  const failed = card("Card Customer C");
  await expect(failed).toContainText("Refund failed: Insufficient funds in Stripe account.");
  await toastsGone(page);
  await expectNoSeriousAxeIssue(page, "inbox with refunds");
  await expectNoOverflow(page);

  // Asked again: Stripe takes it, and the page says so by itself.
  await failed.getByRole("button", { name: /^Retry the refund of order/ }).click();
  await expect(failed.getByText("Refunded")).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  // The ticket says whether the money is in.
  const ticketPath = await card("Card Customer A")
    .getByRole("link", { name: "Print ticket" })
    .getAttribute("href");
  await page.goto(ticketPath!);
  await expect(page.getByText("PAID BY CARD")).toBeVisible();
  await context.close();
});

test("without JavaScript, Disconnect asks first and turns cards off", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: cards.portal.url,
    viewport: { width: 360, height: 800 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await demoOrdersTab(page);
  const section = page.getByRole("region", { name: "Card payments" });
  await expect(section.getByText("Ready to take payments", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "Disconnect Stripe" })).toBeHidden();
  await section.locator("summary", { hasText: "Disconnect" }).click();
  await section.getByRole("button", { name: "Disconnect Stripe" }).click();
  await expect(section.getByRole("status")).toContainText(
    "Stripe disconnected. Card payments are off.",
  );
  await expect(section.getByText("Not connected", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "Connect Stripe" })).toBeVisible();
  await context.close();
});
