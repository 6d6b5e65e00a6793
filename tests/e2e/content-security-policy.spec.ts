/**
 * Every kind of page under its Content-Security-Policy in a real browser: nothing is
 * refused, React hydrates the pages it renders, and the public shop's inline script runs.
 */
import type { Page } from "@playwright/test";
import { createSite, DEMO, expect, openEditorTab, signIn, signUpOwner, test } from "./fixtures";
import { dialog, tagBox, visibleNames } from "./shop-page";

/**
 * Every violation the browser reports, from the page's first script on: the
 * `securitypolicyviolation` events, and the console's "Refused to …" messages
 * (which also cover what is refused before any script could listen).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** React Router has taken over the page: its router exists in the browser. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => "__reactRouterDataRouter" in window), { timeout: 10_000 })
    .toBe(true);
}

/** The demo's public pages, as its owner's dashboard links them (signed in as the demo). */
async function demoPublicPaths(page: Page) {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  const pathOf = async (name: string) =>
    (await page.getByRole("link", { name: `View Public page of ${name}` }).getAttribute("href"))!;
  return { restaurant: await pathOf("Demo Diner"), shop: await pathOf("Demo Goods") };
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()["content-security-policy"], path).toBeTruthy();
}

test("marketing and sign-in pages run their scripts under the policy", async ({ page }) => {
  const violations = await watchViolations(page);
  // The landing, product and sign-in pages are plain HTML; the landing's one inline script
  // (closing the nav's menu on a jump to a section) runs by its nonce.
  for (const path of ["/", "/product/restaurant", "/signin"]) {
    await visit(page, path);
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await visit(page, "/");
  const menu = page.getByRole("navigation", { name: "Site" }).locator("details");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "About" }).click();
  await expect(menu).not.toHaveAttribute("open");

  await visit(page, "/register");
  await expectHydrated(page);
  // A client-side navigation: React Router fetches the next page's data and modules.
  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectHydrated(page);
  expect(violations).toEqual([]);
});

test("the portal and an editor run their scripts under the policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await signUpOwner(page);
  await visit(page, "/user");
  await expectHydrated(page);
  const editor = await createSite(page, "Restaurant", "Policy Diner");
  await visit(page, new URL(editor).pathname);
  await expectHydrated(page);
  // The editor's own script at work: a tab change is a client-side navigation.
  await openEditorTab(page, "Add Item");
  await visit(page, "/user/info");
  await expectHydrated(page);
  // Signing out is a form posted to this site.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test("public pages: the restaurant has no script, the shop's runs by its hash", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const { restaurant, shop } = await demoPublicPaths(page);

  await visit(page, restaurant);
  await expect(page.getByRole("heading", { level: 1, name: "Demo Diner" })).toBeVisible();

  await visit(page, shop);
  // The script marks the page once it has taken over filtering and the dialog.
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  await tagBox(page, "Winter").check();
  await expect(visibleNames(page)).toHaveText(["Wool Scarf", "Cotton Socks"]);
  await page.getByRole("link", { name: /Wool Scarf/ }).click();
  await expect(dialog(page).getByRole("heading", { name: "Wool Scarf" })).toBeVisible();
  // Opened by the script as a modal dialog, not by the server's ?item= page.
  expect(await dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
  expect(violations).toEqual([]);
});

test("a menu's language hint runs by its site type's hashes, for a visitor who reads Spanish", async ({
  page,
  browser,
}) => {
  const { restaurant } = await demoPublicPaths(page);

  // The demo menu has Spanish too: a browser that prefers it is offered the Spanish page.
  const visitor = await browser.newContext({ locale: "es-ES" });
  try {
    const spanishReader = await visitor.newPage();
    const violations = await watchViolations(spanishReader);
    await visit(spanishReader, restaurant);
    await expect(spanishReader.locator(".site-language-hint:visible")).toHaveCount(1);
    expect(violations).toEqual([]);
  } finally {
    await visitor.close();
  }
});
