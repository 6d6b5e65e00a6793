/**
 * What the owner's orders say, in English: the orders inbox (/user/orders) with its pauses,
 * its line of the last 30 days and its CSV export; the kitchen ticket; the answers of the
 * inbox's actions; and the mail that tells the owner of a new order. The Orders tab's settings
 * speak in ./order-settings.ts, so that the editor does not carry these words.
 */
export const ordersWords = Object.freeze({
  // The page
  pageTitle: "Orders",
  /** The browser tab's title while orders wait: "(2) Orders". */
  pageTitleWaiting: "({count}) Orders",
  pageDescription: "The orders of your restaurants and shops.",
  noSites:
    "Orders come from restaurants and shops. Create one, then turn on online ordering on its Orders tab.",
  createSite: "Create a site",
  newWaiting: {
    one: "{count} new order waiting for you",
    other: "{count} new orders waiting for you",
  },

  // The three lists
  listsLabel: "Order lists",
  viewToday: "Today",
  viewUpcoming: "Upcoming",
  viewDone: "Done",
  /** A list's name for screen readers: "{view}" is the list's tab ("Today's orders"). */
  listLabel: "{view}'s orders",
  emptyToday:
    "No orders for today yet. New orders show here at once, with a sound if you turn it on.",
  emptyUpcoming: "No accepted orders for later days.",
  emptyDone: "No completed, rejected or cancelled orders in the last {days} days.",

  // The sound while an order is new
  soundOn: "Sound on: a chime every 30 seconds while an order is new.",
  turnOffSound: "Turn off sound",
  soundBlocked: "Your browser needs one tap before it plays sound.",
  turnOnSound: "Turn on order sound",

  // The kitchen screen: today's orders, large, on a tablet whose screen stays on
  /** A switch (pressed or not), the same words either way. */
  kitchenScreen: "Kitchen screen",
  kitchenTitle: "Today, by time",
  kitchenListLabel: "Today's orders, soonest first",
  kitchenEmpty: "No orders for today yet. New orders show here at once.",
  kitchenLeaveHint: "Press Esc or Kitchen screen to go back.",
  /** Shown alone when the page reopens on the kitchen screen: the browser needs a tap. */
  keepScreenOn: "Tap to keep the screen on",
  screenStaysOn: "The screen stays on while this page is open.",
  screenCannotStayOn:
    "This browser cannot keep the screen on. Set the tablet’s screen timeout to “Never” in its settings, or use Chrome, Safari or Firefox up to date.",
  screenRefused:
    "The browser did not let this page keep the screen on (a battery saver may be on). The screen may turn off by itself: set its timeout in the tablet’s settings.",

  // The sites and their pause
  sitesLabel: "Your sites taking orders",
  orderingOff: "Online ordering is off",
  takingOrders: "Taking orders",
  turnOnOrdering: "Turn on ordering",
  resumeOrders: "Resume orders",
  pauseOrders: "Pause orders",
  /** The pause menu's name for screen readers. */
  pauseOrdersFor: "Pause orders for {name}",
  /** The heading of the pause menu's choices. */
  pauseFor: "Pause for",
  pause30Minutes: "30 minutes",
  pause1Hour: "1 hour",
  pauseRestOfToday: "Rest of today",
  pauseUntilResumed: "Until I resume",
  pausedUntil: "Paused until {time}",
  pausedUntilResumed: "Paused until you resume",
  /** "Paused until midnight": a pause for the rest of today. */
  midnight: "midnight",

  // When: the site's day and clock
  momentToday: "Today, {time}",
  momentTomorrow: "Tomorrow, {time}",
  momentYesterday: "Yesterday, {time}",
  /** Another day: "Sat, Nov 28, 11:00 AM". */
  momentOnDate: "{date}, {time}",

  // An order's state
  stateAwaitingPayment: "Awaiting payment",
  stateNew: "New",
  stateAccepted: "Accepted",
  stateReady: "Ready",
  stateCompleted: "Completed",
  stateRejected: "Rejected",
  stateCancelled: "Cancelled",

  // One order's card
  orderTitle: "Order {number}",
  pickup: "Pickup",
  delivery: "Delivery",
  /** After the asked time, when the owner promised another one. */
  readyAt: "· ready {time}",
  mailFailed:
    "An email about this order could not be sent. Call the customer if they need to know.",
  orderItemsLabel: "Order {number}'s items",
  /** Before the customer's note. */
  note: "Note:",
  subtotalPlusDelivery: "{subtotal} + {fee} delivery",
  /** Before the amount to pay. */
  total: "Total",
  rejectedBecause: "Rejected: {reason}",
  acceptAsAsked: "Accept as asked",
  acceptAsAskedLabel: "Accept order {number} for the time asked",
  /** A button that accepts the order for later than asked. */
  acceptLater: "+{minutes} min",
  acceptLaterLabel: "Accept order {number}, ready {minutes} minutes later",
  markReady: "Ready",
  markReadyLabel: "Order {number} is ready",
  markCompleted: "Completed",
  markCompletedLabel: "Order {number} completed",
  printTicket: "Print ticket",

  // How an order is paid
  payAtPickup: "Pay at pickup",
  payOnDelivery: "Pay on delivery",
  /** After "Pay at pickup": the order's page offered the site's PayPal or Venmo link. */
  payLinksOffered: "PayPal/Venmo link offered",
  paidByCard: "Paid by card",
  refundPending: "Refund pending",
  refunded: "Refunded",
  /** "{problem}" is the payment provider's own words. */
  refundFailed: "Refund failed: {problem}",
  retryRefund: "Retry refund",
  retryRefundLabel: "Retry the refund of order {number}",
  /** "{problem}" says what was paid and what the order's total is. */
  paymentMismatch: "Payment did not match — not paid: {problem}",

  // Rejecting an order
  reject: "Reject",
  rejectOrderNumber: "Reject order {number}",
  rejectTitle: "Reject order {number}?",
  rejectExplained: "The customer is told it was not accepted, with your reason.",
  keepIt: "Keep it",
  rejectOrder: "Reject order",
  rejectWhy: "Why?",
  /** A reason to pick; the customer is told it as it is. */
  reasonSoldOut: "Sold out",
  reasonClosingEarly: "Closing early",
  reasonTooBusy: "Too busy",
  reasonSomethingElse: "Something else",
  reasonInYourWords: "In your words (for “Something else”)",

  // What the inbox's actions answer
  orderAccepted: "Order {number} accepted.",
  orderRejected: "Order {number} rejected.",
  orderIsReady: "Order {number} is ready.",
  orderCompleted: "Order {number} completed.",
  orderCancelled: "Order {number} cancelled.",
  refundAskedAgain: "The refund of order {number} is being asked again.",
  noFailedRefund: "That order has no failed refund to retry.",
  ordersPaused: "Orders paused.",
  takesOrdersAgain: "{name} takes orders again.",
  unknownIntent: "The inbox cannot do that.",
  chooseDelay: "Choose when it will be ready.",
  choosePause: "Choose how long to pause orders.",
  notOrdering: "That site does not take orders.",
  orderMovedOn: "That order has moved on: reload to see where it is.",
  orderNotFound: "That order does not exist.",
  reasonRequired: "Say why, or pick a reason.",
  reasonTooLong: "Keep the reason to {max} characters.",

  // The last 30 days
  lastDays: "Last 30 days",
  /** "{count}" and "{revenue}" are shown in bold. */
  lastDaysSummary: {
    one: "{count} order, {revenue} (rejected and cancelled orders left out)",
    other: "{count} orders, {revenue} (rejected and cancelled orders left out)",
  },
  /** A bar's tooltip: the day and its number of orders. */
  dayOrders: "{day}: {orders}",
  mostPerDay: "{max} a day at most",
  showAsTable: "Show as a table",
  tableCaption: "Orders and revenue per day (UTC)",
  columnDay: "Day",
  columnOrders: "Orders",
  columnRevenue: "Revenue",

  // The CSV export
  downloadOrders: "Download orders",
  exportFrom: "From",
  exportTo: "To",
  downloadCsv: "Download CSV",
  exportHint:
    "One row per order placed in those days (at most a year), for your books. Customers’ names and phones are included while they are kept.",
  exportBadDate: "Give both dates as YYYY-MM-DD.",
  exportBackwards: "The first date must not be after the second.",
  exportTooLong: "Download at most {days} days at a time.",

  // The kitchen ticket
  ticketTitle: "Ticket: order {number}",
  ticketTitleAlone: "Ticket",
  ticketDescription: "A kitchen ticket of an order.",
  noSuchPaper: "There is no such paper size.",
  paper80mm: "80 mm receipt",
  paperA4: "A4",
  print: "Print",
  printWithoutScript: "Use your browser’s Print (Ctrl+P or ⌘P).",
  backToOrders: "Back to Orders",
  printOnInstead: "Print on {paper} instead",
  hint80mm: "For an 80 mm receipt printer: choose it, and “None” for margins.",
  hintA4: "One A4 page.",
  ticketPickup: "PICKUP",
  ticketDelivery: "DELIVERY",
  askedFor: "Asked for {time}",
  /** Under the time: "Accepted · placed Today, 6:02 PM". */
  statePlaced: "{state} · placed {time}",
  ticketPaidByCard: "PAID BY CARD",
  ticketRefundPending: "REFUND PENDING",
  ticketRefunded: "REFUNDED",
  ticketRefundFailed: "REFUND FAILED",
  ticketNotPaidPickup: "NOT PAID — pay at pickup",
  ticketNotPaidDelivery: "NOT PAID — pay on delivery",
  ticketPaymentMismatch: "NOT PAID — the card payment did not match",

  // The mail to the owner about a new order
  mailSubjectPickup: "New order {number} · {name} · pickup {time}",
  mailSubjectDelivery: "New order {number} · {name} · delivery {time}",
  mailNewOrder: "New order {number} for {name}.",
  mailCustomer: "Customer",
  mailPhone: "Phone",
  mailEmail: "Email",
  mailDeliverTo: "Deliver to",
  mailNote: "Note",
  mailOpenOrders: "Open your orders",
  mailAcceptOrReject:
    "Accept or reject it on your orders page. If the customer gave an email, they are told what you decide.",

  // The mail that reminds the owner of an order still new (the Orders tab's "Remind me after")
  mailReminderSubjectPickup: "Still waiting: order {number} · {name} · pickup {time}",
  mailReminderSubjectDelivery: "Still waiting: order {number} · {name} · delivery {time}",
  /** "{time}": when it came in, "6:02 PM". */
  mailReminderIntro: "Order {number} for {name} came in at {time} and is still waiting for you.",
  /** "{time}": when it is turned down, "6:14 PM". */
  mailReminderGiveUp:
    "If you have not accepted or rejected it by {time}, it is turned down and the customer is told you did not confirm it in time.",
});
