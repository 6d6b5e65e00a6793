/**
 * A portal of its own for the customer's ordering specs: the demo data, and public pages that
 * tell the time by a fixed clock: Wednesday 2 December 2026, 17:00 UTC (noon in New York,
 * where the demo diner is open 11 AM – 10 PM and takes pickup orders 20 minutes ahead in
 * 15-minute slots).
 */
import type { Browser } from "@playwright/test";
import { DEMO, expect, signIn } from "./fixtures";
import { preparedDataDir, startPortal, type PortalProcess } from "./server-process";

export async function startOrderingPortal(): Promise<PortalProcess> {
  return startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
    SEED_DEMO: "true",
    PUBLIC_PAGES_CLOCK: "2026-12-02T17:00:00Z",
    LOG_LEVEL: "warn",
  });
}

/** The demo diner's public page, as its owner's dashboard links it. */
export async function demoDinerPath(browser: Browser, portal: PortalProcess): Promise<string> {
  const page = await (await browser.newContext({ baseURL: portal.url })).newPage();
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const path = (await page
    .getByRole("link", { name: "View Public page of Demo Diner" })
    .getAttribute("href"))!;
  await page.context().close();
  return path;
}
