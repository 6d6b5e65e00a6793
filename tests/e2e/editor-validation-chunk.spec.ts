import type { Page, Request } from "@playwright/test";
import { MESSAGES } from "~/lib/messages";
import {
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  waitForHydration,
} from "./fixtures";

/** zod's own class name, which survives minifying: a script that has it carries zod. */
const ZOD_MARK = '"$ZodType"';

/**
 * Records the scripts a page asks for, and whether each carries zod. It watches requests, not
 * responses, so a script still on its way when the page has hydrated is awaited too.
 */
function watchScripts(page: Page) {
  const scripts: Array<Promise<{ url: string; zod: boolean }>> = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() !== "script") return;
    // A script whose page closes before it arrives has no body to read.
    scripts.push(
      request
        .response()
        .then((response) => response?.text() ?? "")
        .then(
          (body) => ({ url: request.url(), zod: body.includes(ZOD_MARK) }),
          () => ({ url: request.url(), zod: false }),
        ),
    );
  });
  return {
    withZod: async () => (await Promise.all(scripts)).filter((script) => script.zod),
    count: () => scripts.length,
  };
}

test("the editor, the products page and the orders inbox load no zod; a form brings it when it shows", async ({
  page,
}) => {
  await signUpOwner(page);
  const scripts = watchScripts(page);
  const editor = await createSiteDirectly(page, "restaurant", "Lean Bistro");
  // Every script a page needs has been asked for once it has hydrated. (These pages hold an
  // event stream open, so the network never goes idle.)
  await waitForHydration(page);
  expect(scripts.count()).toBeGreaterThan(0);
  expect(await scripts.withZod()).toEqual([]);

  for (const path of ["/user", "/user/orders"]) {
    const fresh = await page.context().newPage();
    const onThisPage = watchScripts(fresh);
    await fresh.goto(path);
    await waitForHydration(fresh);
    expect(onThisPage.count(), path).toBeGreaterThan(0);
    expect(await onThisPage.withZod(), path).toEqual([]);
    await fresh.close();
  }

  // Add Item fetches its checks as it shows, then checks in the browser: nothing is posted.
  await page.goto(editor);
  await openEditorTab(page, "Add Item");
  await expect.poll(async () => (await scripts.withZod()).length).toBeGreaterThan(0);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.priceRequired)).toBeVisible();
  // Fixed as the owner types, still without a request.
  await page.getByLabel("Name").fill("Soup");
  await expect(page.getByText(MESSAGES.nameRequired)).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("an item added in the moment before the checks arrive is held, then checked and sent", async ({
  page,
}) => {
  await signUpOwner(page);
  const editor = await createSiteDirectly(page, "restaurant", "Quick Bistro");
  // The checks' chunk answers only when the test lets it.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/form-validators-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${editor}?tab=add`);
  // Hydrated with the tab, whose code comes after the rest of the page's.
  await waitForHydration(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Name").fill("Held soup");
  await page.getByLabel("Price").fill("6.50");
  await page.getByRole("button", { name: "Add item" }).click();
  // Nothing is sent, and no error is invented, while the checks are on their way.
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  await expect(page.locator(".field-error")).toHaveCount(0);
  // Then the held submit is checked and sent, once.
  release();
  await expect.poll(() => posts.length).toBe(1);
  // The owner sees it added, and nothing was sent twice.
  await expect(page.getByText("Item added.").last()).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
  expect(posts).toHaveLength(1);
});
