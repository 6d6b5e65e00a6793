/**
 * One Web Push message to one device: encrypted to the device's keys (RFC 8291, aes128gcm)
 * and signed with the server's VAPID key by the `web-push` package, then posted to the
 * device's push service with `fetch`, which this module controls: a time limit, no redirects
 * followed, and the push service's answer sorted into sent, gone (404/410: the subscription
 * is dead and is deleted) or failed (tried again later when the push service may take it
 * then: a network error, 429 or 5xx).
 *
 * A subscription's endpoint is an address a signed-in user gives the server, which then posts
 * to it: on a deployment it must be an https address on a named host (not an IP address, not
 * this machine), so that it cannot aim the server at a service on its own network.
 */
import { isIP } from "node:net";
import webpush from "web-push";
import type { PushConfig } from "../runtime/env.server";

/** What a notification shows, and where tapping it goes (a path of the portal). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** A later notification with the same tag replaces this one on the device. */
  tag: string;
  /** Replacing one with the same tag alerts again (a reminder), rather than silently. */
  renotify?: boolean;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  { sent: true } | { gone: true; status: number } | { failed: string; retry: boolean };

/** A push service that has not answered by then counts as failed (and is tried again later). */
export const PUSH_SEND_TIMEOUT_MS = 30_000;
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

const LOCAL_HOST = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Why the server will not post to `endpoint`, or null when it will. Off a deployment (a
 * laptop, the tests) a push service on this machine over plain http is allowed.
 */
export function pushEndpointProblem(endpoint: string, deployment: boolean): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return "The endpoint is too long.";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The endpoint is not a URL.";
  }
  if (url.username || url.password) return "The endpoint carries credentials.";
  if (!deployment) {
    return url.protocol === "https:" || url.protocol === "http:"
      ? null
      : "The endpoint is not an http(s) URL.";
  }
  if (url.protocol !== "https:") return "The endpoint is not an https URL.";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIP(host) !== 0 || !host.includes(".") || LOCAL_HOST.test(host)) {
    return "The endpoint is not on a push service's host.";
  }
  return null;
}

/** Sends `message` to one device; never throws. */
export async function sendPush(
  config: PushConfig,
  target: PushTarget,
  message: PushMessage,
  options: {
    deployment: boolean;
    /** Seconds the push service keeps the message for a device that is offline. */
    ttlSeconds: number;
    urgency: "normal" | "high";
    /** Messages queued at the push service under one topic replace each other. */
    topic?: string;
  },
): Promise<PushResult> {
  const problem = pushEndpointProblem(target.endpoint, options.deployment);
  if (problem) return { failed: problem, retry: false };
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: config,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        topic: options.topic,
        contentEncoding: "aes128gcm",
      },
    );
  } catch (error) {
    // Keys the encryption refuses: the subscription can never be used.
    return { failed: `Could not encrypt the message: ${messageOf(error)}`, retry: false };
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch counts the body itself.
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { failed: `The push service could not be reached: ${messageOf(error)}`, retry: true };
  }
  // Nothing of the answer is needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => {});
  const { status } = response;
  if (status >= 200 && status < 300) return { sent: true };
  if (status === 404 || status === 410) return { gone: true, status };
  return {
    failed: `The push service answered ${status}.`,
    retry: status === 429 || status >= 500,
  };
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  const text = error instanceof Error ? error.message : String(error);
  return (typeof cause === "string" ? `${cause}: ${text}` : text).slice(0, 150);
}
