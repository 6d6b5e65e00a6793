// The portal's service worker (scope /user/, registered by the orders inbox's "Notify this
// device"): it shows the push notifications of new orders and opens the order when one is
// tapped. It caches nothing and answers no request: the portal is always live.
/* global self */
"use strict";

const FALLBACK_URL = "/user/orders";

self.addEventListener("install", () => {
  // A new version takes over at once: it only handles notifications.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Orders";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      // The same order's notification again replaces the last one: silently when it is a
      // retry of the same news, with a sound when the server says so (a reminder).
      tag: typeof message.tag === "string" ? message.tag : undefined,
      renotify: typeof message.tag === "string" && message.renotify === true,
      icon: "/orders-icon-192.png",
      badge: "/orders-icon-192.png",
      data: { url: typeof message.url === "string" ? message.url : FALLBACK_URL },
    }),
  );
});

/** The notification's page of the portal, never another site's. */
function targetOf(notification) {
  const wanted = notification.data && notification.data.url;
  try {
    const url = new URL(wanted || FALLBACK_URL, self.location.origin);
    if (url.origin === self.location.origin && url.pathname.startsWith("/user/")) return url.href;
  } catch {
    // Falls through to the inbox.
  }
  return new URL(FALLBACK_URL, self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = targetOf(event.notification);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        if (!new URL(client.url).pathname.startsWith("/user/")) continue;
        try {
          const focused = await client.focus();
          // A page this worker controls is sent to the order; another one is only focused.
          if ("navigate" in focused) await focused.navigate(url);
          return;
        } catch {
          // A window that cannot be focused or moved: open a new one.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced the subscription (its keys expired or were renewed): the server is
// told of the new one, as "Notify this device" would.
self.addEventListener("pushsubscriptionchange", (event) => {
  const renewed = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : self.registration.pushManager.getSubscription();
  event.waitUntil(
    renewed.then((subscription) => {
      if (!subscription) return undefined;
      const keys = subscription.toJSON().keys || {};
      return fetch("/user/push", {
        method: "POST",
        credentials: "same-origin",
        body: new URLSearchParams({
          intent: "subscribe",
          endpoint: subscription.endpoint,
          p256dh: keys.p256dh || "",
          auth: keys.auth || "",
        }),
      });
    }),
  );
});
