/**
 * Forgot password as an owner lives it on a local portal: the link arrives as an
 * .eml file in DATA_DIR/mail (the e2e server's is E2E_DATA_DIR), is followed,
 * sets a new password and signs out the other browser.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { MESSAGES } from "../../app/lib/messages";
import { expect, expectNoSeriousAxeIssue, signIn, signUpOwner, test } from "./fixtures";
import { E2E_DATA_DIR } from "./e2e-server";

const OUTBOX = path.join(E2E_DATA_DIR, "mail");

/** The reset link in the mail written for `email`, waiting for the file to appear. */
async function resetLinkMailedTo(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const names = await readdir(OUTBOX).catch(() => [] as string[]);
        for (const name of names.filter((file) => file.endsWith(".eml"))) {
          const mail = await simpleParser(await readFile(path.join(OUTBOX, name)));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (!to.some((address) => address.text.includes(email))) continue;
          expect(mail.html).toBeTruthy();
          link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? "")?.[0] ?? link;
        }
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

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
