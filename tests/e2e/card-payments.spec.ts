/**
 * Card payments in Chromium at 360 px, against a portal of its own pointed at the fake Stripe
 * API (tests/support/fake-stripe), whose onboarding and checkout pages the browser fills in as
 * an owner and a customer would Stripe's: the demo owner connects Demo Diner, a customer pays
 * by card and lands on "Paid", the owner's inbox shows it paid without a reload, the owner
 * rejects it and the customer's page says "Refunded"; with cards optional a customer can still
 * pay at pickup; and a portal without Stripe keys says nothing about cards.
 */
import type { Browser, Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { DEMO, expect, expectNoSeriousAxeIssue, signIn, test } from "./fixtures";
import { demoDinerPath } from "./ordering-portal";
import { preparedDataDir, startPortal, type PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

const CLOCK = "2026-12-02T17:00:00Z";
const SECRET = "whsec_e2ecardpayments01";
const PHONE = { width: 360, height: 800 };

let fake: FakeStripe;
let portal: PortalProcess;
let menuPath: string;

test.beforeAll(async ({ browser }) => {
  fake = await startFakeStripe({ now: () => Date.parse(CLOCK) });
  portal = await startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
    SEED_DEMO: "true",
    PUBLIC_PAGES_CLOCK: CLOCK,
    STRIPE_SECRET_KEY: "sk_test_e2ecardpayments01",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: fake.url,
    LOG_LEVEL: "warn",
  });
  fake.setWebhookTarget(`${portal.url}/webhooks/stripe`, SECRET);
  menuPath = await demoDinerPath(browser, portal);
});
test.afterAll(async () => {
  expect(await portal?.stop()).toBe(0);
  await fake?.close();
});

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: portal.url, viewport: PHONE })).newPage();
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  return page;
}

async function customerPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: portal.url, viewport: PHONE })).newPage();
}

/** A plain burger in the cart, then the review, with the customer's details filled in. */
async function reviewBurger(page: Page, name: string) {
  await page.goto(`${menuPath}/order`);
  const burger = page.locator("li[data-item]", {
    has: page.getByRole("heading", { name: "Classic Burger", exact: true }),
  });
  await burger.getByRole("button", { name: /^Add/ }).click();
  await page.getByRole("button", { name: /^Review order/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Phone").fill("+1 555 0142");
  await page.getByLabel("Email (optional, for updates)").fill("card.customer@example.com");
}

test("the owner connects Demo Diner's Stripe account and lets customers pay by card", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const diner = menuPath.split("-").at(-1)!;
  await page.goto(`/user/restaurant/setup/${diner}?tab=orders`);
  const section = page.getByRole("region", { name: "Card payments" });
  await expect(section).toContainText("Not connected");
  await section.getByRole("button", { name: "Connect Stripe" }).click();
  // Stripe's onboarding (the fake's), then back to the tab.
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(page).toHaveURL(/tab=orders/);
  await expect(section).toContainText("Ready to take payments");
  await section.getByLabel("Customers may pay by card or at pickup/delivery").check();
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByLabel("Customers may pay by card or at pickup/delivery")).toBeChecked();
  await expectNoSeriousAxeIssue(page, "card payments section");
});

test("a customer pays by card; the owner sees it paid, rejects it, and the customer sees the refund", async ({
  browser,
}) => {
  const owner = await ownerPage(browser);
  await owner.goto("/user/orders");
  await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();

  const page = await customerPage(browser);
  await reviewBurger(page, "Card Customer");
  await expect(page.getByLabel("Pay now by card")).toBeChecked();
  await expectNoSeriousAxeIssue(page, "review with card payments");
  await page.getByRole("button", { name: "Place order" }).click();
  // Stripe's hosted checkout (the fake's): the order's lines and the prefilled email.
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`));
  await expect(page.getByText("Classic Burger")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/o\/[A-Za-z0-9]{32}/);
  await expect(page.getByText(/^Paid \$[\d.]+ by card$/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sent: waiting for");

  // The inbox hears of it without a reload.
  const card = owner.getByRole("listitem").filter({ hasText: "Card Customer" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Paid by card")).toBeVisible();

  await card.getByRole("button", { name: /^Reject order/ }).click();
  const dialog = owner.getByRole("dialog");
  await dialog.getByLabel("Too busy").check();
  await dialog.getByRole("button", { name: "Reject order", exact: true }).click();
  // A rejected order is done: its refund shows there, live.
  await owner.getByRole("link", { name: /^Done/ }).click();
  await expect(card.getByText("Refunded", { exact: true })).toBeVisible();

  // The customer's page moves on by itself.
  await expect(page.getByText(/^Refunded \$[\d.]+ to your card$/)).toBeVisible({ timeout: 20_000 });
  expect([...fake.refunds.values()]).toHaveLength(1);
});

test("with cards optional, a customer can still pay at pickup", async ({ browser }) => {
  const page = await customerPage(browser);
  await reviewBurger(page, "Counter Customer");
  await page.getByLabel("Pay at pickup").check();
  const sessions = fake.sessions.size;
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/o\/[A-Za-z0-9]{32}/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sent: waiting for");
  await expect(page.getByText(/by card/)).toHaveCount(0);
  expect(fake.sessions.size).toBe(sessions);
});

test("without Stripe keys nothing about cards appears", async ({ page }) => {
  // The suite's own portal runs without them (what its review says is checked in
  // tests/integration/card-payments-http.test.ts, at a clock where the diner is open).
  await page.setViewportSize(PHONE);
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  const publicPath = (await page
    .getByRole("link", { name: "View Public page of Demo Diner" })
    .getAttribute("href"))!;
  const diner = publicPath.split("-").at(-1)!;
  await page.goto(`/user/restaurant/setup/${diner}?tab=orders`);
  await expect(page.getByLabel("Pickup", { exact: true })).toBeVisible();
  await expect(page.getByText("Card payments")).toHaveCount(0);
  await expect(page.getByText("Stripe")).toHaveCount(0);
  expect((await page.request.post("/webhooks/stripe", { data: "{}" })).status()).toBe(404);
});
