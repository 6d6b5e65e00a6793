/**
 * An owner's account settings on /user/info, in a browser: change the password and
 * see another browser signed out, sign out everywhere else, and delete the account,
 * after which its public page answers 404 and its password signs in no one.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { MESSAGES } from "../../app/lib/messages";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  signIn,
  signUpOwner,
  test,
  toast,
} from "./fixtures";
import { E2E_DATA_DIR } from "./e2e-server";

/** The e2e server's stored files (DATA_DIR/files/objects, see playwright.config.ts). */
const STORED_OBJECTS = path.join(E2E_DATA_DIR, "files", "objects");

/** The files stored under a key prefix, such as `restaurants/{pid}`; none when it is gone. */
async function storedFilesUnder(prefix: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(STORED_OBJECTS, prefix), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

let otherDevices = 0;

/** The same owner signed in on another device, from an address of its own. */
async function signedInElsewhere(browser: Browser, owner: { email: string; password: string }) {
  otherDevices += 1;
  const address = `10.250.${Math.floor(Math.random() * 250)}.${(otherDevices % 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  await page.goto("/signin");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user$/);
  return { page, close: () => context.close() };
}

async function expectSignedOut(page: Page) {
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser$/);
}

for (const screen of [
  { name: "360×800", width: 360, height: 800 },
  { name: "1280×800", width: 1280, height: 800 },
]) {
  test.describe(`at ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test("changing the password signs out the other browser", async ({ page, browser }) => {
      const owner = await signUpOwner(page);
      const other = await signedInElsewhere(browser, owner);

      await page.goto("/user/info");
      await expect(page.getByRole("heading", { name: "Where you’re signed in" })).toBeVisible();
      await expect(page.locator(".session-list li")).toHaveCount(2);
      await expect(page.getByText("This device")).toBeVisible();
      await expectNoSeriousAxeIssue(page);

      const section = page.getByRole("region", { name: "Password" });
      await section.getByLabel("Current password").fill("not the password");
      await section.getByLabel("New password", { exact: true }).fill("a fresh new passphrase");
      await section.getByLabel("New password again").fill("a fresh new passphrase");
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(section.getByText(MESSAGES.wrongCurrentPassword)).toBeVisible();

      await section.getByLabel("Current password").fill(owner.password);
      await section.getByLabel("New password", { exact: true }).fill("a fresh new passphrase");
      await section.getByLabel("New password again").fill("a fresh new passphrase");
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(toast(page, MESSAGES.passwordChanged)).toBeVisible();

      // This browser stays signed in; the other one is out.
      await page.goto("/user");
      await expect(page).toHaveURL(/\/user$/);
      await expectSignedOut(other.page);
      await other.close();
    });

    test("sign out everywhere else", async ({ page, browser }) => {
      const owner = await signUpOwner(page);
      const other = await signedInElsewhere(browser, owner);
      await page.goto("/user/info");
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expect(toast(page, MESSAGES.otherSessionsEnded)).toBeVisible();
      await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
      await expectSignedOut(other.page);
      await other.close();
    });

    test("deleting the account takes its sites offline and its password with it", async ({
      page,
    }) => {
      const owner = await signUpOwner(page);
      await createSiteDirectly(page, "restaurant", "Short Lived Diner");
      const productId = new URL(page.url()).pathname.split("/").pop()!;
      const publicPath = await page.getByRole("link", { name: "View Public" }).getAttribute("href");
      expect((await page.request.get(publicPath!)).status()).toBe(200);

      // A logo, so the site has stored files for the deletion to remove.
      await openEditorTab(page, "Info");
      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "logo.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({
          create: { width: 400, height: 400, channels: 3, background: "#225588" },
        })
          .jpeg()
          .toBuffer(),
      });
      const logo = page.getByRole("img", { name: "Current logo" });
      await expect(logo).toHaveAttribute("src", /\/info\/logo\?v=/);
      const logoUrl = (await logo.getAttribute("src"))!;
      expect(await storedFilesUnder(`restaurants/${productId}`)).not.toEqual([]);

      await page.goto("/user/info");
      const danger = page.getByRole("region", { name: "Delete account" });
      await danger.getByLabel("Your password").fill(owner.password);
      await danger.getByRole("button", { name: "Delete account" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
      await expect(dialog).toContainText("your site");
      await expectNoSeriousAxeIssue(page);
      await dialog.getByRole("button", { name: "Keep my account" }).click();
      await expect(dialog).toBeHidden();

      await danger.getByRole("button", { name: "Delete account" }).click();
      await dialog.getByRole("button", { name: "Delete everything" }).click();
      await expect(page).toHaveURL(/\/signin\?account=deleted$/);
      await expect(
        page.getByRole("status").filter({ hasText: MESSAGES.accountDeleted }),
      ).toBeVisible();

      expect((await page.request.get(publicPath!)).status()).toBe(404);
      expect((await page.request.get(logoUrl)).status()).toBe(404);
      expect(await storedFilesUnder(`restaurants/${productId}`)).toEqual([]);
      await signIn(page, owner.email, owner.password);
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page).toHaveURL(/\/signin/);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a wrong password is refused on the delete form, and nothing is deleted", async ({
    page,
  }) => {
    // Registering needs no JavaScript either; the owner lands on /user.
    await signUpOwner(page);
    await page.goto("/user/info");
    const danger = page.getByRole("region", { name: "Delete account" });
    await danger.getByLabel("Your password").fill("certainly not it");
    await danger.getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByText(MESSAGES.wrongCurrentPassword)).toBeVisible();
    await page.goto("/user");
    await expect(page).toHaveURL(/\/user$/);
  });
});
