/**
 * Every public page type, the landing page and sign-in pass the W3C Nu HTML Checker
 * (vnu-jar, a dev dependency) with no error. The pages are fetched from the e2e server as a
 * visitor gets them, written to a temporary directory and checked in one run of the checker
 * (Java starts slowly); its JSON report is parsed so that a failure names the page, the line
 * and the message. Java (17 or newer) must be installed: without it the test fails, it does
 * not pass unchecked.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createSiteDirectly, expect, signUpOwner, test, type SiteType } from "./fixtures";
import { checkedHtmlErrors } from "./html-checker";

/** The examples the demo seed creates (app/server/seed/examples.server.ts). */
const EXAMPLES = {
  restaurant: "/r/rosas-trattoria-examplemenu",
  shop: "/s/harbor-pine-exampleshop",
  dealership: "/d/summit-motors-exampledealer",
};

/** Creates a site of each type, as a new owner would, and returns its public path. */
async function freshSitePaths(page: Page, sites: Array<[type: SiteType, name: string]>) {
  await signUpOwner(page);
  const paths: string[] = [];
  for (const [type, name] of sites) {
    await createSiteDirectly(page, type, name);
    await page.goto("/user");
    const href = await page
      .getByRole("link", { name: `View Public page of ${name}`, exact: true })
      .getAttribute("href");
    expect(href, `${name}'s public path`).toMatch(/^\/[rsde]\/[a-z0-9-]+-[A-Za-z0-9]{20}$/);
    paths.push(href!);
  }
  return paths;
}

/** The page's HTML as an anonymous visitor is sent it. */
async function html(request: APIRequestContext, pagePath: string) {
  const response = await request.get(pagePath);
  expect(response.status(), pagePath).toBe(200);
  expect(response.headers()["content-type"], pagePath).toMatch(/^text\/html/);
  return response.text();
}

test("every public page type, the landing page and sign-in are valid HTML (Nu HTML Checker)", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // An owner may have 3 sites: the fourth type is made by a second owner.
  const [restaurant, shop, dealership] = await freshSitePaths(page, [
    ["restaurant", "Empty Bistro"],
    ["shoppy", "Empty Shop"],
    ["dealership", "Empty Motors"],
  ]);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const [store] = await freshSitePaths(await other.newPage(), [["ecommerce", "Empty Store"]]);
  await other.close();

  // The example shop with an item's dialog open, as its address renders it without a script.
  await page.goto(EXAMPLES.shop);
  const itemHref = await page.locator(".shop-card-link").first().getAttribute("href");
  expect(itemHref).toMatch(/\?item=/);

  const pages: Array<[name: string, pagePath: string]> = [
    ["landing", "/"],
    ["sign-in", "/signin"],
    ["restaurant, empty", restaurant!],
    ["restaurant, example", EXAMPLES.restaurant],
    ["shop, empty", shop!],
    ["shop, example", EXAMPLES.shop],
    ["shop, example with an item open", itemHref!],
    ["shop, example filtered to nothing", `${EXAMPLES.shop}?q=no-such-thing-at-all`],
    ["dealership, empty", dealership!],
    ["dealership, example", EXAMPLES.dealership],
    ["e-commerce, empty", store!],
  ];
  const documents: Array<[name: string, html: string]> = [];
  for (const [name, pagePath] of pages)
    documents.push([`${name} (${pagePath})`, await html(request, pagePath)]);
  expect(checkedHtmlErrors(documents)).toEqual([]);
});
