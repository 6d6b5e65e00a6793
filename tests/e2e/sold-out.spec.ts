/**
 * Sold out today in a browser, on a phone and a laptop: the owner taps "Sold out today" on a
 * dish in the inbox's list, the public menu and the order page show it sold out, the owner
 * turns it back from the inbox, and the editor's row does the same in one tap; axe passes on
 * the inbox with the list open.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  test,
  toast,
  toastsGone,
  turnOrderingOn,
  waitForHydration,
} from "./fixtures";
import { restaurantWithMenu } from "./order-placing";

/** A restaurant open around the clock, with two dishes, taking orders. */
async function restaurantTakingOrders(page: Page, name: string) {
  const site = await restaurantWithMenu(page, name, [
    ["Tomato soup", "6.50"],
    ["Lemonade", "3.00"],
  ]);
  await turnOrderingOn(page, site.path);
  return site;
}

/** The menu's article of a dish. */
const dish = (page: Page, name: string) => page.locator("article.menu-item", { hasText: name });

for (const [screen, viewport] of SCREENS) {
  test(`a dish sold out today from the inbox shows on the menu and the order page, and comes back (${screen})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const site = await restaurantTakingOrders(page, `Soup Kitchen ${screen}`);

    await page.goto("/user/orders");
    await waitForHydration(page);
    const list = page.getByRole("region", { name: "Sold out today" });
    await expect(list.getByText("Everything is on sale.")).toBeVisible();
    await list.getByText("Mark a dish sold out").click();
    await expectNoSeriousAxeIssue(page, `inbox, marking (${screen})`);
    await page.screenshot({
      path: `test-results/sold-out-inbox-mark-${screen}.png`,
      fullPage: true,
    });

    await list.getByRole("button", { name: "Sold out today: Tomato soup" }).click();
    // Open around the clock, so back at the next midnight where the restaurant is.
    await expect(toast(page, "Tomato soup is sold out until Tomorrow, 12:00 AM.")).toBeVisible();
    await expect(list.getByText("Back Tomorrow, 12:00 AM")).toBeVisible();
    const backOnSale = list.getByRole("button", { name: "Back on sale: Tomato soup" });
    await expect(backOnSale).toBeVisible();
    await toastsGone(page);
    await expectNoSeriousAxeIssue(page, `inbox, one dish sold out (${screen})`);
    await page.screenshot({ path: `test-results/sold-out-inbox-${screen}.png`, fullPage: true });

    // The menu and the order page show it at once.
    await page.goto(site.publicPath);
    await expect(dish(page, "Tomato soup").getByText("Sold Out")).toBeVisible();
    await expect(dish(page, "Lemonade").getByText("Sold Out")).toHaveCount(0);
    await page.screenshot({ path: `test-results/sold-out-menu-${screen}.png` });
    await page.goto(`${site.publicPath}/order`);
    const soup = page.locator("li.order-item", { hasText: "Tomato soup" });
    await expect(soup).toHaveClass(/is-sold-out/);
    await expect(soup.getByText("Sold Out")).toBeVisible();
    await expect(soup.getByRole("button", { name: "Add" })).toHaveCount(0);
    await expect(
      page.locator("li.order-item", { hasText: "Lemonade" }).getByRole("button", { name: /^Add/ }),
    ).toBeVisible();

    // Turned back from the inbox: on sale again everywhere.
    await page.goto("/user/orders");
    await waitForHydration(page);
    await page
      .getByRole("region", { name: "Sold out today" })
      .getByRole("button", { name: "Back on sale: Tomato soup" })
      .click();
    await expect(toast(page, "Tomato soup is back on sale.")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Sold out today" }).getByText("Everything is on sale."),
    ).toBeVisible();
    await page.goto(site.publicPath);
    await expect(dish(page, "Tomato soup")).toBeVisible();
    await expect(dish(page, "Tomato soup").getByText("Sold Out")).toHaveCount(0);
  });
}

test("the editor's row marks a dish sold out today in one tap, and turns it back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const site = await restaurantTakingOrders(page, "Row Kitchen");
  await page.goto(site.editor);
  await waitForHydration(page);
  const today = page.getByRole("button", { name: "Sold out today: Tomato soup" });
  await expect(today).toHaveAttribute("aria-pressed", "false");
  await today.click();
  await expect(today).toHaveAttribute("aria-pressed", "true");
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Tomato soup" }) });
  await expect(row.getByText(/^Sold out today · back Tomorrow/)).toBeAttached();
  await page.screenshot({ path: "test-results/sold-out-editor-row-phone.png" });
  await page.goto(site.publicPath);
  await expect(dish(page, "Tomato soup").getByText("Sold Out")).toBeVisible();
  await page.goto(site.editor);
  await waitForHydration(page);
  // The button shows its new state at once; the public page is asked for once it is saved.
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Sold out today: Tomato soup" }).click();
  await expect(page.getByRole("button", { name: "Sold out today: Tomato soup" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  expect((await saved).ok()).toBe(true);
  await page.goto(site.publicPath);
  await expect(dish(page, "Tomato soup").getByText("Sold Out")).toHaveCount(0);
});
