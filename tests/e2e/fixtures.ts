import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import Papa from "papaparse";
import type { BenchDish } from "../../bench/bench-menu";
import { formatOptionsCell } from "../../app/lib/item-options-csv";

let addressCounter = 0;

/** The test's own browser contexts that run no script (`javaScriptEnabled: false`). */
const contextsWithoutScript = new WeakSet<BrowserContext>();

export const test = base.extend<{ clientAddress: string }>({
  // Behind TRUST_PROXY=1 the server believes X-Forwarded-For: every test gets its
  // own address, as separate visitors would have.
  clientAddress: [
    async ({ context, javaScriptEnabled }, use, testInfo) => {
      addressCounter += 1;
      const address = `10.${(testInfo.workerIndex % 200) + 1}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
      await context.setExtraHTTPHeaders({ "x-forwarded-for": address });
      if (javaScriptEnabled === false) contextsWithoutScript.add(context);
      await use(address);
    },
    { auto: true },
  ],
});

export { expect };

export const DEMO = { email: "demo@example.com", password: "demo-password-2026" };

let ownerCounter = 0;
export function uniqueOwner(label = "owner") {
  ownerCounter += 1;
  const id = `${label}${Date.now().toString(36)}${ownerCounter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id, email: `${id}@example.com`, password: "a long enough password" };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

/**
 * Until React has hydrated the page, a click on a link loads a whole new document: the
 * root marks the moment it has (app/root.tsx).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0);
}

export async function register(page: Page, owner = uniqueOwner()) {
  await page.goto("/register");
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user$/);
  return owner;
}

/**
 * Registers a new owner without the form: posts what the form posts to /register, so the
 * same action, rules and rate limit apply, from the page's own browser context, so the
 * session cookie lands in it. The page stays where it is (register() ends on /user).
 * Tests of registration itself use register().
 */
export async function signUpOwner(page: Page, owner = uniqueOwner()) {
  const response = await page.request.post("/register", {
    form: { username: owner.username, email: owner.email, password: owner.password },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers()["location"]).toBe("/user");
  return owner;
}

export type SiteType = "restaurant" | "shoppy" | "dealership" | "ecommerce";

/**
 * Creates a site without the create form: posts what the form posts to /user/create (the
 * same action and limits) from the page's browser context, then opens the new site's editor
 * and returns its URL, as createSite() does. The time zone is the browser's, as the form
 * sends it once the page has hydrated, or none where the page runs no script (contexts
 * made by hand count as running scripts). Tests of the create form itself use createSite().
 */
export async function createSiteDirectly(page: Page, type: SiteType, name: string) {
  const runsScript = !contextsWithoutScript.has(page.context());
  const timeZone = runsScript
    ? await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    : "";
  const response = await page.request.post("/user/create", {
    form: { type, name, timeZone },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  const editor = response.headers()["location"] ?? "";
  expect(editor).toMatch(new RegExp(`^/user/${type}/setup/[A-Za-z0-9]{20}$`));
  await page.goto(editor);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The form's way ends on an editor React already runs; so does this one.
  if (runsScript) await waitForHydration(page);
  return page.url();
}

/** A dish of a menu made by `createMenuSite`: the bench's (bench/bench-menu.ts), or fewer fields. */
export type MenuDish = Pick<BenchDish, "name" | "priceCents" | "category"> & Partial<BenchDish>;

/**
 * Signs up a new owner and gives them a restaurant holding these dishes, imported as the
 * editor's CSV import writes them (the same action, checks and write limits); returns the
 * menu's public path. The page is left signed in as that owner, on the editor.
 */
export async function createMenuSite(page: Page, name: string, dishes: readonly MenuDish[]) {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", name);
  const csv = Papa.unparse({
    fields: ["id", "name", "price", "category", "description", "popular"].concat([
      "allergens",
      "diets",
      "options",
    ]),
    data: dishes.map((dish) => [
      "",
      dish.name,
      (dish.priceCents / 100).toFixed(2),
      dish.category,
      dish.description ?? "",
      dish.star ? "yes" : "no",
      (dish.allergens ?? []).join(";"),
      (dish.diets ?? []).join(";"),
      formatOptionsCell(dish.options ?? []),
    ]),
  });
  const response = await page.request.post(editor, {
    form: { intent: "import-confirm", csv },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(200);
  const productId = new URL(editor).pathname.split("/").pop()!;
  const publicLink = page.locator(`a[href^="/r/"][href$="-${productId}"]`).first();
  const path = await publicLink.getAttribute("href");
  expect(path).toMatch(new RegExp(`^/r/[a-z0-9-]+-${productId}$`));
  return path!;
}

/** Creates a site through the create form and returns its editor URL. */
export async function createSite(page: Page, typeLabel: string, name: string) {
  await page.goto("/user/create");
  await page.getByRole("radio", { name: new RegExp(`^${typeLabel}`) }).check();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await page.waitForURL(
    /\/user\/(restaurant|shoppy|dealership|ecommerce)\/setup\/[A-Za-z0-9]{20}$/,
  );
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url();
}

/** Opens one of the restaurant or shop editor's tabs (Menu Items, Items, Add Item, Info). */
export async function openEditorTab(page: Page, name: string) {
  await page
    .getByRole("navigation", { name: "Editor sections" })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(
    page.getByRole("navigation", { name: "Editor sections" }).getByRole("link", { name }),
  ).toHaveAttribute("aria-current", "page");
}

/** Opens the items tab's "More" (category order, CSV), where the item count is. */
export async function openItemsMore(page: Page) {
  const more = page.locator("details.items-more");
  await more.locator("> summary").click();
  await expect(more).toHaveAttribute("open", "");
}

/** The editor's danger zone at the end of Info, holding the site's Delete. */
export function siteDangerZone(page: Page) {
  return page.getByRole("region", { name: "Delete this site" });
}

/** Confirmation toasts fade in and out; axe reads their colours mid-fade. */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/** The newest confirmation toast (sonner's announced region) with this text. */
export function toast(page: Page, text: string) {
  return (
    page
      // sonner's live region ("Notifications alt+T"), not the inbox's push panel ("Notifications
      // on this device").
      .getByRole("region", { name: /^Notifications(?! on this device)/ })
      .getByText(text)
      .last()
  );
}

/**
 * Chooses an entry of an item's actions menu ("Edit", "Add image", "Photos (0 of 5)",
 * "Delete"), as a person does: the row's menu button, then the entry.
 */
export async function chooseItemAction(page: Page, itemName: string, entry: string | RegExp) {
  await page.getByRole("button", { name: `Actions for ${itemName}`, exact: true }).click();
  await page.getByRole("menuitem", { name: entry }).click();
}

/** The two screens every owner-facing page is checked at: a small phone and a laptop. */
export const SCREENS = [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

/**
 * axe, set up for this suite: only violations are gathered (what every check reads), and it
 * runs in the page itself, reaching into frames (the editor's preview) through axe's own frame
 * messages. The builder's default instead opens a blank page per check to merge the frames'
 * results; on two cores that page cost more than the rules did (an editor tab's check: 5 s
 * against 1.3 s), and the findings are the same.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** axe's findings on the page as it is now, of these weights (all when left out), one line each. */
async function axeFindings(page: Page, where: string, impacts?: readonly string[]) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ""))
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousAxeIssue(page: Page, where = "") {
  expect(await axeFindings(page, where, ["serious", "critical"])).toEqual([]);
}

/** axe finds nothing at all, of any weight, on the page as it is now. */
export async function expectNoAxeIssue(page: Page, where = "") {
  expect(await axeFindings(page, where)).toEqual([]);
}

/** How far the page's content has moved since it started loading: its cumulative layout shift. */
export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            total += (entry as PerformanceEntry & { value: number }).value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/**
 * The last of a long list's entries (`entries`, the content inside each `content-visibility:
 * auto` item) waits to be laid out until it is scrolled to, and is laid out for print.
 */
export async function expectLastLaidOutWhenNear(page: Page, path: string, entries: Locator) {
  await page.goto(path);
  const last = entries.last();
  const skipped = () =>
    last.evaluate((entry) => !entry.checkVisibility({ contentVisibilityAuto: true }));
  expect(await skipped()).toBe(true);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(skipped).toBe(false);
  await page.goto(path);
  await page.emulateMedia({ media: "print" });
  expect(await skipped()).toBe(false);
}

/** Ordering on, as the Orders tab saves it, without the form. */
export async function turnOrderingOn(page: Page, editor: string) {
  const saved = await page.request.post(editor, {
    form: {
      intent: "save-orders",
      enabled: "on",
      pickup: "on",
      leadMinutes: "20",
      slotMinutes: "15",
      daysAhead: "0",
      remindMinutes: "3",
      giveUpMinutes: "15",
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
