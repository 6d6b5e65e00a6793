/**
 * Forgot password as an owner lives it on a local portal: the link arrives as an
 * .eml file in DATA_DIR/mail (the e2e server's is E2E_DATA_DIR), is followed,
 * sets a new password and signs out the other browser.
 */
import { MESSAGES } from "../../app/lib/messages";
import { expect, expectNoSeriousAxeIssue, signIn, signUpOwner, test } from "./fixtures";
import { linkMailedTo } from "./outbox";

/** The reset link in the mail written for `email`, which comes with an HTML part too. */
const resetLinkMailedTo = (email: string) =>
  linkMailedTo(email, /https?:\/\/\S+\/reset-password\?token=[\w-]+/, (mail) =>
    expect(mail.html).toBeTruthy(),
  );

for (const screen of [
  { name: "360×800", width: 360, height: 800 },
  { name: "1280×800", width: 1280, height: 800 },
]) {
  test.describe(`at ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test("an owner resets a forgotten password through the mailed link", async ({
      page,
      browser,
    }) => {
      const owner = await signUpOwner(page);
      // Another browser where the owner is signed in too.
      const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const otherPage = await other.newPage();
      await otherPage.goto("/signin");
      await signIn(otherPage, owner.email, owner.password);
      await expect(otherPage).toHaveURL(/\/user$/);

      await page.context().clearCookies();
      await page.goto("/signin");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectNoSeriousAxeIssue(page);
      await page.getByLabel("Email").fill(owner.email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: MESSAGES.resetLinkSent }),
      ).toBeVisible();

      const link = await resetLinkMailedTo(owner.email);
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await expectNoSeriousAxeIssue(page);
      const newPassword = "a freshly chosen passphrase";
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("New password again").fill("not the same passphrase");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("New password again").fill(newPassword);
      await page.getByRole("button", { name: "Set new password" }).click();

      await expect(page).toHaveURL(/\/signin\?reset=done$/);
      await expect(
        page.getByRole("status").filter({ hasText: MESSAGES.passwordResetDone }),
      ).toBeVisible();
      await signIn(page, owner.email, owner.password);
      await expect(page.getByRole("alert")).toBeVisible();
      await page.getByLabel("Password").fill(newPassword);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/user$/);

      // The other browser was signed out by the reset.
      await otherPage.goto("/user");
      await expect(otherPage).toHaveURL(/\/signin/);
      await other.close();

      // The link worked once.
      await page.context().clearCookies();
      await page.goto(link);
      await expect(page.getByRole("alert")).toHaveText(MESSAGES.resetLinkInvalid);
      await expect(page.getByRole("link", { name: "Get a new link" })).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forgot-password form answers the same for any address", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: MESSAGES.resetLinkSent }),
    ).toBeVisible();
  });
});
