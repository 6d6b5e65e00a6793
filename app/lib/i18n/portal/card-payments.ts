/**
 * What the editor's Orders tab says of card payments, in English: the site's Stripe account
 * (connecting it, finishing its details, disconnecting it), the owner's choice of how
 * customers pay, and the answers of /user/payments/{pid}. Shown only while the operator set
 * up card payments.
 */
export const cardPaymentsWords = Object.freeze({
  // The section
  title: "Card payments",
  intro:
    "Customers pay online by card through Stripe, into your own Stripe account. Stripe charges its fees to your account; refunds of rejected or cancelled orders are made for you.",
  notConnected: "Not connected",
  detailsNeeded: "Stripe needs more details",
  ready: "Ready to take payments",
  notConnectedHint:
    "Connect a Stripe account to take card payments. You can make one on Stripe's pages, or use the one you have.",
  detailsNeededHint:
    "Stripe needs a few more details before it can take payments for you. You go back to Stripe's pages to finish.",
  readyHint: "Payments go straight into your Stripe account.",

  // The account
  connect: "Connect Stripe",
  /** The link on the short page that sends the owner on to Stripe's onboarding. */
  continueToStripe: "Continue to Stripe",
  finishSetup: "Finish setting up Stripe",
  disconnect: "Disconnect",
  disconnectTitle: "Disconnect Stripe?",
  disconnectExplained:
    "Card payments are turned off at once and customers pay at pickup or delivery. Orders already paid keep their payment, and their refunds are still made in your Stripe account.",
  disconnectConfirm: "Disconnect Stripe",

  // The choice
  howCustomersPayByCard: "How customers pay",
  choiceRequired: "Customers must pay by card",
  choiceRequiredHint: "Every order is paid online before it reaches you.",
  choiceOptional: "Customers may pay by card or at pickup/delivery",
  choiceOptionalHint: "Each customer chooses when they order.",
  choiceOff: "Card payments off",
  choiceOffHint: "Customers pay at pickup or delivery, as before.",
  saveChoice: "Save",

  // The answers
  connected: "Stripe account connected: ready to take payments.",
  connectedChooseBelow: "Choose below how customers pay.",
  stillNeedsDetails:
    "Stripe still needs some details before it can take payments. Press “Finish setting up Stripe” to go on.",
  alreadyConnected: "Your Stripe account is already connected.",
  disconnected: "Stripe disconnected. Card payments are off.",
  savedRequired: "Saved: customers must pay by card.",
  savedOptional: "Saved: customers may pay by card or at pickup/delivery.",
  savedOff: "Saved: card payments are off.",
  notReady: "Finish setting up Stripe before you turn card payments on.",
  chooseOne: "Choose how customers pay.",
  cannotDoThat: "Card payments cannot do that.",
  /** "{message}" is Stripe's own explanation. */
  providerFailed: "Stripe did not answer as expected: {message} Try again in a moment.",
  notConnectedNow: "Stripe is not connected.",
});
