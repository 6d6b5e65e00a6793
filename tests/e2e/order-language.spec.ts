/**
 * A customer orders from the demo diner's Spanish menu, in Chromium at 360 and 1280 px: the
 * order page, its script, the review and the status page speak Spanish, with the owner's
 * translations of the dishes and their choices, and pass axe, on a portal that tells the time
 * by a fixed clock (./ordering-portal.ts), when the diner takes orders.
 */
import type { Page } from "@playwright/test";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import { fill } from "../../app/lib/i18n/text";
import { DEMO, expect, expectNoSeriousAxeIssue, signIn, test } from "./fixtures";
import { demoDinerPath, startOrderingPortal } from "./ordering-portal";
import type { PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

const words = CATALOGUES.es;
let portal: PortalProcess;
let menuPath: string;
test.beforeAll(async ({ browser }) => {
  portal = await startOrderingPortal();
  menuPath = await demoDinerPath(browser, portal);
});
test.afterAll(async () => {
  expect(await portal?.stop()).toBe(0);
});

function item(page: Page, name: string) {
  return page.locator("li[data-item]", { has: page.getByRole("heading", { name, exact: true }) });
}

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, a customer orders in Spanish from the Spanish menu and follows the order in Spanish`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: portal.url, viewport });
    const page = await context.newPage();
    await page.goto(`${menuPath}/es`);
    await page.getByRole("link", { name: words.orderOnline }).click();
    await expect(page).toHaveURL(new RegExp(`${menuPath}/es/order$`));
    // The page's script comes after its items: until the page has loaded, a button works as
    // without a script, and the server answers instead.
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.order);

    // The script writes Spanish too: the Add button's price, the bar's count and total.
    const burger = item(page, "Hamburguesa clásica");
    // Its refusals too.
    await burger.getByLabel(words.quantity).fill("99");
    await burger.getByRole("button", { name: /^Añadir/ }).click();
    await expect(burger.getByRole("alert")).toHaveText(fill(words.chooseQuantity, { max: 50 }));
    await burger.getByLabel(words.quantity).fill("1");
    await burger.getByLabel(/^Beicon/).check();
    await expect(burger.getByRole("button", { name: /^Añadir/ })).toHaveText(
      fill(words.addForPrice, { price: "15,90\u00a0US$" }),
    );
    await burger.getByRole("button", { name: /^Añadir/ }).click();
    const bar = page.getByRole("button", { name: new RegExp(`^${words.reviewOrder}`) });
    await expect(bar).toContainText("1 producto");
    await expect(bar).toContainText("15,90\u00a0US$");
    await expect(page.locator("[data-cart-announce]")).toContainText("Hamburguesa clásica");
    await expect(page.locator(".order-lines")).toContainText(words.remove);
    await page.screenshot({
      path: testInfo.outputPath(`order-es-${device}.png`),
      fullPage: device === "desktop",
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
      true,
    );
    await expectNoSeriousAxeIssue(page);

    await bar.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.reviewYourOrder);
    await expect(page.getByLabel(words.time)).toContainText(
      fill(words.asSoonAsPossible, { time: fill(words.slotToday, { time: "" }) }),
    );
    // A field left empty is refused by the server, in Spanish.
    await page.getByRole("button", { name: words.placeOrder }).click();
    await expect(page.getByText(words.enterName)).toBeVisible();
    await page.getByLabel(words.name).fill("Ana");
    await page.getByLabel(words.phone).fill("+1 555 0100");
    await page.screenshot({ path: testInfo.outputPath(`review-es-${device}.png`), fullPage: true });
    await expectNoSeriousAxeIssue(page);
    await page.getByRole("button", { name: words.placeOrder }).click();

    await expect(page).toHaveURL(/\/o\/[A-Za-z0-9]{32}$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      fill(words.customerStateNew, { name: "Demo Diner" }),
    );
    await expect(page.getByRole("list", { name: words.orderProgress })).toContainText(
      words.statePlaced,
    );
    await expect(page.getByRole("button", { name: words.cancelOrder })).toBeVisible();
    await expect(page.locator(".order-lines")).toContainText("Hamburguesa clásica");
    await expect(page.locator(".order-lines")).toContainText("Beicon");
    await page.screenshot({ path: testInfo.outputPath(`status-es-${device}.png`), fullPage: true });
    await expectNoSeriousAxeIssue(page);
    await context.close();
  });
}

test("an Arabic menu and its order page read right to left at 360 and 1280, untranslated texts in their own direction", async ({
  browser,
}, testInfo) => {
  // The demo owner adds Arabic on the diner's Languages page.
  const owner = await (await browser.newContext({ baseURL: portal.url })).newPage();
  await owner.goto("/signin");
  await signIn(owner, DEMO.email, DEMO.password);
  await owner.getByRole("link", { name: "Edit Demo Diner" }).click();
  await owner.waitForURL(/\/setup\//);
  await owner.goto(owner.url().replace("/setup/", "/languages/"));
  await owner.getByLabel("Add a language").selectOption({ label: "العربية (Arabic)" });
  await owner.getByRole("button", { name: "Add", exact: true }).click();
  await expect(owner.getByRole("link", { name: "Translate into Arabic" })).toBeVisible();
  await owner.context().close();

  const arabic = CATALOGUES.ar;
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ baseURL: portal.url, viewport });
    const page = await context.newPage();

    // On the menu, a description nobody translated yet reads as English does, its full stop
    // at its end, and still sits at the right, as the page reads.
    await page.goto(`${menuPath}/ar`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const details = page.locator(".menu-item-description", { hasText: "Beef patty" });
    await details.locator("summary").click();
    const description = details.locator("p");
    const layout = await description.evaluate((paragraph) => {
      const text = paragraph.firstChild!;
      const range = document.createRange();
      const letter = (at: number) => {
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect();
      };
      const last = text.textContent!.length - 1;
      return {
        endsWith: text.textContent![last],
        fullStopAfterLastWord: letter(last).left > letter(last - 1).left,
        gapAtRight: paragraph.getBoundingClientRect().right - letter(last).right,
      };
    });
    expect(layout).toMatchObject({ endsWith: ".", fullStopAfterLastWord: true });
    expect(Math.abs(layout.gapAtRight)).toBeLessThan(2);
    await page.screenshot({ path: testInfo.outputPath(`menu-ar-${viewport.width}.png`) });

    await page.goto(`${menuPath}/ar/order`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(arabic.order);
    // The items sit at the right, as Arabic reads.
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading!.x + heading!.width).toBeGreaterThan(viewport.width / 2);
    const burger = item(page, "Classic Burger");
    await burger.getByRole("button", { name: new RegExp(`^${arabic.add}`) }).click();
    await expect(
      page.getByRole("button", { name: new RegExp(`^${arabic.reviewOrder}`) }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
      true,
    );
    await page.screenshot({ path: testInfo.outputPath(`order-ar-${viewport.width}.png`) });
    await expectNoSeriousAxeIssue(page);
    await context.close();
  }
});
