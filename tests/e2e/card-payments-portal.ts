/**
 * A portal of its own that takes cards, for the owner's card payments spec: the demo data,
 * public pages on a fixed clock (as ./ordering-portal.ts), and Stripe played by the fake
 * Stripe API in this process (tests/support/fake-stripe), its webhooks sent to the portal.
 */
import type { Browser, Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { DEMO, expect, signIn } from "./fixtures";
import { preparedDataDir, startPortal, type PortalProcess } from "./server-process";

const CLOCK = "2026-12-02T17:00:00Z";
const WEBHOOK_SECRET = "whsec_e2e_cardpayments";

export interface CardPaymentsPortal {
  portal: PortalProcess;
  fake: FakeStripe;
  stop(): Promise<number | null>;
}

export async function startCardPaymentsPortal(): Promise<CardPaymentsPortal> {
  // The fake tells the time as the portal's pages do: its checkouts expire from there.
  const fake = await startFakeStripe({ now: () => Date.parse(CLOCK) });
  const portal = await startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
    SEED_DEMO: "true",
    PUBLIC_PAGES_CLOCK: CLOCK,
    LOG_LEVEL: "warn",
    STRIPE_SECRET_KEY: "sk_test_e2ecardpayments",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  fake.setWebhookTarget(`${portal.url}/webhooks/stripe`, WEBHOOK_SECRET);
  return {
    portal,
    fake,
    async stop() {
      const code = await portal.stop();
      await fake.close();
      return code;
    },
  };
}

/** The demo owner, signed in, on the demo diner's editor at its Orders tab. */
export async function demoOrdersTab(page: Page): Promise<{ editorPath: string; menuPath: string }> {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const editorPath = (await page
    .getByRole("link", { name: "Edit Demo Diner" })
    .getAttribute("href"))!;
  const menuPath = (await page
    .getByRole("link", { name: "View Public page of Demo Diner" })
    .getAttribute("href"))!;
  await page.goto(`${editorPath}?tab=orders`);
  return { editorPath, menuPath };
}

/** A customer orders an iced tea for pickup and pays by card on Stripe's (the fake's) page. */
export async function placePaidCardOrder(
  browser: Browser,
  portal: PortalProcess,
  menuPath: string,
  name: string,
): Promise<void> {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  await page.goto(`${menuPath}/order`);
  await page
    .locator("li[data-item]", { has: page.getByRole("heading", { name: "Iced Tea", exact: true }) })
    .getByRole("button", { name: /^Add/ })
    .click();
  await page.getByRole("button", { name: /^Review order/ }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Phone").fill("+1 555 0123");
  await page.getByRole("button", { name: "Place order" }).click();
  // Stripe asks for an email the order page did not.
  await page.getByLabel("Email").fill("customer@example.com");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/o\/[A-Za-z0-9]{32}/);
  await context.close();
}
