/**
 * An owner connects their own domain, in Chromium, against a portal of its own that checks
 * DNS at an in-process DNS server (CUSTOM_DOMAIN_DNS_SERVERS). A second browser resolves
 * the owner's domain to that portal (Chromium's host rules), as the owner's DNS would once
 * it points here, and opens the site there.
 */
import { request } from "node:http";
import type { Browser, Page } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  signUpOwner,
  test,
} from "./fixtures";
import { preparedDataDir, startPortal, type PortalProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

const TARGET = "sites.example.net";
const DOMAIN = "menu.caferose.com";

let dns: TestDnsServer;
let portal: PortalProcess;

test.beforeAll(async () => {
  dns = await startDnsServer();
  portal = await startPortal({
    DATA_DIR: await preparedDataDir(),
    CUSTOM_DOMAIN_TARGET: TARGET,
    CUSTOM_DOMAIN_DNS_SERVERS: dns.address,
    LOG_LEVEL: "warn",
  });
});
test.afterAll(async () => {
  expect(await portal?.stop()).toBe(0);
  await dns?.close();
});

/**
 * A browser whose DNS sends the owner's domain to the test's portal: port 80 of that name
 * is the portal's port, so addresses without a port (the portal's 301) work as well.
 */
async function browserResolvingDomain(browser: Browser): Promise<Browser> {
  const launchOptions = test.info().project.use.launchOptions ?? {};
  return browser.browserType().launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-rules=MAP ${DOMAIN}:80 127.0.0.1:${portal.port}`],
  });
}

/** The status of a request sent to the portal with another Host (fetch cannot set it). */
function statusAt(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on("error", reject)
      .end();
  });
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

let editorUrl = "";
let portalAddress = "";

test("an owner connects a domain: records to set, a check that waits, then verified", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: portal.url, viewport: SCREENS[0][1] });
  const page = await context.newPage();
  await signUpOwner(page);
  editorUrl = await createSiteDirectly(page, "restaurant", "Cafe Rose");
  portalAddress = `/r/cafe-rose-${editorUrl.split("/").pop()}`;

  await page.getByRole("link", { name: "Domain", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your own domain" })).toBeVisible();

  // The server's refusals show at the field.
  const field = page.getByLabel("Your domain");
  await field.fill("co.uk");
  await page.getByRole("button", { name: "Connect domain" }).click();
  await expect(page.getByText(MESSAGES.domainPublicSuffix)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeIssue(page, `domain page, refused (${screen})`);
    await screenshot(page, `domain-add-refused-${screen}`);
  }
  await page.setViewportSize(SCREENS[0][1]);

  await field.fill(`https://Menu.CafeRose.com/`);
  await page.getByRole("button", { name: "Connect domain" }).click();
  await expect(page.getByRole("heading", { level: 2, name: DOMAIN })).toBeVisible();
  await expect(page.getByText("Waiting for DNS")).toBeVisible();

  const records = page.locator(".dns-record");
  await expect(records).toHaveCount(2);
  await expect(records.nth(0)).toContainText("CNAME");
  await expect(records.nth(0)).toContainText("menu");
  await expect(records.nth(0)).toContainText(TARGET);
  await expect(records.nth(1)).toContainText("TXT");
  await expect(records.nth(1)).toContainText("_portal-verify.menu");
  const token = (await records.nth(1).locator(".dns-record-value code").textContent()) ?? "";
  expect(token).toMatch(/^portal-verify-/);

  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeIssue(page, `domain page, waiting (${screen})`);
    await screenshot(page, `domain-waiting-${screen}`);
  }

  // Nothing set yet: the check says what is missing.
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByText(MESSAGES.domainNotYet)).toBeVisible();
  await expect(records.nth(0).getByText("Not found yet")).toBeVisible();
  await expect(records.nth(1).getByText("Not found yet")).toBeVisible();

  // A wrong TXT value is told apart from a missing one.
  dns.set(DOMAIN, "CNAME", [TARGET]);
  dns.set(`_portal-verify.${DOMAIN}`, "TXT", ["something-else"]);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(records.nth(0).getByText("Found", { exact: true })).toBeVisible();
  await expect(records.nth(1).getByText("Found with another value")).toBeVisible();
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await screenshot(page, `domain-checked-${screen}`);
  }

  dns.set(`_portal-verify.${DOMAIN}`, "TXT", [token]);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByText(MESSAGES.domainVerified)).toBeVisible();
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeIssue(page, `domain page, verified (${screen})`);
    await screenshot(page, `domain-verified-${screen}`);
  }
  await page.setViewportSize(SCREENS[0][1]);
  await page.reload();
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `http://${DOMAIN}/` })).toBeVisible();
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeIssue(page, `domain page, connected (${screen})`);
    await screenshot(page, `domain-connected-${screen}`);
  }

  // The share page and the editor give the domain as the site's link.
  await page.goto(`/user/share/${editorUrl.split("/").pop()}`);
  await expect(page.locator(".public-url")).toHaveText(`http://${DOMAIN}/`);
  await context.close();
});

test("visitors see the site at the domain; the portal address sends them there", async ({
  browser,
}) => {
  const resolving = await browserResolvingDomain(browser);
  const page = await (await resolving.newContext({ viewport: SCREENS[0][1] })).newPage();

  const answer = await page.goto(`http://${DOMAIN}/`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Cafe Rose" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `http://${DOMAIN}/`);
  // Its styles travel inside the page.
  const stylesheets = await page.evaluate(() => document.styleSheets.length);
  expect(stylesheets).toBeGreaterThan(0);
  await expectNoSeriousAxeIssue(page, "site on its domain");

  // The portal is not there.
  for (const path of ["/user", "/signin", "/api/auth/get-session"]) {
    expect((await page.goto(`http://${DOMAIN}${path}`))?.status(), path).toBe(404);
  }
  expect(await page.context().cookies(`http://${DOMAIN}/`)).toEqual([]);

  // The old address moves visitors (and a scan's ?src=qr) to the domain.
  await page.goto(`${portal.url}${portalAddress}?src=qr`);
  await expect(page).toHaveURL(`http://${DOMAIN}/?src=qr`);
  await expect(page.getByRole("heading", { level: 1, name: "Cafe Rose" })).toBeVisible();
  await resolving.close();
});

test("the editor's preview still shows the site, and removing the domain is instant", async ({
  browser,
}) => {
  const owner = await browser.newContext({ baseURL: portal.url, viewport: SCREENS[1][1] });
  const ownerPage = await owner.newPage();
  await signUpOwner(ownerPage);
  const editor = await createSiteDirectly(ownerPage, "restaurant", "Harbor Grill");
  const id = editor.split("/").pop()!;
  const domain = "www.harborgrill.com";
  await ownerPage.goto(`/user/domain/${id}`);
  await ownerPage.getByLabel("Your domain").fill(domain);
  await ownerPage.getByRole("button", { name: "Connect domain" }).click();
  const token =
    (await ownerPage
      .locator(".dns-record")
      .nth(1)
      .locator(".dns-record-value code")
      .textContent()) ?? "";
  dns.set(domain, "CNAME", [TARGET]);
  dns.set(`_portal-verify.${domain}`, "TXT", [token]);
  await ownerPage.getByRole("button", { name: "Check now" }).click();
  await expect(ownerPage.getByText(MESSAGES.domainVerified)).toBeVisible();

  // The preview beside the editor is the portal's own page, not a redirect to the domain.
  await ownerPage.goto(editor);
  const preview = ownerPage.frameLocator(".preview-frame");
  await expect(preview.getByRole("heading", { level: 1, name: "Harbor Grill" })).toBeVisible();

  await ownerPage.goto(`/user/domain/${id}`);
  await ownerPage.getByRole("button", { name: "Remove domain" }).click();
  await ownerPage.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(
    ownerPage.getByRole("status").filter({ hasText: MESSAGES.domainRemoved }),
  ).toBeVisible();
  await expect(ownerPage.getByLabel("Your domain")).toBeVisible();

  // At once, the domain shows no site and the portal address serves the page again.
  const atDomain = await statusAt(`${portal.url}/`, domain);
  expect(atDomain).toBe(404);
  const back = await ownerPage.goto(`/r/harbor-grill-${id}`);
  expect(back?.status()).toBe(200);
  await owner.close();
});
