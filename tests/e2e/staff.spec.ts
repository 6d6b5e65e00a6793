/**
 * A site's staff as an owner and a cook live it, on a phone and a laptop: the owner invites a
 * cook as Orders from the editor's Staff page (the link arrives as a mail in the e2e server's
 * outbox); the cook creates an account from the invitation, accepts it and lands in an inbox
 * holding that site alone; a customer's order shows up there live and the cook accepts it in
 * one tap, which the owner's inbox credits by name; the owner's pages stay closed to the cook;
 * removed, the cook's open inbox drops the site at once and their next requests find nothing
 * of it; the used link says so.
 */
import type { Browser, Page } from "@playwright/test";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  test,
  toastsGone,
  turnOrderingOn,
  waitForHydration,
} from "./fixtures";
import { placeOrder, restaurantWithMenu } from "./order-placing";
import { linkMailedTo } from "./outbox";

/** The invitation link in the mail written to `email`. */
const invitationMailedTo = (email: string) => linkMailedTo(email, /https?:\/\/\S+\/invite\/[\w-]+/);

let cookCounter = 0;

/** The cook's own browser, at its own client address, as another person's phone would be. */
async function cookBrowser(browser: Browser, viewport: { width: number; height: number }) {
  cookCounter += 1;
  const context = await browser.newContext({ viewport });
  await context.setExtraHTTPHeaders({
    "x-forwarded-for": `10.252.${cookCounter % 250}.${(Date.now() % 250) + 1}`,
  });
  return context.newPage();
}

/** Nothing on the page is wider than the screen. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every visible button and link-button of `page` is at least 44 px tall. */
async function expectThumbSizedButtons(page: Page) {
  const short = await page
    .locator("main button:visible, main .button:visible, main select:visible")
    .evaluateAll((controls) =>
      controls
        .filter((control) => control.getBoundingClientRect().height < 44)
        .map(
          (control) =>
            `${control.textContent?.trim()} (${control.getBoundingClientRect().height}px)`,
        ),
    );
  expect(short).toEqual([]);
}

for (const [screen, viewport] of SCREENS) {
  test(`an owner's cook joins as Orders, takes an order, and is removed (${screen})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const siteName = `Staff Diner ${screen}`;
    const otherName = `Private Diner ${screen}`;
    const site = await restaurantWithMenu(page, siteName);
    const productId = site.path.split("/").pop()!;
    await turnOrderingOn(page, site.path);
    // The owner's other site, which the cook must never see.
    const other = new URL(await createSiteDirectly(page, "restaurant", otherName)).pathname;
    await turnOrderingOn(page, other);

    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const cook = {
      username: `cook${suffix}`,
      email: `cook-${suffix}@example.com`,
      password: "a long enough password",
    };

    // 1. The owner invites the cook from the editor's Staff page.
    const staffPath = `/user/staff/${productId}`;
    await test.step("the owner invites the cook as Orders", async () => {
      await page.goto(site.path);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Staff", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${staffPath}$`));
      await expect(
        page.getByRole("heading", { level: 1, name: `Staff of ${siteName}` }),
      ).toBeVisible();
      await expect(page.getByText("Nobody yet. Invite the first person above.")).toBeVisible();
      await expect(page.getByText("0 of 10 places used")).toBeVisible();

      // No address: refused at its field, nothing invited.
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText("Enter a valid email address")).toBeVisible();
      await expect(page.getByLabel("Their email address")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Their email address").fill(cook.email);
      await page.getByRole("radio", { name: /^Orders/ }).check();
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: `Invitation sent to ${cook.email}` }),
      ).toBeVisible();
      await expect(page.getByLabel("Their email address")).toHaveValue("");
      const pending = page.getByRole("region", { name: "Invitations not yet accepted" });
      await expect(pending.getByText(cook.email)).toBeVisible();
      await expect(pending.getByText(/^Orders · Link works until /)).toBeVisible();
      await expect(page.getByText("1 of 10 places used")).toBeVisible();

      await expectNoSideways(page);
      await expectThumbSizedButtons(page);
      await toastsGone(page);
      await expectNoSeriousAxeIssue(page, `Staff page with an invitation (${screen})`);
      await page.screenshot({
        path: testInfo.outputPath(`staff-invited-${screen}.png`),
        fullPage: true,
      });
    });
    const link = await invitationMailedTo(cook.email);
    expect(link).toMatch(/\/invite\/[\w-]+$/);
    const invitation = new URL(link).pathname;

    // 2. The cook creates an account from the invitation and accepts it.
    const cookPage = await cookBrowser(browser, viewport);
    await test.step("the cook registers from the link and accepts", async () => {
      await cookPage.goto(invitation);
      await expect(
        cookPage.getByRole("heading", { level: 1, name: `Join ${siteName}` }),
      ).toBeVisible();
      await expect(
        cookPage.getByText(`You are invited to work on ${siteName} as Orders.`),
      ).toBeVisible();
      await expect(cookPage.getByText(`The invitation is for ${cook.email}.`)).toBeVisible();
      await expect(cookPage.getByRole("link", { name: "Sign in to accept" })).toBeVisible();
      await expectNoSideways(cookPage);
      await expectThumbSizedButtons(cookPage);
      await expectNoSeriousAxeIssue(cookPage, `invitation, signed out (${screen})`);
      await cookPage.screenshot({ path: testInfo.outputPath(`invitation-open-${screen}.png`) });

      await cookPage.getByRole("link", { name: "Create an account" }).click();
      await expect(cookPage).toHaveURL(/\/register\?invitation=/);
      await expect(cookPage.getByLabel("Email")).toHaveValue(cook.email);
      await cookPage.getByLabel("Username").fill(cook.username);
      await cookPage.getByLabel("Password").fill(cook.password);
      await cookPage.getByRole("button", { name: "Create account" }).click();
      await expect(cookPage).toHaveURL(new RegExp(`${invitation}$`));

      const accept = cookPage.getByRole("button", { name: `Accept and open ${siteName}` });
      await expect(accept).toBeVisible();
      await expectNoSeriousAxeIssue(cookPage, `invitation, signed in (${screen})`);
      await cookPage.screenshot({ path: testInfo.outputPath(`invitation-accept-${screen}.png`) });
      await accept.click();
      await expect(cookPage).toHaveURL(/\/user\/orders$/);
    });

    const cookSite = cookPage.getByRole("listitem").filter({ hasText: siteName });
    await test.step("the cook's inbox holds that site alone, marked Orders", async () => {
      await expect(cookSite.getByText(siteName)).toBeVisible();
      await expect(cookSite.locator(".role-badge")).toHaveText("Orders");
      await expect(cookPage.getByText(otherName)).toHaveCount(0);
      // No way to the editor from the inbox for this role.
      await expect(cookPage.locator(`a[href*="/setup/${productId}"]`)).toHaveCount(0);

      await cookPage.goto("/user");
      const shared = cookPage.getByRole("region", { name: "Sites you work on" });
      await expect(shared.getByRole("heading", { name: siteName })).toBeVisible();
      await expect(shared.getByText("Your role: Orders")).toBeVisible();
      await expect(shared.getByRole("link", { name: "Open editor" })).toHaveCount(0);
      await expect(cookPage.getByText(otherName)).toHaveCount(0);

      // The owner's Staff page now lists the cook, and no open invitation.
      await page.goto(staffPath);
      const people = page.getByRole("region", { name: "People" });
      await expect(people.getByText(cook.username, { exact: true })).toBeVisible();
      await expect(people.getByText(cook.email)).toBeVisible();
      await expect(people.getByLabel(`Role of ${cook.username}`)).toHaveValue("orders");
      await expect(page.getByRole("region", { name: "Invitations not yet accepted" })).toHaveCount(
        0,
      );
      await expectNoSideways(page);
      await expectThumbSizedButtons(page);
      await expectNoSeriousAxeIssue(page, `Staff page with a member (${screen})`);
      await page.screenshot({
        path: testInfo.outputPath(`staff-member-${screen}.png`),
        fullPage: true,
      });
    });

    // 3. A customer orders; the cook's open inbox shows it and the cook accepts it.
    let ticketPath = "";
    await test.step("the cook takes a new order live, credited in the owner's inbox", async () => {
      await cookPage.goto("/user/orders");
      await waitForHydration(cookPage);
      await page.goto("/user/orders");
      await waitForHydration(page);
      await placeOrder(request, site.publicPath, "Rosa Diaz");

      const cookCard = cookPage.getByRole("listitem").filter({ hasText: "Order 1" });
      await expect(cookCard).toBeVisible({ timeout: 15_000 });
      await expect(cookCard.getByText("Rosa Diaz")).toBeVisible();
      await expect(cookCard.getByText("New", { exact: true })).toBeVisible();
      ticketPath = (await cookCard
        .getByRole("link", { name: "Print ticket" })
        .getAttribute("href"))!;
      expect(ticketPath).toMatch(/^\/user\/orders\/[A-Za-z0-9]{20}\/ticket\/80mm$/);
      await cookCard.getByRole("button", { name: "Accept order 1 for the time asked" }).click();
      await expect(cookCard.getByText("Accepted", { exact: true })).toBeVisible();

      const ownerCard = page.getByRole("listitem").filter({ hasText: "Rosa Diaz" });
      await expect(ownerCard.getByText(`Accepted by ${cook.username}`)).toBeVisible({
        timeout: 15_000,
      });
      await expect(ownerCard.getByText("Accepted", { exact: true })).toBeVisible();

      // The ticket is the cook's to print while they work there.
      const ticket = await cookPage.request.get(ticketPath);
      expect(ticket.status()).toBe(200);
    });

    // 4. The owner's own pages stay closed to the cook.
    await test.step("the editor, Staff, card payments and domain pages are a 404 to the cook", async () => {
      const editor = await cookPage.goto(site.path);
      expect(editor?.status()).toBe(404);
      await expect(cookPage.getByRole("heading", { level: 1, name: siteName })).toHaveCount(0);
      for (const closed of [
        staffPath,
        `/user/payments/${productId}`,
        `/user/domain/${productId}`,
      ]) {
        const response = await cookPage.goto(closed);
        expect(response?.status(), closed).toBe(404);
      }
      // Nor do the editor's and the Staff page's forms take a post from the cook.
      const invite = await cookPage.request.post(staffPath, {
        form: { intent: "invite", email: "friend@example.com", role: "editor" },
        maxRedirects: 0,
      });
      expect(invite.status()).toBe(404);
      const edit = await cookPage.request.post(site.path, {
        form: { intent: "add-item", name: "Cook's soup", price: "1.00" },
        maxRedirects: 0,
      });
      expect(edit.status()).toBe(404);
    });

    // 5. The owner removes the cook: the open inbox drops the site by itself.
    await test.step("removed, the cook's open inbox drops the site live", async () => {
      await cookPage.goto("/user/orders");
      await waitForHydration(cookPage);
      await expect(cookSite).toBeVisible();
      await expect(cookPage.getByText("Rosa Diaz")).toBeVisible();

      await page.goto(staffPath);
      await waitForHydration(page);
      await page.getByRole("button", { name: `Remove ${cook.username}` }).click();
      const dialog = page.getByRole("alertdialog", { name: `Remove ${cook.username}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("They lose this site at once, on every device.")).toBeVisible();
      await dialog.getByRole("button", { name: "Remove", exact: true }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: `${cook.username} no longer works on this site.` }),
      ).toBeVisible();
      await expect(page.getByText("Nobody yet. Invite the first person above.")).toBeVisible();
      // Said once: a reload no longer says it.
      await page.reload();
      await expect(page.getByText("no longer works on this site")).toHaveCount(0);

      await expect(cookSite).toHaveCount(0, { timeout: 15_000 });
      await expect(cookPage.getByText("Rosa Diaz")).toHaveCount(0);

      // Their next requests find nothing of the site.
      const ticket = await cookPage.request.get(ticketPath);
      expect(ticket.status()).toBe(404);
      await cookPage.goto("/user/orders");
      await expect(cookPage.getByText(siteName)).toHaveCount(0);
      await expect(cookPage.getByText("Rosa Diaz")).toHaveCount(0);
      await cookPage.goto("/user");
      await expect(cookPage.getByRole("region", { name: "Sites you work on" })).toHaveCount(0);
    });

    // 6. The link, used once, says so.
    await test.step("the used link says it was accepted", async () => {
      await cookPage.goto(invitation);
      await expect(
        cookPage.getByRole("heading", { level: 1, name: `Join ${siteName}` }),
      ).toBeVisible();
      await expect(
        cookPage.getByText("This invitation has already been accepted. Sign in to open the site."),
      ).toBeVisible();
      await expect(cookPage.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
      await expect(cookPage.getByRole("link", { name: "Open your sites" })).toBeVisible();
      await expectNoSideways(cookPage);
      await expectNoSeriousAxeIssue(cookPage, `invitation, used (${screen})`);
      await cookPage.screenshot({ path: testInfo.outputPath(`invitation-used-${screen}.png`) });

      // Nor does posting to it bring the cook back.
      const again = await cookPage.request.post(invitation, { form: {}, maxRedirects: 0 });
      expect(again.status()).toBe(409);
      await cookPage.goto("/user/orders");
      await expect(cookPage.getByText(siteName)).toHaveCount(0);
    });
    await cookPage.context().close();
  });
}
