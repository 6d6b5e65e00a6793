/**
 * What push notifications of orders say, in English: the "Notify this device" panel of the
 * orders inbox (/user/orders), the answers of its actions, and the notifications themselves.
 * A notification can show on a locked phone: it names the order, its total and its time, never
 * the customer.
 */
export const pushWords = Object.freeze({
  // The panel
  heading: "Notifications on this device",
  intro: "Get a notification of each new order on this phone or computer, even while it is locked.",
  notifyThisDevice: "Notify this device",
  notifying: "This device is notified of new orders.",
  sendTest: "Send a test notification",
  stopNotifying: "Stop notifying this device",
  working: "One moment…",
  unsupported:
    "This browser cannot show notifications of new orders. Try Chrome, Edge, Firefox or Safari.",
  iphoneInstall:
    "On an iPhone or iPad, notifications need the portal on your Home Screen: tap Share, then Add to Home Screen, open Orders from there and tap Notify this device.",
  denied:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then reload this page.",
  notAllowedNow: "Notifications were not allowed. Tap Notify this device to ask again.",
  subscribeFailed: "This device could not be set up for notifications. Please try again.",
  testSent: "Test notification sent. It should show on this device in a few seconds.",

  // The server's answers
  badSubscription: "This browser sent a subscription the server cannot use.",
  tooManyDevices: "You already get notifications on {max} devices. Stop one of them first.",
  notYours: "This device is not set up for notifications on your account.",
  subscribed: "This device will be notified of new orders.",
  unsubscribed: "This device will no longer be notified.",
  testGone:
    "The browser's push service no longer knows this device. Tap Notify this device to set it up again.",
  testFailed: "The test notification could not be sent. Please try again in a minute.",

  // The notifications
  testTitle: "Orders",
  testBody: "Test: new orders will show like this.",
  newOrderPickup: "New order {number} · {total} · pickup {time}",
  newOrderDelivery: "New order {number} · {total} · delivery {time}",
  reminder: "Still waiting: {text}",
});
