import {
  DEMO,
  expect,
  register,
  signIn,
  signUpOwner,
  test,
  uniqueOwner,
  waitForHydration,
} from "./fixtures";
import { MESSAGES } from "../../app/lib/messages";
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";

test("register, sign out, sign in and land on /user", async ({ page }) => {
  const owner = await register(page);
  await expect(page.getByRole("heading", { name: "Your Products" })).toBeVisible();
  const portalNav = page.getByRole("navigation", { name: "Portal" });
  await expect(portalNav.getByText(owner.email).filter({ visible: true })).toBeVisible();

  await portalNav.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Sign in" }),
  ).toBeVisible();

  await page.goto("/signin");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole("heading", { name: "Your Products" })).toBeVisible();
});

test("the site nav shows User and signs out with a POST", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/");
  const siteNav = page.getByRole("navigation", { name: "Site" });
  await expect(siteNav.getByRole("link", { name: "User" })).toHaveAttribute("href", "/user");
  // A GET to /signout never signs anyone out.
  await page.goto("/signout");
  await page.goto("/user");
  await expect(page).toHaveURL(/\/user$/);

  await page.goto("/");
  await siteNav.getByRole("button", { name: "Sign out" }).click();
  await expect(siteNav.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser$/);
});

test("a guarded page sends a visitor to sign in and back", async ({ page }) => {
  const owner = await signUpOwner(page);
  await page.goto("/user");
  await page
    .getByRole("navigation", { name: "Portal" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/user/info");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser%2Finfo$/);
  await expect(page.getByText(MESSAGES.pleaseSignInToViewInfo)).toBeVisible();
  await signIn(page, owner.email, owner.password);

  await expect(page).toHaveURL(/\/user\/info$/);
  await expect(page.getByRole("heading", { name: "User Info" })).toBeVisible();
  await expect(page.getByText(owner.username, { exact: true })).toBeVisible();
  await expect(page.getByText("0/3")).toBeVisible();
});

test("a wrong password shows the provider's message and stays on the form", async ({ page }) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, "definitely not it");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
});

test("the sign-in form checks required fields and the email format", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordRequired)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("whatever");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test("registering an email twice does not say that it exists", async ({ page, browser }) => {
  const owner = await register(page);
  const other = await browser.newPage();
  await other.goto(page.url().replace(/\/user$/, "/register"));
  await other.getByLabel("Username").fill("someone");
  await other.getByLabel("Email").fill(owner.email);
  await other.getByLabel("Password").fill("another long password");
  await other.getByRole("button", { name: "Create account" }).click();
  await expect(other.getByRole("alert")).toHaveText(MESSAGES.registrationRefused);
  await expect(other).toHaveURL(/\/register$/);
  await other.close();
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("registration refuses a common password and the email, next to the password field", async ({
  page,
}) => {
  const owner = uniqueOwner();
  await page.goto("/register");
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Email").fill(owner.email);
  const password = page.getByLabel("Password");
  await password.fill("Qwerty123456");
  await page.getByRole("button", { name: "Create account" }).click();
  // Only the server knows the list.
  await expect(password).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(MESSAGES.passwordTooCommon)),
  );
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/register$/);

  // The browser knows the email rule.
  await password.fill(owner.email.toUpperCase());
  await expect(password).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(MESSAGES.passwordIsEmail)),
  );
});

test("registration refuses a short or common password on the server too", async ({ request }) => {
  const cases = [
    ["short", MESSAGES.passwordTooShort],
    ["1q2w3e4r5t6y", MESSAGES.passwordTooCommon],
  ] as const;
  for (const [password, message] of cases) {
    const owner = uniqueOwner();
    const response = await request.post("/register", {
      form: { username: owner.username, email: owner.email, password },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(message);
  }
});

test("a signed-in owner visiting /signin goes to /user", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/signin");
  await expect(page).toHaveURL(/\/user$/);
});

test("only same-site paths are honoured after sign-in", async ({ page }) => {
  await page.goto("/signin?redirectTo=%2F%2Fevil.example%2Fphish");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/localhost:\d+\/user$/);
});

test("the demo owner sees the demo sites and their public pages", async ({ page }) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole("heading", { name: "Demo Diner" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Demo Goods" })).toBeVisible();
  await expect(page.getByText("Using 2/3")).toBeVisible();

  // View Public opens the public page in a new tab.
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "View Public page of Demo Diner" }).click();
  const publicPage = await popup;
  await expect(publicPage).toHaveURL(/\/r\/demo-diner-[A-Za-z0-9]{20}$/);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText("Demo Diner");
  // Public pages have no site or portal nav, and this one ships no JavaScript but its small
  // inline scripts: the language hint's (the demo has Spanish too) and the Menu's (the
  // demo's dishes have no allergens, so no filter script).
  await expect(publicPage.getByRole("navigation", { name: "Site" })).toHaveCount(0);
  await expect(publicPage.getByRole("navigation", { name: "Portal" })).toHaveCount(0);
  const scripts = publicPage.locator("script:not([type='application/ld+json'])");
  expect(await scripts.allTextContents()).toEqual([LANGUAGE_HINT_SCRIPT, MENU_NAV_SCRIPT]);
  await expect(publicPage.locator("script[src]")).toHaveCount(0);
});

test("client navigation into the portal shows Loading… while it waits", async ({ page }) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  // Sign-in is a plain form: the portal is a new document, which must hydrate first.
  await waitForHydration(page);
  await page.route(/\/user\/info\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("link", { name: "User Info" }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.loading })).toBeVisible();
  await expect(page.getByRole("heading", { name: "User Info" })).toBeVisible();
});

test("a write without a session is refused with 'Please sign in.'", async ({ request }) => {
  const response = await request.post("/user/create", {
    form: { type: "restaurant", name: "x" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain(MESSAGES.pleaseSignIn);
});

test("another owner's editor answers 404", async ({ page, browser }) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole("link", { name: "Edit" }).first().click();
  await page.waitForURL(/\/user\/(restaurant|shoppy)\/setup\/[A-Za-z0-9]{20}$/);
  const editorUrl = page.url();

  const stranger = await browser.newPage();
  await stranger.context().setExtraHTTPHeaders({ "x-forwarded-for": "10.250.0.9" });
  await signUpOwner(stranger);
  const response = await stranger.goto(editorUrl);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText(MESSAGES.invalidProduct)).toBeVisible();
  await stranger.close();
});
