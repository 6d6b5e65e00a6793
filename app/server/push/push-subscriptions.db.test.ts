/**
 * The portal's device actions (/user/push, app/routes/portal/push.ts) for a signed-in user:
 * the server's public key; a device saved, checked, tested and deleted; only one's own
 * device ever deleted, checked or tested; subscriptions the server cannot use refused with a
 * 400; and on a deployment, no endpoint that aims the server at its own network.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pushRoute from "~/routes/portal/push";
import { pushSubscriptions } from "~/server/db/schema";
import type { RunningServices } from "~/server/runtime/services.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import {
  createPushDevice,
  startPushService,
  type PushService,
} from "../../../tests/support/push-service";
import { callRoute, ownerFor } from "../../../tests/support/route-call";
import { createTestServices, testEnv } from "../../../tests/support/test-services";
import { MAX_DEVICES_PER_USER, saveSubscription } from "./push-subscriptions.server";
import { pushEndpointProblem } from "./web-push.server";

let services: RunningServices;
let push: PushService;
let alice: string;
let bob: string;

beforeAll(async () => {
  services = await createTestServices();
  push = await startPushService();
  alice = (await registerOwner(services)).userId;
  bob = (await registerOwner(services)).userId;
}, 60_000);
afterAll(async () => {
  await services?.close();
  await push?.close();
});

function post(userId: string, form: Record<string, string>) {
  return callRoute(pushRoute.action, {
    services,
    owner: ownerFor(userId),
    url: "http://localhost/user/push",
    form,
  });
}

async function rowsOf(endpoint: string) {
  return services.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
}

describe("/user/push", () => {
  it("gives the server's VAPID public key", async () => {
    const outcome = await callRoute(pushRoute.loader, { services, owner: ownerFor(alice) });
    expect(outcome.body).toEqual({ publicKey: services.env.push.publicKey });
  });

  it("saves, checks, tests and deletes the user's own device", async () => {
    const device = createPushDevice(`${push.url}/push/alice-laptop`);
    const saved = await post(alice, { intent: "subscribe", ...device.subscription });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, subscribed: true } });
    expect(await rowsOf(device.subscription.endpoint)).toMatchObject([{ userId: alice }]);
    // Subscribing again (the panel after a reload) keeps one row.
    await post(alice, { intent: "subscribe", ...device.subscription });
    expect(await rowsOf(device.subscription.endpoint)).toHaveLength(1);

    const endpoint = { endpoint: device.subscription.endpoint };
    expect((await post(alice, { intent: "status", ...endpoint })).body).toMatchObject({
      subscribed: true,
    });
    const tested = await post(alice, { intent: "test", ...endpoint });
    expect(tested).toMatchObject({ status: 200, body: { ok: true } });
    const [message] = await push.waitFor("alice-laptop", 1);
    expect(JSON.parse(device.decrypt(message!.body))).toMatchObject({
      title: "Orders",
      url: "/user/orders",
    });

    const deleted = await post(alice, { intent: "unsubscribe", ...endpoint });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, subscribed: false } });
    expect(await rowsOf(device.subscription.endpoint)).toEqual([]);
  });

  it("never lets a second user delete, check or test another's device", async () => {
    const device = createPushDevice(`${push.url}/push/alice-phone`);
    await post(alice, { intent: "subscribe", ...device.subscription });
    const endpoint = { endpoint: device.subscription.endpoint };

    expect(await post(bob, { intent: "unsubscribe", ...endpoint })).toMatchObject({
      status: 404,
      body: { ok: false },
    });
    expect(await post(bob, { intent: "test", ...endpoint })).toMatchObject({ status: 404 });
    expect((await post(bob, { intent: "status", ...endpoint })).body).toMatchObject({
      subscribed: false,
    });
    expect(await rowsOf(device.subscription.endpoint)).toMatchObject([{ userId: alice }]);
    expect(push.received.filter((entry) => entry.device === "alice-phone")).toHaveLength(0);
  });

  it("deletes the device when the push service says it is gone during a test", async () => {
    const device = createPushDevice(`${push.url}/push/alice-old`);
    await post(alice, { intent: "subscribe", ...device.subscription });
    push.answer("alice-old", 410);
    const tested = await post(alice, { intent: "test", endpoint: device.subscription.endpoint });
    expect(tested).toMatchObject({ status: 410, body: { ok: false, subscribed: false } });
    expect(await rowsOf(device.subscription.endpoint)).toEqual([]);
  });

  it("refuses subscriptions it cannot use with a 400, saving nothing", async () => {
    const device = createPushDevice(`${push.url}/push/bad`);
    const cases: Array<Record<string, string>> = [
      { ...device.subscription, p256dh: "not-a-key" },
      // 65 bytes, but not an uncompressed point.
      { ...device.subscription, p256dh: Buffer.alloc(65, 7).toString("base64url") },
      { ...device.subscription, auth: Buffer.alloc(8).toString("base64url") },
      { ...device.subscription, endpoint: "ftp://push.example/x" },
      { ...device.subscription, endpoint: "not a url" },
      { ...device.subscription, endpoint: `https://push.example/${"x".repeat(1200)}` },
    ];
    for (const form of cases) {
      const outcome = await post(alice, { intent: "subscribe", ...form });
      expect(outcome, JSON.stringify(form).slice(0, 80)).toMatchObject({
        status: 400,
        body: { ok: false, error: "This browser sent a subscription the server cannot use." },
      });
    }
    expect(await rowsOf(device.subscription.endpoint)).toEqual([]);
    expect(await post(alice, { intent: "delete-all" })).toMatchObject({ status: 400 });
  });

  it(`refuses a device beyond ${MAX_DEVICES_PER_USER} for one user`, async () => {
    const carol = (await registerOwner(services)).userId;
    for (let index = 0; index < MAX_DEVICES_PER_USER; index += 1) {
      const device = createPushDevice(`${push.url}/push/carol-${index}`);
      expect(await saveSubscription(services.db, carol, device.subscription, false)).toEqual({
        saved: true,
      });
    }
    const extra = createPushDevice(`${push.url}/push/carol-extra`);
    const outcome = await post(carol, { intent: "subscribe", ...extra.subscription });
    expect(outcome).toMatchObject({ status: 409, body: { ok: false } });
    // A device already saved may be saved again.
    const again = createPushDevice(`${push.url}/push/carol-0`);
    expect((await post(carol, { intent: "subscribe", ...again.subscription })).status).toBe(200);
  });

  it("on a deployment, takes only https endpoints on a named host", async () => {
    expect(pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", true)).toBeNull();
    expect(pushEndpointProblem("https://web.push.apple.com/QGx", true)).toBeNull();
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://10.0.0.5/push",
      "https://localhost/push",
      "https://metadata.internal/push",
      "https://intranet/push",
      "https://user:pass@push.example.com/x",
    ]) {
      expect(pushEndpointProblem(endpoint, true), endpoint).not.toBeNull();
    }
    const deployed = { ...services, env: testEnv({ deployment: true }) };
    const device = createPushDevice(`${push.url}/push/deployed`);
    const outcome = await callRoute(pushRoute.action, {
      services: deployed,
      owner: ownerFor(alice),
      url: "http://localhost/user/push",
      form: { intent: "subscribe", ...device.subscription },
    });
    expect(outcome.status).toBe(400);
    expect(await rowsOf(device.subscription.endpoint)).toEqual([]);
  });
});
