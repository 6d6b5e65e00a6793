import { CATALOG } from "../../app/lib/catalog";
import { MESSAGES } from "../../app/lib/messages";
import { expect, expectNoSeriousAxeIssue, SCREENS, signUpOwner, test } from "./fixtures";

test("the products grid links only the available products", async ({ page }) => {
  await page.goto("/");
  const grid = page.getByRole("region", { name: "Products" });
  await expect(grid.getByRole("link", { name: "Restaurant" })).toHaveAttribute(
    "href",
    "/product/restaurant",
  );
  await expect(grid.getByRole("link", { name: "Shoppy" })).toHaveAttribute(
    "href",
    "/product/shoppy",
  );
  for (const name of ["Dealership", "E-commerce", "Coming soon"]) {
    await expect(grid.getByRole("heading", { name })).toBeVisible();
    await expect(grid.getByRole("link", { name })).toHaveCount(0);
  }
  await expect(grid.getByText("Not available yet")).toHaveCount(3);
  await expect(grid.getByRole("link")).toHaveCount(2);
});

test("the landing page has the hero, features, versions, about and contact", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Create your page — free" })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(main.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  for (const name of ["Products", "Features", "Versions", "About", "Contact"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const plans = page.getByRole("table", { name: "Versions" });
  for (const column of ["Beta", "Free", "Subscription"]) {
    await expect(plans.getByRole("columnheader", { name: column })).toBeVisible();
  }
  await expect(plans.getByText("Prices are not published yet.")).toBeVisible();
  await expect(plans.getByText(/\$|€|£/)).toHaveCount(0);

  // The nav's anchors scroll to their sections.
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/#about$/);
  await expect(page.getByRole("heading", { level: 2, name: "About" })).toBeInViewport();
});

test("signed in, the hero leads to Your Products", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/");
  await expect(page.getByRole("main").getByRole("link", { name: "Your Products" })).toHaveAttribute(
    "href",
    "/user",
  );
});

test("each product page tells what, why, how, features, version and plans", async ({ page }) => {
  for (const entry of CATALOG) {
    const response = await page.goto(`/product/${entry.id}`);
    expect(response?.status(), entry.id).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: entry.name })).toBeVisible();
    await expect(page.getByText(entry.version, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What it is" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Plans" })).toBeVisible();
    await expect(page).toHaveTitle(`${entry.name} · Site Builder`);
  }
  const versions = {
    restaurant: "v1.0",
    shoppy: "v1.0",
    dealership: "v0.2 (beta)",
    ecommerce: "v0.1 (alpha)",
  };
  for (const [id, version] of Object.entries(versions)) {
    await page.goto(`/product/${id}`);
    await expect(page.getByText(version, { exact: true })).toBeVisible();
  }
  await page.goto("/product/shoppy");
  await expect(page.getByText(/PayPal and Venmo checkout/).first()).toBeVisible();
});

test("the coming-soon page lists what is most requested, with the request form closed", async ({
  page,
}) => {
  await page.goto("/product/coming-soon");
  await expect(page.getByRole("heading", { name: "Most requested" })).toBeVisible();
  expect(
    await page
      .getByRole("heading", { name: "Most requested" })
      .locator("xpath=..")
      .getByRole("listitem")
      .count(),
  ).toBeGreaterThan(2);
  await expect(page.getByRole("button", { name: "Send request" })).toBeDisabled();
  await expect(page.getByLabel("What kind of business?")).toBeDisabled();
});

test("the closed request form looks closed and says why beside it", async ({ page }) => {
  await page.goto("/product/coming-soon");
  const form = page.getByRole("region", { name: "Request a site type" });
  const reason = form.getByText("Requests open soon.");
  await expect(reason).toBeVisible();
  await expect(form.getByText("Not open yet")).toBeVisible();
  const fieldset = form.locator("fieldset");
  await expect(fieldset).toHaveAttribute("disabled");
  await expect(fieldset).toHaveAccessibleDescription(/Not open yet Requests open soon\./);
  // Greyed, and the pointer says it cannot be used.
  expect(
    Number(await fieldset.evaluate((element) => getComputedStyle(element).opacity)),
  ).toBeLessThan(0.7);
  for (const control of [
    form.getByRole("button", { name: "Send request" }),
    form.getByLabel("What kind of business?"),
  ]) {
    await expect(control).toBeDisabled();
    expect(await control.evaluate((element) => getComputedStyle(element).cursor)).toBe(
      "not-allowed",
    );
  }
  // The reason itself stays at full strength, above the form it explains.
  expect(await reason.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  expect((await reason.boundingBox())!.y).toBeLessThan((await fieldset.boundingBox())!.y);
});

test("a version and its badge are apart, in the text and on screen", async ({ page }) => {
  await page.goto("/product/coming-soon");
  const version = page.getByRole("main").locator(".product-version");
  await expect(version).toHaveText("Version: Planned Not available yet");
  const label = (await version.getByText("Planned", { exact: true }).boundingBox())!;
  const badge = (await version.getByText("Not available yet").boundingBox())!;
  expect(badge.x - (label.x + label.width)).toBeGreaterThanOrEqual(6);

  await page.goto("/");
  const card = page.getByRole("listitem").filter({ hasText: "Dealership" });
  await expect(card.locator(".product-version")).toHaveText("v0.2 (beta) Not available yet");
});

test("the versions stack into one card per plan on a phone, and are a table on a desktop", async ({
  page,
}) => {
  await page.setViewportSize(SCREENS[0][1]);
  await page.goto("/product/restaurant");
  const plans = page.getByRole("region", { name: "Plans" });
  await expect(plans.getByRole("table")).toBeHidden();
  const cards = plans.getByRole("list", { name: "Plans" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  for (const [index, name] of ["Beta", "Free", "Subscription"].entries()) {
    await expect(cards.nth(index).getByRole("heading", { name })).toBeVisible();
    await expect(cards.nth(index).getByText("Not announced")).toBeVisible();
  }
  // Said once, above the cards (the table's caption is not displayed).
  await expect(
    plans.getByText("Prices are not published yet.").filter({ visible: true }),
  ).toHaveCount(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await page.setViewportSize(SCREENS[1][1]);
  await expect(plans.getByRole("table", { name: "Plans" })).toBeVisible();
  await expect(plans.getByRole("list", { name: "Plans" })).toBeHidden();
});

test("an unknown product answers 404 'Product not found.'", async ({ page }) => {
  const response = await page.goto("/product/time-machine");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: MESSAGES.productNotFound })).toBeVisible();
});

test("the contact form checks its fields and opens the exact mailto link", async ({ page }) => {
  await page.goto("/#contact");
  const contact = page.getByRole("region", { name: "Contact" });
  await contact.getByRole("button", { name: "Send" }).click();
  await expect(contact.getByText(MESSAGES.contactNameRequired)).toBeVisible();
  await expect(contact.getByText(MESSAGES.emailRequired)).toBeVisible();
  await expect(contact.getByText(MESSAGES.contactMessageRequired)).toBeVisible();

  await contact.getByLabel("Name").fill("Ana Lima");
  await contact.getByLabel("Email").fill("ana@");
  await contact.getByLabel("Message").fill("Can I have two menus?\nThanks!");
  await contact.getByRole("button", { name: "Send" }).click();
  await expect(contact.getByText(MESSAGES.emailInvalid)).toBeVisible();

  await contact.getByLabel("Email").fill("ana@example.com");
  await contact.getByRole("button", { name: "Send" }).click();
  const expected =
    "mailto:support@example.com?subject=General%20Question&body=" +
    encodeURIComponent("Name: Ana Lima\nEmail: ana@example.com\n\nCan I have two menus?\nThanks!");
  await expect(contact.getByRole("link", { name: "Open the email" })).toHaveAttribute(
    "href",
    expected,
  );
  await expect(contact.getByText("We reply within one business day.").last()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form still produces the mailto link", async ({ page }) => {
    await page.goto("/");
    const contact = page.getByRole("region", { name: "Contact" });
    await contact.getByLabel("Name").fill("Bo");
    await contact.getByLabel("Email").fill("bo@example.com");
    await contact.getByLabel("Message").fill("Hello");
    await contact.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("link", { name: "Open the email" })).toHaveAttribute(
      "href",
      "mailto:support@example.com?subject=General%20Question&body=" +
        encodeURIComponent("Name: Bo\nEmail: bo@example.com\n\nHello"),
    );
  });
});

test("legacy p links redirect to the public route, and nothing else does", async ({ request }) => {
  for (const [p, location] of [
    ["r/joes-diner-AbC123", "/r/joes-diner-AbC123"],
    ["/s/shop-XyZ", "/s/shop-XyZ"],
    ["d/dealer-Q1w2E3", "/d/dealer-Q1w2E3"],
    ["/e/store-Zz9", "/e/store-Zz9"],
  ]) {
    const response = await request.get(`/?p=${encodeURIComponent(p!)}`, { maxRedirects: 0 });
    expect(response.status(), p).toBe(301);
    expect(response.headers()["location"], p).toBe(location);
  }
  for (const p of ["//evil.com", "https://evil.com", "x/abc"]) {
    const response = await request.get(`/?p=${encodeURIComponent(p)}`, { maxRedirects: 0 });
    expect(response.status(), p).toBe(200);
    expect(response.headers()["location"], p).toBeUndefined();
  }
});

test("every page has a title, description, canonical URL and Open Graph tags", async ({
  page,
  baseURL,
}) => {
  for (const path of ["/", "/product/restaurant", "/signin", "/register", "/no-such-page"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}${path}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      `${baseURL}${path}`,
    );
  }
});

for (const path of [
  "/",
  "/product/restaurant",
  "/product/shoppy",
  "/product/dealership",
  "/product/coming-soon",
  "/signin",
  "/register?product=restaurant",
]) {
  for (const [device, viewport] of SCREENS) {
    test(`axe finds no serious or critical problems on ${path} (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expectNoSeriousAxeIssue(page, `${path} (${device})`);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
