/**
 * A clear start: "Create your page — free" on the landing page and on each available
 * product's page, registration that keeps the product (with or without JavaScript), and the
 * create screen that opens with it chosen.
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import {
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  signUpOwner,
  test,
  uniqueOwner,
} from "./fixtures";
import { preparedDataDir, startPortal } from "./server-process";

const CREATE_YOUR_PAGE = "Create your page — free";

async function fillRegistration(page: Page, owner: ReturnType<typeof uniqueOwner>) {
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

test("the landing page's main button leads to registration, with Sign in beside it", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Your business online in minutes" });
  await expect(hero.getByRole("link", { name: CREATE_YOUR_PAGE })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(hero.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  // The primary call to action comes first and looks it: filled, where Sign in is outlined.
  const [primary, secondary] = await hero.locator(".button").all();
  await expect(primary!).toHaveText(CREATE_YOUR_PAGE);
  await expect(secondary!).toHaveClass(/secondary/);

  await hero.getByRole("link", { name: CREATE_YOUR_PAGE }).click();
  await expect(page).toHaveURL(/\/register$/);
  await fillRegistration(page, uniqueOwner("landing"));
  // No product was chosen: the owner lands on their (empty) list of sites.
  await expect(page).toHaveURL(/\/user$/);
});

for (const [product, label] of [
  ["restaurant", "Restaurant"],
  ["shoppy", "Shoppy"],
] as const) {
  test(`the ${product} page leads to registration and on to create with ${label} chosen`, async ({
    page,
  }) => {
    await page.goto(`/product/${product}`);
    const start = page.getByRole("link", { name: CREATE_YOUR_PAGE });
    // At the top, under the version, and again at the end of the page.
    await expect(start).toHaveCount(2);
    for (const link of await start.all()) {
      await expect(link).toHaveAttribute("href", `/register?product=${product}`);
    }
    await expect(start.first()).toBeInViewport();

    await start.first().click();
    await expect(page).toHaveURL(new RegExp(`/register\\?product=${product}$`));
    await expect(page.getByText(`Next, you name your ${product} page.`)).toBeVisible();
    await fillRegistration(page, uniqueOwner(product));

    await expect(page).toHaveURL(new RegExp(`/user/create\\?type=${product}$`));
    await expect(page.getByRole("radio", { name: new RegExp(`^${label}`) })).toBeChecked();
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
    await page.getByLabel("Name").fill(`First ${label}`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${product}/setup/[A-Za-z0-9]{20}$`));
  });
}

test("a product that cannot be started with is ignored, in the address and in the form", async ({
  page,
}) => {
  await page.goto("/register?product=dealership");
  await expect(page.locator('input[name="product"]')).toHaveCount(0);
  await fillRegistration(page, uniqueOwner("disabled"));
  await expect(page).toHaveURL(/\/user$/);

  for (const product of ["ecommerce", "//evil.example", "https://evil.example/"]) {
    const owner = uniqueOwner("tampered");
    const response = await page.request.post("/register?product=restaurant", {
      form: { ...owner, product },
      maxRedirects: 0,
    });
    expect(response.status(), product).toBe(302);
    expect(response.headers()["location"], product).toBe("/user");
  }
});

test("the create screen preselects any type an owner may create, and nothing else", async ({
  page,
}) => {
  await signUpOwner(page);
  await page.goto("/user/create?type=dealership");
  await expect(page.getByRole("radio", { name: /^Dealership/ })).toBeChecked();
  await page.goto("/user/create?type=coming-soon");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.goto("/user/create");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
});

test("signed in, a product page goes straight to creating it", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/product/shoppy");
  await expect(page.getByRole("link", { name: CREATE_YOUR_PAGE })).toHaveCount(0);
  await page.getByRole("link", { name: "Create your page", exact: true }).first().click();
  await expect(page).toHaveURL(/\/user\/create\?type=shoppy$/);
  await expect(page.getByRole("radio", { name: /^Shoppy/ })).toBeChecked();

  // Opening the registration link while signed in lands there too.
  await page.goto("/register?product=restaurant");
  await expect(page).toHaveURL(/\/user\/create\?type=restaurant$/);
});

test("where addresses are confirmed, the mailed link brings the owner back to create the product", async ({
  page,
}) => {
  // A portal of its own, without SMTP: it writes the mails to disk and logs their links.
  const portal = await startPortal({
    DATA_DIR: await preparedDataDir(),
    REQUIRE_EMAIL_VERIFICATION: "true",
  });
  try {
    await page.goto(`${portal.url}/product/restaurant`);
    await page.getByRole("link", { name: CREATE_YOUR_PAGE }).first().click();
    const owner = uniqueOwner("confirming");
    await fillRegistration(page, owner);
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    // The local outbox logs each mail's links (as a JSON list: up to the closing quote).
    const linkPattern = /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^\s"]+/;
    await expect.poll(() => linkPattern.exec(portal.output())?.[0]).toBeTruthy();
    await page.goto(linkPattern.exec(portal.output())![0]);
    await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
    await page.getByRole("link", { name: "Create your page" }).click();
    await expect(page).toHaveURL(/\/user\/create\?type=restaurant$/);
    await expect(page.getByRole("radio", { name: /^Restaurant/ })).toBeChecked();

    // Offered once: the choice is forgotten after it was read.
    await page.goto(`${portal.url}/verify-email`);
    await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create your page" })).toHaveCount(0);
  } finally {
    expect(await portal.stop()).toBe(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration keeps the product through a refusal and on to create", async ({ page }) => {
    await page.goto("/product/shoppy");
    await page.getByRole("link", { name: CREATE_YOUR_PAGE }).first().click();
    await expect(page).toHaveURL(/\/register\?product=shoppy$/);

    // A refused first try (the server's password rules) keeps the product for the second.
    const owner = uniqueOwner("nojs");
    await fillRegistration(page, { ...owner, password: "short" });
    await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await expect(page.locator('input[name="product"]')).toHaveValue("shoppy");
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/user\/create\?type=shoppy$/);
    await expect(page.getByRole("radio", { name: /^Shoppy/ })).toBeChecked();
    await page.getByLabel("Name").fill("No Script Shop");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/shoppy\/setup\/[A-Za-z0-9]{20}$/);
  });
});

for (const [device, viewport] of SCREENS) {
  test(`registration and the create screen it leads to pass axe (${device})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/register?product=restaurant");
    await expectNoSeriousAxeIssue(page, `register (${device})`);
    await fillRegistration(page, uniqueOwner(`axe${device}`));
    await expect(page).toHaveURL(/\/user\/create\?type=restaurant$/);
    await expectNoSeriousAxeIssue(page, `create (${device})`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
