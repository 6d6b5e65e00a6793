/**
 * What a restaurant's or shop's Orders tab in the editor says, in English: the order settings'
 * form and its messages. Apart from the inbox's words (./orders.ts), as the editor's bundle
 * carries these.
 */
export const orderSettingsWords = Object.freeze({
  // Whether the site takes orders now
  takingOrdersOnline: "Taking orders online",
  orderingOff: "Online ordering is off",
  openOrderPage: "Open your order page",
  goToOrders: "Go to your orders",
  turnOnBelow:
    "Turn it on below: customers order from your page, and you accept each order in Orders.",
  takeOrdersOnline: "Take orders online",
  takeOrdersOnlineHint: "Your page gets an Order button. Off until you turn it on.",

  // How customers get their order
  howCustomersGetOrder: "How customers get their order",
  pickup: "Pickup",
  delivery: "Delivery",
  deliveryFee: "Delivery fee",
  deliveryMinimum: "Smallest order for delivery",
  emptyForNone: "Empty for none.",
  deliveryNote: "Delivery note",
  deliveryNoteHint: "Shown to customers, like “We deliver within 3 km”.",

  // When
  when: "When",
  leadTime: "Lead time (minutes)",
  leadTimeHint: "The earliest time a customer can choose is at least this far from now.",
  timeSlots: "Time slots",
  timeSlotsHint: "Customers choose a time on this grid, from your opening time.",
  everyMinutes: "Every {minutes} minutes",
  laterDays: "Orders for later days",
  laterDaysHint: "Times follow your opening hours on the Info tab.",
  todayOnly: "Today only",
  todayAndTomorrow: "Today and tomorrow",
  /** Two days ahead or more. */
  upToDaysAhead: { other: "Up to {count} days ahead" },

  // Limits
  limits: "Limits",
  smallestOrder: "Smallest order",
  /** "{priceHint}": how to write an amount ("In USD, like 12.50 or 12,50."). */
  smallestOrderHint: "{priceHint} Empty for none.",
  slotCap: "Orders per time slot at most",
  slotCapHint: "Empty for no limit. A full slot is not offered.",

  // Where new orders are sent
  whereOrdersSent: "Where new orders are sent",
  orderEmail: "Email for orders",
  orderEmailHint: "Empty: your account's address, {email}.",

  // Orders nobody answers
  unanswered: "Orders you have not answered",
  remindAfter: "Remind me after (minutes)",
  remindAfterHint: "A new order still waiting this long is emailed to you again.",
  giveUpAfter: "Turn the order down after (minutes)",
  giveUpAfterHint:
    "Empty: never. The customer is told you did not confirm their order in time, and a card payment is refunded.",

  // How customers pay
  howCustomersPay: "How customers pay",
  payNote:
    "Customers can always pay when they pick up or when their order is delivered. Optional: with a PayPal.me name or a Venmo username, the order's page shows Pay buttons with the total filled in. Nothing is charged online by us.",
  /** The same, while card payments can be set up below the form. */
  payNoteWithCards:
    "Customers can pay when they pick up or when their order is delivered, unless you ask for card payments below. Optional: with a PayPal.me name or a Venmo username, the order's page shows Pay buttons with the total filled in.",
  /** "{link}" is a link to the Info tab, saying `infoTab`. */
  payLinksOnInfoTab: "PayPal and Venmo links are set on the {link}.",
  infoTab: "Info tab",

  // Saving
  save: "Save",
  saving: "Saving…",
  /** The “{what}” of “Your changes to {what} are not saved yet.” when leaving the form. */
  unsavedWhat: "the order settings",
  saved: "Order settings saved!",
  failed: "Failed to save order settings.",
  editorCannot: "This editor cannot do that.",

  // The form's checks
  chooseAWay: "Offer pickup, delivery or both.",
  leadMinutesRange: "Give a lead time from 0 to {max} minutes.",
  slotMinutesChoice: "Choose a slot length of {lengths} minutes.",
  daysAheadRange: "Choose from 0 (today only) to {max} days ahead.",
  slotCapRange: "Give a number of orders from 1 to {max}, or leave it empty for no limit.",
  emailInvalid: "Enter a valid email address, or leave it empty to use your account's.",
  deliveryNoteTooLong: "Keep the note to {max} characters.",
  remindMinutesRange: "Give a reminder time from {min} to {max} minutes.",
  giveUpMinutesRange:
    "Give a time from {min} to {max} minutes to turn an order down, or leave it empty for never.",
  giveUpAfterRemind: "Turn an order down later than the reminder, or leave it empty for never.",
});
