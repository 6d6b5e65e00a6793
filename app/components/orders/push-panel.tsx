/**
 * "Notify this device" in the orders inbox: subscribes this browser to push notifications of
 * new orders (the service worker public/orders-worker.js, scoped to /user/, shows them) and
 * tells the server (/user/push, app/routes/portal/push.ts). It says plainly when the browser
 * cannot: no notifications or push at all, notifications blocked, or an iPhone or iPad where
 * push needs the portal installed on the Home Screen first (the manifest linked here,
 * public/orders.webmanifest, makes it an app called Orders that opens on this page).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { pushWords } from "~/lib/i18n/portal/push";
import type { PushAnswer } from "~/routes/portal/push";
import { useHydrated } from "../use-hydrated";

const WORKER_URL = "/orders-worker.js";
const WORKER_SCOPE = "/user/";
const PUSH_PATH = "/user/push";

/**
 * - `checking`: before hydration, and while the browser is asked what it has;
 * - `unsupported`, `install` (an iPhone or iPad outside the installed app), `denied`: cannot;
 * - `off` / `on`: this device is not / is notified for the signed-in user.
 */
type PanelState = "checking" | "unsupported" | "install" | "denied" | "off" | "on";

type Said = { text: string; tone: "status" | "alert" } | null;

function isAppleMobile(): boolean {
  // iPadOS reports itself as a Mac; a Mac has no touch screen.
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

function isInstalledApp(): boolean {
  return (
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** What this browser allows, before any subscription is looked at. */
function browserState(): PanelState {
  // Safari on iPhone has push only in the Home Screen app, where these all exist.
  if (isAppleMobile() && !isInstalledApp()) return "install";
  if (
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return "unsupported";
  }
  if (Notification.permission === "denied") return "denied";
  return "off";
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const given = new Uint8Array(key);
  const ours = base64UrlBytes(publicKey);
  return given.length === ours.length && given.every((byte, index) => byte === ours[index]);
}

async function post(fields: Record<string, string>): Promise<PushAnswer> {
  const response = await fetch(PUSH_PATH, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
  });
  const answer = (await response.json().catch(() => null)) as PushAnswer | null;
  return answer ?? { ok: false, error: pushWords.subscribeFailed, subscribed: false };
}

function subscriptionFields(subscription: PushSubscription): Record<string, string> {
  const { keys } = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    p256dh: keys?.p256dh ?? "",
    auth: keys?.auth ?? "",
  };
}

export function PushPanel() {
  const hydrated = useHydrated();
  const [state, setState] = useState<PanelState>("checking");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const registration = useRef<Promise<ServiceWorkerRegistration> | null>(null);
  const publicKey = useRef<Promise<string> | null>(null);

  // What the browser allows, the worker registered and the server's key fetched ahead of a
  // tap, so that the tap asks for permission at once (Safari wants it in the tap itself).
  useEffect(() => {
    let cancelled = false;
    const settle = (next: PanelState) => {
      if (!cancelled) setState(next);
    };
    void (async () => {
      // After the first paint: the server's HTML and the hydrated page agree on "checking".
      await Promise.resolve();
      const allowed = browserState();
      if (allowed !== "off") return settle(allowed);
      try {
        registration.current = navigator.serviceWorker.register(WORKER_URL, {
          scope: WORKER_SCOPE,
        });
        publicKey.current = fetch(PUSH_PATH, { headers: { Accept: "application/json" } })
          .then((response) => response.json() as Promise<{ publicKey: string }>)
          .then((body) => body.publicKey);
        const [worker, key] = await Promise.all([registration.current, publicKey.current]);
        const current = await worker.pushManager.getSubscription();
        // Subscribed in this browser, perhaps by another account: on only if it is ours.
        const on =
          current !== null &&
          sameKey(current, key) &&
          (await post({ intent: "status", endpoint: current.endpoint })).subscribed;
        settle(on ? "on" : "off");
      } catch {
        settle("unsupported");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const subscribe = useCallback(async () => {
    setSaid(null);
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        if (permission === "denied") setState("denied");
        else setSaid({ text: pushWords.notAllowedNow, tone: "alert" });
        return;
      }
      const [worker, key] = await Promise.all([registration.current!, publicKey.current!]);
      const current = await worker.pushManager.getSubscription();
      // A subscription made with another key (the server's keys changed) cannot be used.
      if (current && !sameKey(current, key)) await current.unsubscribe();
      const subscription =
        current && sameKey(current, key)
          ? current
          : await worker.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: base64UrlBytes(key),
            });
      const answer = await post({ intent: "subscribe", ...subscriptionFields(subscription) });
      if (answer.ok) {
        // The live region then says this device is notified.
        setState("on");
      } else {
        setSaid({ text: answer.error, tone: "alert" });
      }
    } catch {
      setSaid({ text: pushWords.subscribeFailed, tone: "alert" });
    } finally {
      setBusy(false);
    }
  }, []);

  const act = useCallback(async (intent: "test" | "unsubscribe") => {
    setSaid(null);
    setBusy(true);
    try {
      const worker = await registration.current!;
      const current = await worker.pushManager.getSubscription();
      if (!current) {
        setState("off");
        return;
      }
      const answer = await post({ intent, endpoint: current.endpoint });
      if (intent === "unsubscribe" && answer.ok) await current.unsubscribe();
      setState(answer.subscribed ? "on" : "off");
      setSaid(
        answer.ok
          ? { text: answer.message, tone: "status" }
          : { text: answer.error, tone: "alert" },
      );
    } catch {
      setSaid({ text: pushWords.testFailed, tone: "alert" });
    } finally {
      setBusy(false);
    }
  }, []);

  const showsOn = state === "on" && !busy && said === null;
  return (
    <section className="push-panel" aria-labelledby="push-panel-title" data-state={state}>
      {/* Hoisted into the page's head by React: the inbox installs as the Orders app. */}
      <link rel="manifest" href="/orders.webmanifest" />
      <link rel="apple-touch-icon" href="/apple-touch-icon-orders.png" />
      <meta name="apple-mobile-web-app-title" content={pushWords.testTitle} />
      <h2 id="push-panel-title" className="push-panel-title">
        {pushWords.heading}
      </h2>
      {state === "on" ? null : <p className="push-panel-intro">{pushWords.intro}</p>}
      {state === "unsupported" ? <p className="push-panel-note">{pushWords.unsupported}</p> : null}
      {state === "install" ? <p className="push-panel-note">{pushWords.iphoneInstall}</p> : null}
      {state === "denied" ? <p className="push-panel-note">{pushWords.denied}</p> : null}
      {/* One live region: what an action did, else whether this device is notified. */}
      <p className={showsOn ? "push-panel-said push-panel-on" : "push-panel-said"} role="status">
        {busy
          ? pushWords.working
          : said?.tone === "status"
            ? said.text
            : showsOn
              ? pushWords.notifying
              : ""}
      </p>
      <div className="push-panel-actions">
        {state === "off" || state === "checking" ? (
          <button
            type="button"
            className="button secondary"
            disabled={!hydrated || state === "checking" || busy}
            onClick={() => void subscribe()}
          >
            {pushWords.notifyThisDevice}
          </button>
        ) : null}
        {state === "on" ? (
          <>
            <button
              type="button"
              className="button secondary small"
              disabled={busy}
              onClick={() => void act("test")}
            >
              {pushWords.sendTest}
            </button>
            <button
              type="button"
              className="button secondary small"
              disabled={busy}
              onClick={() => void act("unsubscribe")}
            >
              {pushWords.stopNotifying}
            </button>
          </>
        ) : null}
      </div>
      {said?.tone === "alert" ? (
        <p className="push-panel-said field-error" role="alert">
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
