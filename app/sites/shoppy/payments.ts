/**
 * The shop's payment links (issue: "Nothing is charged by us"): a PayPal.me
 * and a Venmo username, turned into links with the item's price filled in.
 * Only well-formed handles are stored, so a link can never point elsewhere.
 */
import { DEFAULT_CURRENCY } from "~/lib/currency";
import { formatPrice, priceAmount } from "~/lib/price";
import { paypalLink, venmoLink } from "./shop-page-script";

/** PayPal.me names: letters and digits, up to 20. */
const PAYPAL_USERNAME = /^[A-Za-z0-9]{1,20}$/;
/** Venmo usernames: 5 to 30 letters, digits, hyphens and underscores. */
const VENMO_USERNAME = /^[A-Za-z0-9_-]{5,30}$/;

export const PAYPAL_USERNAME_INVALID =
  "Enter your PayPal.me name: letters and digits only, up to 20.";
export const VENMO_USERNAME_INVALID =
  "Enter your Venmo username: 5 to 30 letters, digits, hyphens or underscores.";

/**
 * What an owner may paste: the bare handle, "@handle", or the profile link
 * ("paypal.me/handle", "https://venmo.com/u/handle"). Returns the bare handle.
 */
function stripHandle(input: string, hosts: string[]): string {
  let value = input
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "");
  for (const host of hosts) {
    if (value.toLowerCase().startsWith(`${host}/`)) value = value.slice(host.length + 1);
  }
  return value.replace(/^u\//i, "").replace(/^@/, "").replace(/\/+$/, "");
}

/** The PayPal.me name, "" for an empty field, or null when it is not a valid name. */
export function parsePaypalUsername(input: string): string | null {
  const handle = stripHandle(input, ["paypal.me", "paypal.com/paypalme"]);
  if (handle === "") return "";
  return PAYPAL_USERNAME.test(handle) ? handle : null;
}

/** The Venmo username, "" for an empty field, or null when it is not a valid username. */
export function parseVenmoUsername(input: string): string | null {
  const handle = stripHandle(input, ["venmo.com", "account.venmo.com"]);
  if (handle === "") return "";
  return VENMO_USERNAME.test(handle) ? handle : null;
}

/**
 * SPEC'd form: https://paypal.me/{user}/{price}, the currency's code after a price in
 * another currency than US dollars (see `paypalLink`, which the page's script shares).
 */
export function paypalPaymentUrl(
  username: string,
  priceCents: number,
  currency: string = DEFAULT_CURRENCY,
): string {
  return paypalLink(username, priceAmount(priceCents, currency), currency);
}

/**
 * Venmo's web payment link with the amount and a note naming the item; for a price in
 * another currency than US dollars, no amount and the price in the note, as the page shows
 * it (`shown`: "from €8.00" for an item with sizes; see `venmoLink`, which the page's
 * script shares).
 */
export function venmoPaymentUrl(
  username: string,
  priceCents: number,
  note: string,
  currency: string = DEFAULT_CURRENCY,
  shown: string = formatPrice(priceCents, currency),
): string {
  return venmoLink(username, note, { amount: priceAmount(priceCents, currency), currency, shown });
}
