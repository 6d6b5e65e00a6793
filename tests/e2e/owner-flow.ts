/**
 * A new owner's way from /register to a public menu with a theme, a logo, opening hours
 * and five items, done the way a person would: the Playwright check (owner-flow.spec.ts)
 * and the benchmark (bench/owner-flow.ts) both run it, one counting interactions and time.
 */
import { expect, type Page } from "@playwright/test";

export interface OwnerFlowResult {
  /** Clicks, taps, typed fields, choices and files picked: what the owner does by hand. */
  interactions: number;
  milliseconds: number;
  publicPath: string;
}

const MENU = [
  ["Garden Salad", "8.50"],
  ["Tomato Soup", "6"],
  ["Grilled Fish", "18.90"],
  ["Lemon Tart", "7.25"],
  ["House Lemonade", "3.50"],
] as const;

export async function runOwnerFlow(
  page: Page,
  { baseURL, logo }: { baseURL: string; logo: Buffer },
): Promise<OwnerFlowResult> {
  let interactions = 0;
  const act = async (action: Promise<unknown>) => {
    interactions += 1;
    await action;
  };
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const started = Date.now();

  await page.goto(`${baseURL}/register`);
  await act(page.getByLabel("Username").fill(`owner${unique}`));
  await act(page.getByLabel("Email").fill(`owner-${unique}@example.com`));
  await act(page.getByLabel("Password").fill("a long and unusual passphrase"));
  await act(page.getByRole("button", { name: "Create account" }).click());
  await expect(page).toHaveURL(/\/user$/);

  await act(page.getByRole("link", { name: "Create your first site" }).click());
  await act(page.getByRole("radio", { name: /^Restaurant/ }).check());
  await act(page.getByLabel("Name").fill("Flow Kitchen"));
  await act(page.getByRole("button", { name: "Create", exact: true }).click());
  await page.waitForURL(/\/user\/restaurant\/setup\/[A-Za-z0-9]{20}$/);
  // As a person does, the flow starts typing once the editor answers (React has hydrated it).
  await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0);

  const tabs = page.getByRole("navigation", { name: "Editor sections" });
  await act(tabs.getByRole("link", { name: "Add Item", exact: true }).click());
  for (const [name, price] of MENU) {
    await act(page.getByLabel("Name", { exact: true }).fill(name));
    await act(page.getByLabel("Price", { exact: true }).fill(price));
    await act(page.getByRole("button", { name: "Add item" }).click());
    // Cleared when the server's answer arrives, which on a busy host can take a while.
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("", { timeout: 20_000 });
  }

  await act(tabs.getByRole("link", { name: "Info", exact: true }).click());
  await act(page.getByRole("radio", { name: "Bistro" }).check());
  await act(page.getByLabel("Monday opens").selectOption("11:00 AM"));
  await act(page.getByLabel("Monday closes").selectOption("10:00 PM"));
  await act(page.getByRole("button", { name: "Use Monday's hours every day" }).click());
  await act(page.getByRole("button", { name: "Save", exact: true }).click());
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Info saved!");

  await act(
    page.locator('input[type="file"]').first().setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: logo,
    }),
  );
  await expect(page.getByRole("img", { name: /logo/i }).first()).toBeVisible();

  const publicPath = (await page.getByRole("link", { name: "View Public" }).getAttribute("href"))!;
  const milliseconds = Date.now() - started;
  return { interactions, milliseconds, publicPath };
}

/** What the flow must have produced on the public page. */
export async function expectFinishedMenu(page: Page, baseURL: string, publicPath: string) {
  await page.goto(`${baseURL}${publicPath}`);
  const root = page.locator("[data-site-theme]");
  await expect(root).toHaveAttribute("data-font", "classic");
  await expect(root).toHaveCSS("background-color", "rgb(255, 250, 243)");
  await expect(page.getByRole("img", { name: "Flow Kitchen logo" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Sunday/ })).toContainText("11:00 AM");
  for (const [name] of MENU) await expect(page.getByText(name, { exact: true })).toBeVisible();
}
