/**
 * The signed-in user's devices for push notifications of orders (/user/push), asked by the
 * "Notify this device" panel of the orders inbox (app/components/orders/push-panel.tsx):
 * the server's VAPID public key (GET), and the device's subscription saved, checked, tested
 * or deleted (POST, by `intent`). Each intent acts on the user's own device only: another
 * user's endpoint is answered as one unknown.
 */
import { data } from "react-router";
import { z } from "zod";
import { ownerContext, servicesContext } from "~/context";
import { pushWords } from "~/lib/i18n/portal/push";
import { fill } from "~/lib/i18n/text";
import { readFormOrRefuse } from "~/server/http/forms.server";
import {
  deleteGoneSubscription,
  deleteOwnSubscription,
  MAX_DEVICES_PER_USER,
  ownSubscription,
  recordDelivery,
  saveSubscription,
  subscriptionSchema,
} from "~/server/push/push-subscriptions.server";
import { PUSH_ENDPOINT_MAX_LENGTH, sendPush } from "~/server/push/web-push.server";
import type { Route } from "./+types/push";

export type PushAnswer =
  | { ok: true; message: string; subscribed: boolean }
  | { ok: false; error: string; subscribed: boolean };

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return { publicKey: env.push.publicKey };
}

const endpointSchema = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH) });

function refuse(error: string, status: number, subscribed = false) {
  return data<PushAnswer>({ ok: false, error, subscribed }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const { db, env } = context.get(servicesContext);
  const form = Object.fromEntries(await readFormOrRefuse(request));
  const intent = form.intent;

  if (intent === "subscribe") {
    const parsed = subscriptionSchema.safeParse(form);
    if (!parsed.success) return refuse(pushWords.badSubscription, 400);
    const saved = await saveSubscription(db, owner.id, parsed.data, env.deployment);
    if ("refused" in saved) {
      return saved.refused === "too-many"
        ? refuse(fill(pushWords.tooManyDevices, { max: MAX_DEVICES_PER_USER }), 409)
        : refuse(pushWords.badSubscription, 400);
    }
    return data<PushAnswer>({ ok: true, message: pushWords.subscribed, subscribed: true });
  }

  const parsed = endpointSchema.safeParse(form);
  if (!parsed.success) return refuse(pushWords.badSubscription, 400);
  const { endpoint } = parsed.data;

  if (intent === "status") {
    const own = await ownSubscription(db, owner.id, endpoint);
    return data<PushAnswer>({ ok: true, message: "", subscribed: own !== null });
  }
  if (intent === "unsubscribe") {
    if (!(await deleteOwnSubscription(db, owner.id, endpoint))) {
      return refuse(pushWords.notYours, 404);
    }
    return data<PushAnswer>({ ok: true, message: pushWords.unsubscribed, subscribed: false });
  }
  if (intent === "test") {
    const own = await ownSubscription(db, owner.id, endpoint);
    if (!own) return refuse(pushWords.notYours, 404);
    const result = await sendPush(
      env.push,
      own,
      { title: pushWords.testTitle, body: pushWords.testBody, url: "/user/orders", tag: "test" },
      { deployment: env.deployment, ttlSeconds: 60, urgency: "high" },
    );
    if ("gone" in result) {
      await deleteGoneSubscription(db, own);
      return refuse(pushWords.testGone, 410);
    }
    if ("failed" in result) return refuse(pushWords.testFailed, 502, true);
    await recordDelivery(db, own.id, new Date());
    return data<PushAnswer>({ ok: true, message: pushWords.testSent, subscribed: true });
  }
  return refuse(pushWords.badSubscription, 400);
}
