/**
 * "Notify this device" in the orders inbox, on a phone and a laptop: the manifest and the
 * service worker served as what they are, the worker registered for /user/, and what the
 * panel says in each case.
 *
 * Debian's headless shell of Chromium cannot subscribe for real: it reports notifications as
 * denied whatever permission the context is granted, and a real subscription needs Google's
 * push service, which the tests never reach. So the first test checks what the shell itself
 * shows (notifications blocked), and the others stand in for the browser's push service with
 * an init script: Notification and PushManager answer as a browser that allowed notifications
 * does, with a subscription whose endpoint is a local push service
 * (tests/support/push-service.ts) and whose keys the test holds. Everything past the browser is
 * real: the panel posts the subscription, the server saves it, and the test notification it
 * sends arrives encrypted at the push service, where the test decrypts it.
 */
import type { Page } from "@playwright/test";
import {
  createPushDevice,
  startPushService,
  type PushDevice,
  type PushService,
} from "../support/push-service";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  SCREENS,
  signUpOwner,
  test,
  waitForHydration,
} from "./fixtures";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let push: PushService;
let deviceCounter = 0;

test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

async function ownerWithRestaurant(page: Page) {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Push Pizza");
}

async function openInbox(page: Page) {
  await page.goto("/user/orders");
  await waitForHydration(page);
  return page.locator(".push-panel");
}

/**
 * The browser's side of a subscription that a browser with a push service would make: the
 * permission granted once asked, and a subscription to `device`, kept across reloads.
 */
async function standInForPushService(page: Page, device: PushDevice) {
  await page.addInitScript((subscription) => {
    const stored = () => localStorage.getItem("test-push-key");
    const made = (key: string) => ({
      endpoint: subscription.endpoint,
      options: { applicationServerKey: Uint8Array.from(JSON.parse(key) as number[]).buffer },
      toJSON: () => ({
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      }),
      unsubscribe: () => {
        localStorage.removeItem("test-push-key");
        return Promise.resolve(true);
      },
    });
    let permission: NotificationPermission = "default";
    Object.defineProperty(Notification, "permission", { get: () => permission });
    Notification.requestPermission = () => {
      permission = "granted";
      return Promise.resolve(permission);
    };
    PushManager.prototype.getSubscription = function () {
      const key = stored();
      return Promise.resolve((key ? made(key) : null) as unknown as PushSubscription);
    };
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = JSON.stringify([
        ...new Uint8Array(options!.applicationServerKey as ArrayBufferLike),
      ]);
      localStorage.setItem("test-push-key", key);
      return Promise.resolve(made(key) as unknown as PushSubscription);
    };
  }, device.subscription);
}

for (const [screen, viewport] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test("serves the manifest and the worker, and says when notifications are blocked", async ({
      page,
      context,
      baseURL,
    }) => {
      const manifest = await page.request.get("/orders.webmanifest");
      expect(manifest.status()).toBe(200);
      expect(manifest.headers()["content-type"]).toBe("application/manifest+json");
      expect(await manifest.json()).toMatchObject({
        name: "Orders",
        start_url: "/user/orders",
        scope: "/user/",
        display: "standalone",
      });
      const worker = await page.request.get("/orders-worker.js");
      expect(worker.status()).toBe(200);
      expect(worker.headers()["content-type"]).toMatch(/^(application|text)\/javascript\b/);
      for (const icon of ["/orders-icon-192.png", "/orders-icon-512.png"]) {
        expect((await page.request.get(icon)).headers()["content-type"]).toBe("image/png");
      }

      await context.grantPermissions(["notifications"], { origin: baseURL! });
      await ownerWithRestaurant(page);
      // The server's HTML has the manifest in its head, where browsers look for it.
      const html = await (await page.request.get("/user/orders")).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain('<link rel="manifest" href="/orders.webmanifest"/>');
      expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon-orders.png"/>');
      const panel = await openInbox(page);
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
        "href",
        "/orders.webmanifest",
      );
      // The headless shell says notifications are denied, whatever the context allows.
      await expect(panel).toContainText("Notifications are blocked for this site");
      await expect(panel.getByRole("button")).toHaveCount(0);
      await expectNoSeriousAxeIssue(page, `blocked, ${screen}`);
      await page.screenshot({ path: `test-results/push-blocked-${screen}.png` });
    });

    test("subscribes this device, sends a test notification and stops", async ({ page }) => {
      deviceCounter += 1;
      const name = `e2e-${screen}-${deviceCounter}-${Date.now()}`;
      const device = createPushDevice(`${push.url}/push/${name}`);
      await standInForPushService(page, device);
      await ownerWithRestaurant(page);
      const panel = await openInbox(page);

      const notify = panel.getByRole("button", { name: "Notify this device" });
      await expect(notify).toBeEnabled();
      await expectNoSeriousAxeIssue(page, `off, ${screen}`);
      await page.screenshot({ path: `test-results/push-off-${screen}.png` });

      // The worker that will show the notifications runs for the portal.
      const registration = await page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration("/user/");
        await navigator.serviceWorker.ready;
        return { scope: found?.scope, script: found?.active?.scriptURL ?? null };
      });
      expect(registration.scope).toMatch(/\/user\/$/);
      expect(registration.script).toMatch(/\/orders-worker\.js$/);

      await notify.click();
      await expect(panel.getByRole("status")).toHaveText("This device is notified of new orders.");
      await expectNoSeriousAxeIssue(page, `on, ${screen}`);
      await page.screenshot({ path: `test-results/push-on-${screen}.png` });

      // The server has it: still on after a reload, and its test notification arrives.
      await page.reload();
      await waitForHydration(page);
      await expect(panel.getByRole("status")).toHaveText("This device is notified of new orders.");
      await panel.getByRole("button", { name: "Send a test notification" }).click();
      await expect(panel.getByRole("status")).toHaveText(/^Test notification sent/);
      const [message] = await push.waitFor(name, 1);
      expect(JSON.parse(device.decrypt(message!.body))).toMatchObject({
        title: "Orders",
        body: "Test: new orders will show like this.",
        url: "/user/orders",
      });

      await panel.getByRole("button", { name: "Stop notifying this device" }).click();
      await expect(panel.getByRole("status")).toHaveText("This device will no longer be notified.");
      await expect(panel.getByRole("button", { name: "Notify this device" })).toBeEnabled();
      const status = await page.request.post("/user/push", {
        form: { intent: "status", endpoint: device.subscription.endpoint },
      });
      expect(await status.json()).toMatchObject({ subscribed: false });
    });

    test("says so in a browser without push", async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { PushManager?: unknown }).PushManager;
      });
      await ownerWithRestaurant(page);
      const panel = await openInbox(page);
      await expect(panel).toContainText("This browser cannot show notifications of new orders.");
      await expect(panel.getByRole("button")).toHaveCount(0);
      await expectNoSeriousAxeIssue(page, `unsupported, ${screen}`);
    });
  });
}

test.describe("on an iPhone, in Safari rather than the installed app", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, hasTouch: true });

  test("asks for the Home Screen app first", async ({ page }) => {
    await ownerWithRestaurant(page);
    const panel = await openInbox(page);
    await expect(panel).toContainText("tap Share, then Add to Home Screen");
    await expect(panel.getByRole("button")).toHaveCount(0);
    await expectNoSeriousAxeIssue(page, "iPhone");
    await page.screenshot({ path: "test-results/push-iphone.png" });
  });
});
