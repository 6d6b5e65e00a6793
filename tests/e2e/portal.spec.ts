import { MESSAGES } from "../../app/lib/messages";
import {
  createSite,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  siteDangerZone,
  test,
} from "./fixtures";

test("create a restaurant and a shoppy, then delete one after confirming", async ({ page }) => {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/user/events"));
  await signUpOwner(page);
  await page.goto("/user");
  await expect(page.getByText("Using 0/3")).toBeVisible();
  expect((await streamOpen).headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(page.getByRole("link", { name: "Create your first site" })).toBeVisible();

  await createSite(page, "Restaurant", "Test Bistro");
  const shopEditor = await createSite(page, "Shoppy", "Test Shop");

  await page
    .getByRole("navigation", { name: "Portal" })
    .getByRole("link", { name: "Your Products" })
    .click();
  await expect(page.getByText("Using 2/3")).toBeVisible();
  const sites = page.getByRole("list", { name: "Your sites" });
  await expect(sites.getByRole("heading", { name: "Test Bistro" })).toBeVisible();
  await expect(sites.getByRole("heading", { name: "Test Shop" })).toBeVisible();
  await expect(
    sites.getByRole("link", { name: "View Public page of Test Bistro" }),
  ).toHaveAttribute("href", /^\/r\/test-bistro-[A-Za-z0-9]{20}$/);

  // Delete is in the danger zone at the end of Info, not in the editor's header.
  await page.goto(shopEditor);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await openEditorTab(page, "Info");
  const deleteButton = siteDangerZone(page).getByRole("button", { name: "Delete Test Shop" });
  await deleteButton.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Test Shop?" });
  await expect(dialog).toBeVisible();
  // Escape cancels and gives focus back to the button that opened the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/user\/products$/);
  await expect(page.getByText("Using 1/3")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test Shop" })).toHaveCount(0);
  const gone = await page.goto(shopEditor);
  expect(gone?.status()).toBe(404);
});

test("the create form checks its input and closes at the limit", async ({ page }) => {
  await signUpOwner(page);
  await page.goto("/user/create");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText(MESSAGES.pleaseEnterName)).toBeVisible();

  // No name: the type's key is the name.
  await page.getByRole("radio", { name: /^Dealership/ }).check();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "dealership" })).toBeVisible();

  await createSiteDirectly(page, "ecommerce", "Second");
  await createSiteDirectly(page, "restaurant", "Third");
  await page.goto("/user/create");
  await expect(page.getByText(MESSAGES.productLimitReached)).toBeVisible();
  await expect(page.getByRole("button", { name: "Create", exact: true })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /^Shoppy/ })).toBeDisabled();
});

test("an open Your Products page follows changes made in another tab", async ({
  page,
  context,
}) => {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/user/events"));
  await signUpOwner(page);
  await page.goto("/user");
  await expect(page.getByText("Using 0/3")).toBeVisible();
  await streamOpen;

  const other = await context.newPage();
  await createSiteDirectly(other, "shoppy", "Made Elsewhere");
  // No reload: the first tab hears about it over its event stream.
  await expect(page.getByRole("heading", { name: "Made Elsewhere" })).toBeVisible({
    timeout: 2000,
  });
  await expect(page.getByText("Using 1/3")).toBeVisible();

  await openEditorTab(other, "Info");
  await siteDangerZone(other).getByRole("button", { name: "Delete" }).click();
  await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(other).toHaveURL(/\/user\/products$/);
  await expect(page.getByRole("heading", { name: "Made Elsewhere" })).toHaveCount(0, {
    timeout: 2000,
  });
  await expect(page.getByText("Using 0/3")).toBeVisible();
});

test("copy link puts the public URL on the clipboard and says so", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Copy Me");
  await page
    .getByRole("navigation", { name: "Portal" })
    .getByRole("link", { name: "Your Products" })
    .click();
  // The editor has a Copy link button of the same name: wait for the list itself.
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole("heading", { name: "Copy Me", level: 2 })).toBeVisible();
  const checklist = page.getByRole("region", { name: "Getting started with Copy Me" });
  await expect(checklist.getByText("1 of 5 done")).toBeVisible();
  await expect(checklist.getByRole("link", { name: "Set your opening hours" })).toHaveAttribute(
    "href",
    /\/user\/restaurant\/setup\/[A-Za-z0-9]{20}\?tab=info$/,
  );
  await page.getByRole("button", { name: "Copy link to Copy Me" }).click();
  await expect(page.getByText(MESSAGES.linkCopied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${baseURL}/r/copy-me-[A-Za-z0-9]{20}$`));
  // Copying the link ticks the checklist's last step, and it stays ticked.
  await expect(checklist.getByText("2 of 5 done")).toBeVisible();
  await expect(
    checklist.getByRole("listitem").filter({ hasText: "Share your link" }),
  ).toContainText("(done)");
  await page.reload();
  await expect(checklist.getByText("2 of 5 done")).toBeVisible();
});
