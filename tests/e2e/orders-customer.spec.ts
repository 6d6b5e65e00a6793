/**
 * A customer orders from the demo diner's public page, in Chromium at 360 and 1280 px, with
 * and without JavaScript, against a portal of its own whose pages tell the time by a fixed
 * clock (./ordering-portal.ts).
 */
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { DEMO, expect, expectNoSeriousAxeIssue, signIn, test, waitForHydration } from "./fixtures";
import { checkedHtmlErrors } from "./html-checker";
import { demoDinerPath, startOrderingPortal } from "./ordering-portal";
import type { PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

let portal: PortalProcess;
let menuPath: string;
test.beforeAll(async ({ browser }) => {
  portal = await startOrderingPortal();
  menuPath = await demoDinerPath(browser, portal);
});
test.afterAll(async () => {
  expect(await portal?.stop()).toBe(0);
});

async function onPortal(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: portal.url, ...options });
  return context.newPage();
}

function item(page: Page, name: string) {
  return page.locator("li[data-item]", { has: page.getByRole("heading", { name, exact: true }) });
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

/** Two burgers (one with bacon and cheddar, one plain) and a large lemonade, then Review. */
async function fillCart(page: Page) {
  const burger = item(page, "Classic Burger");
  await burger.getByLabel(/^Bacon/).check();
  await burger.getByLabel(/^Cheddar/).check();
  await burger.getByRole("button", { name: /^Add/ }).click();
  // Without JavaScript each Add is a round trip that comes back with the same page.
  await expect(
    page.getByRole("region", { name: "Your order" }).getByText("Bacon · Cheddar"),
  ).toBeVisible();
  await item(page, "Classic Burger").getByRole("button", { name: /^Add/ }).click();
  await expect(page.locator(".order-lines > li")).toHaveCount(2);
  const lemonade = item(page, "Fresh Lemonade");
  await lemonade.getByLabel(/^Large/).check();
  await lemonade.getByRole("button", { name: /^Add/ }).click();
  await expect(page.locator(".order-lines > li")).toHaveCount(3);
  await expect(page.getByRole("button", { name: /^Review order/ })).toContainText("3 items");
  await expect(page.getByRole("button", { name: /^Review order/ })).toContainText("$35.80");
}

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test(`on a ${device} ${javaScriptEnabled ? "with" : "without"} JavaScript, a customer orders for pickup and sees the order's page`, async ({
      browser,
    }) => {
      const page = await onPortal(browser, { viewport, javaScriptEnabled });
      await page.goto(menuPath);
      const ordering = page.getByRole("region", { name: "Order online" });
      await expect(ordering).toContainText("Ordering open · pickup from 12:30 PM");
      await ordering.getByRole("link", { name: "Order online" }).click();
      await expect(page).toHaveURL(`${menuPath}/order`);
      await expect(page.getByRole("heading", { level: 1, name: "Order" })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousAxeIssue(page, "order page");
      await expectNoOverflow(page);

      await fillCart(page);
      await page.getByRole("button", { name: /^Review order/ }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Review your order" }),
      ).toBeVisible();
      const lines = page.locator(".order-review .order-lines > li");
      await expect(lines).toHaveText([
        /1×\s*Classic Burger\s*Bacon · Cheddar\s*\$16\.90/,
        /1×\s*Classic Burger\s*\$13\.90/,
        /1×\s*Fresh Lemonade\s*Large\s*\$5\.00/,
      ]);
      await expect(page.getByText("Total for pickup")).toBeVisible();
      await expect(page.getByLabel("Time")).toHaveValue(String(Date.parse("2026-12-02T17:30:00Z")));
      if (javaScriptEnabled) await expectNoSeriousAxeIssue(page, "review");
      await expectNoOverflow(page);

      // The server says what is missing, at the field.
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page.getByText("Enter your name.")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Name").fill("Ada Lovelace");
      await page.getByLabel("Phone").fill("+1 555 0101");
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/o\/[A-Za-z0-9]{32}$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Sent: waiting for Demo Diner to accept it",
      );
      await expect(page.getByText("Pickup asked for 12:30 PM (today)")).toBeVisible();
      await expect(page.locator(".order-total")).toContainText("$35.80");
      await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
      // Without a script the page reloads itself; with one, its script asks for changes.
      if (!javaScriptEnabled) {
        await expect(page.locator('head meta[http-equiv="refresh"]')).toHaveAttribute(
          "content",
          "30",
        );
      }
      if (javaScriptEnabled) await expectNoSeriousAxeIssue(page, "status");
      await expectNoOverflow(page);
      await page.context().close();
    });
  }
}

test("the status page is private, never cached, and can be cancelled while new", async ({
  browser,
}) => {
  const page = await onPortal(browser);
  await page.goto(`${menuPath}/order`);
  await item(page, "Iced Tea").getByRole("button", { name: /^Add/ }).click();
  await page.getByRole("button", { name: /^Review order/ }).click();
  await page.getByLabel("Name").fill("Grace");
  await page.getByLabel("Phone").fill("555 0102");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/o\//);
  const response = await page.request.get(new URL(page.url()).pathname);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["referrer-policy"]).toBe("same-origin");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect((await page.request.get("/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);

  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await page.context().close();
});

test("the same review form placed twice gives one order", async ({ browser }) => {
  const page = await onPortal(browser, { javaScriptEnabled: false });
  await page.goto(`${menuPath}/order`);
  await item(page, "Espresso").getByRole("button", { name: /^Add/ }).click();
  await page.getByRole("button", { name: /^Review order/ }).click();
  await page.getByLabel("Name").fill("Twice");
  await page.getByLabel("Phone").fill("555 0103");
  const fields = await page.locator("form.order-review").evaluate((form: HTMLFormElement) => {
    const data = new FormData(form);
    data.set("step", "place");
    return [...data.entries()].map(([key, value]): [string, string] => [
      key,
      typeof value === "string" ? value : "",
    ]);
  });
  const post = () =>
    page.request.post(`${menuPath}/order`, {
      form: Object.fromEntries(fields),
      maxRedirects: 0,
      headers: { Origin: portal.url },
    });
  const [first, second] = await Promise.all([post(), post()]);
  expect(first.status()).toBe(303);
  expect(second.status()).toBe(303);
  expect(second.headers()["location"]).toBe(first.headers()["location"]);
  const third = await post();
  expect(third.headers()["location"]).toBe(first.headers()["location"]);
  await page.context().close();
});

test("a choice the group has no room for cannot be ticked, and a sold-out item cannot be added", async ({
  browser,
}) => {
  const page = await onPortal(browser, { viewport: { width: 360, height: 800 } });
  await page.goto(`${menuPath}/order`);
  const espresso = item(page, "Espresso");
  // "Milk (optional)": one at most; the radio buttons hold that by themselves.
  await espresso.getByLabel(/^Oat milk/).check();
  await expect(espresso.getByRole("button", { name: /^Add/ })).toHaveText("Add · $3.00");
  await espresso.getByLabel("Quantity").fill("2");
  await expect(espresso.getByRole("button", { name: /^Add/ })).toHaveText("Add · $6.00");
  await espresso.getByLabel("Quantity").fill("51");
  await espresso.getByRole("button", { name: /^Add/ }).click();
  await expect(espresso.getByRole("alert")).toHaveText("Choose a quantity from 1 to 50.");
  await expect(page.locator(".order-lines > li")).toHaveCount(0);
  await page.context().close();

  // The shop's sold-out item shows, without a way to add it.
  const shopPage = await onPortal(browser);
  await shopPage.goto("/signin");
  await signIn(shopPage, DEMO.email, DEMO.password);
  const shopPath = await shopPage
    .getByRole("link", { name: "View Public page of Demo Goods" })
    .getAttribute("href");
  await shopPage.goto(`${shopPath}/order`);
  const soldOut = shopPage.locator("li[data-item].is-sold-out").first();
  await expect(soldOut.getByText("Sold out")).toBeVisible();
  await expect(soldOut.getByRole("button", { name: /^Add/ })).toHaveCount(0);
  await expectNoSeriousAxeIssue(shopPage, "shop order page");
  await shopPage.context().close();
});

test("an item's choices are laid out as they come near the screen, in the room the page kept for them", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    const page = await onPortal(browser, { viewport });
    await page.goto(`${menuPath}/order`);
    const boxes = page.locator(".order-item-choices");
    expect(await boxes.count()).toBeGreaterThan(1);
    for (const box of await boxes.all()) {
      expect(await box.evaluate((element) => getComputedStyle(element).contentVisibility)).toBe(
        "auto",
      );
      await box.scrollIntoViewIfNeeded();
      const { kept, taken } = await box.evaluate((element: HTMLElement) => ({
        // "auto 270.4px": the room order-page.css works out from the item's groups and choices.
        kept: parseFloat(getComputedStyle(element).containIntrinsicBlockSize.split(" ").pop()!),
        taken: element.getBoundingClientRect().height,
      }));
      // The room is made of the choices' own measures: a change to how they are laid out that
      // those measures do not follow must show here.
      expect(Math.abs(kept - taken), `kept ${kept} px, took ${taken} px`).toBeLessThanOrEqual(
        taken * 0.1,
      );
    }
    await page.context().close();
  }
});

test("the menu with its ordering line, the order page, the review and the status page are valid HTML (Nu HTML Checker)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await onPortal(browser, { javaScriptEnabled: false });
  const documents: Array<[string, string]> = [];
  const keep = async (name: string) => documents.push([name, await page.content()]);
  await page.goto(menuPath);
  documents.push(["menu", await (await page.request.get(menuPath)).text()]);
  await page.goto(`${menuPath}/order`);
  documents.push(["order page", await (await page.request.get(`${menuPath}/order`)).text()]);
  const burger = item(page, "Classic Burger");
  await burger.getByLabel(/^Bacon/).check();
  // Each step is a form sent without JavaScript: its page is kept once it has come back, not
  // while the browser is still between the two documents.
  await burger.getByRole("button", { name: /^Add/ }).click();
  await expect(page.locator(".order-lines > li")).toHaveCount(1);
  await keep("order page with a line");
  await page.getByRole("button", { name: /^Review order/ }).click();
  await expect(page.getByText("Total for pickup")).toBeVisible();
  await keep("review");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await keep("review with errors");
  await page.getByLabel("Name").fill("Valid Vera");
  await page.getByLabel("Phone").fill("555 0104");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/o\//);
  documents.push([
    "status page",
    await (await page.request.get(new URL(page.url()).pathname)).text(),
  ]);
  expect(checkedHtmlErrors(documents)).toEqual([]);
  await page.context().close();
});

test("the owner hears nothing until allowed, sees the order arrive live, accepts it +10 minutes and marks it ready; the customer's page follows; a pause turns customers away until its end", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner's phone, counting every note the inbox's chime plays.
  const owner = await onPortal(browser, { viewport: { width: 360, height: 800 } });
  await owner.addInitScript(() => {
    const played = { notes: 0 };
    (window as unknown as { chime: typeof played }).chime = played;
    // Every audio context's oscillators are made by BaseAudioContext's method.
    const base = BaseAudioContext.prototype;
    const original = Object.getOwnPropertyDescriptor(base, "createOscillator")!.value as (
      this: BaseAudioContext,
    ) => OscillatorNode;
    base.createOscillator = function (this: BaseAudioContext) {
      played.notes += 1;
      return original.call(this);
    };
  });
  const notes = () =>
    owner.evaluate(() => (window as unknown as { chime: { notes: number } }).chime.notes);
  await owner.goto("/signin");
  await signIn(owner, DEMO.email, DEMO.password);
  await expect(owner).toHaveURL(/\/user$/);
  await owner.goto("/user/orders");
  await waitForHydration(owner);

  const customer = await onPortal(browser, { viewport: { width: 360, height: 800 } });
  const placeOne = async (name: string) => {
    await customer.goto(`${menuPath}/order`);
    await item(customer, "Iced Tea").getByRole("button", { name: /^Add/ }).click();
    await customer.getByRole("button", { name: /^Review order/ }).click();
    await customer.getByLabel("Name").fill(name);
    await customer.getByLabel("Phone").fill("555 0105");
    await customer.getByRole("button", { name: "Place order" }).click();
    await expect(customer).toHaveURL(/\/o\//);
  };

  // Not allowed yet: a new order shows, silently.
  await placeOne("Quiet Quentin");
  const quiet = owner.locator(".order-card").filter({ hasText: "Quiet Quentin" });
  await expect(quiet).toBeVisible({ timeout: 15_000 });
  expect(await notes()).toBe(0);

  // Allowed with one click: the next new order chimes.
  await owner.getByRole("button", { name: "Turn on order sound" }).click();
  await expect(owner.getByText("Sound on", { exact: false })).toBeVisible();
  const before = await notes();
  await placeOne("Loud Lucy");
  const card = owner.locator(".order-card").filter({ hasText: "Loud Lucy" });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect.poll(notes).toBeGreaterThan(before);

  const number = (await card.locator("h3, h2").first().textContent())!.match(/\d+/)![0];
  await card
    .getByRole("button", { name: `Accept order ${number}, ready 10 minutes later` })
    .click();
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
  // The customer's page (with its script) follows within seconds: asked 12:30, ready 12:40.
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Accepted: being prepared", {
    timeout: 15_000,
  });
  await expect(customer.getByText("Pickup at 12:40 PM (today)")).toBeVisible();
  await card.getByRole("button", { name: `Order ${number} is ready` }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Ready for pickup", {
    timeout: 15_000,
  });

  // Paused for an hour: the menu and the order page say until when, and placing is refused.
  const diner = owner.getByRole("listitem").filter({ hasText: "Demo Diner" }).first();
  await diner.getByRole("button", { name: "Pause orders for Demo Diner" }).click();
  await owner.getByRole("menuitem", { name: "1 hour" }).click();
  await expect(diner.getByText(/^Paused until/)).toBeVisible();
  await customer.goto(menuPath);
  await expect(customer.getByRole("region", { name: "Order online" })).toContainText(
    "Not taking orders until 1:00 PM",
  );
  await customer.goto(`${menuPath}/order`);
  await expect(customer.getByText("Not taking orders until 1:00 PM")).toBeVisible();
  await expect(customer.getByRole("button", { name: /^Add/ })).toHaveCount(0);
  await diner.getByRole("button", { name: "Resume orders" }).click();
  await expect(diner.getByText("Taking orders")).toBeVisible();
  await customer.goto(menuPath);
  await expect(customer.getByRole("region", { name: "Order online" })).toContainText(
    "Ordering open",
  );
  await owner.context().close();
  await customer.context().close();
});
