// Prices are integer cents everywhere: exact, and safe to compare and sum.
import { DEFAULT_CURRENCY, fractionDigitsOf } from "./currency";

/**
 * Largest storable price: 999,999.99. It fits a numeric(10,2) column and keeps every
 * sum of 50 items far inside Number.MAX_SAFE_INTEGER. Larger inputs are capped, not rejected,
 * in the spirit of "falls back" rather than failing the form.
 */
export const MAX_PRICE_CENTS = 99_999_999;

const MAX_INTEGER_DIGITS = String(Math.floor(MAX_PRICE_CENTS / 100)).length;

/**
 * SPEC section 5: "Price parsing keeps digits and dot only, rounds to 2 decimals, falls back
 * to 0", with one deviation: a decimal comma.
 *
 * - A comma is a decimal separator when it is the only one and there is no dot, unless
 *   exactly three digits follow it, as they would a thousands separator: "1,50" is 1.50,
 *   "12,5" is 12.50, "1,234" is 1234. Otherwise commas are dropped like any other
 *   character: "1,234.50" is 1234.50, "1,234,567" is 1234567.
 * - Every other character than 0-9 and "." is dropped, so "-5" reads as 5 and "$12.50" as 12.50.
 * - Several dots read like parseFloat on the cleaned text: up to the second dot ("1.2.3" -> 1.2).
 * - Rounding is half up on the decimal digits themselves, so "1.005" gives 101 cents
 *   (float arithmetic would give 100).
 * - Numbers go through their shortest decimal form (String(1.005) is "1.005"), then the same rule.
 * - Nothing parseable gives 0; anything above MAX_PRICE_CENTS gives MAX_PRICE_CENTS.
 *
 * The result is hundredths of the unit in every currency (see ./currency.ts): "1500" for a
 * yen menu is 150000, shown as ¥1,500.
 */
export function parsePriceToCents(input: string | number | null | undefined): number {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return 0;
    const magnitude = Math.abs(input);
    // Below a millionth String() switches to exponent form; such values round to 0 anyway.
    if (magnitude < 1e-6) return 0;
    if (magnitude >= 1e21) return MAX_PRICE_CENTS;
    text = String(magnitude);
  } else if (typeof input === "string") {
    text = input;
  } else {
    return 0;
  }

  const cleaned = withDecimalPoint(text.replace(/[^0-9.,]+/g, ""));
  const firstDot = cleaned.indexOf(".");
  let integerDigits: string;
  let fractionDigits: string;
  if (firstDot === -1) {
    integerDigits = cleaned;
    fractionDigits = "";
  } else {
    integerDigits = cleaned.slice(0, firstDot);
    const secondDot = cleaned.indexOf(".", firstDot + 1);
    fractionDigits = cleaned.slice(firstDot + 1, secondDot === -1 ? undefined : secondDot);
  }

  // Strip leading zeros without a regex so a megabyte of zeros stays linear and cheap.
  let start = 0;
  while (start < integerDigits.length && integerDigits.charCodeAt(start) === 48) start++;
  integerDigits = integerDigits.slice(start);
  if (integerDigits.length > MAX_INTEGER_DIGITS) return MAX_PRICE_CENTS;

  const whole = integerDigits === "" ? 0 : Number(integerDigits);
  const cents = fractionDigits === "" ? 0 : Number(fractionDigits.slice(0, 2).padEnd(2, "0"));
  const roundUp = fractionDigits.length > 2 && fractionDigits.charCodeAt(2) >= 53 ? 1 : 0; // '5'
  return Math.min(whole * 100 + cents + roundUp, MAX_PRICE_CENTS);
}

/**
 * Digits, dots and commas in; digits and dots out, the decimal comma (see parsePriceToCents)
 * turned into a dot and every other comma dropped.
 */
function withDecimalPoint(digitsDotsCommas: string): string {
  const comma = digitsDotsCommas.indexOf(",");
  if (comma === -1) return digitsDotsCommas;
  const onlyComma = digitsDotsCommas.indexOf(",", comma + 1) === -1;
  if (onlyComma && !digitsDotsCommas.includes(".")) {
    const after = digitsDotsCommas.length - comma - 1;
    if (after !== 3)
      return `${digitsDotsCommas.slice(0, comma)}.${digitsDotsCommas.slice(comma + 1)}`;
  }
  return digitsDotsCommas.replace(/,/g, "");
}

/** "12.50" from 1250: the exact decimal form, for form inputs and JSON-LD. */
export function centsToDecimalString(cents: number): string {
  if (!Number.isFinite(cents)) return "0.00";
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const magnitude = Math.abs(rounded);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, "0");
  return `${sign}${whole}.${fraction}`;
}

/**
 * The plain amount of a price in its currency's digits, half up: "12.50", or "1500" for
 * 150000 in yen (an amount stored with cents in a currency without them, 150050, is
 * "1501"). What the editor's price fields start from, and what JSON-LD and payment links
 * carry; `formatPrice` shows the same amount.
 */
export function priceAmount(cents: number, currency: string = DEFAULT_CURRENCY): string {
  if (fractionDigitsOf(currency) === 2) return centsToDecimalString(cents);
  if (!Number.isFinite(cents)) return "0";
  const rounded = Math.round(cents);
  const units = Math.floor((Math.abs(rounded) + 50) / 100);
  return `${rounded < 0 && units > 0 ? "-" : ""}${units}`;
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Localised price with its currency symbol in the currency's digits (./currency.ts), e.g.
 * "$12.50", "€12.50", "¥1,500". An unknown currency or locale falls back to "XYZ 12.50"
 * rather than throwing during render.
 */
export function formatPrice(
  cents: number,
  currency: string = DEFAULT_CURRENCY,
  locale = "en-US",
): string {
  let byCurrency = formattedPrices.get(locale);
  if (!byCurrency)
    formattedPrices.set(locale, (byCurrency = new Map<string, Map<number, string>>()));
  let byCents = byCurrency.get(currency);
  if (!byCents) byCurrency.set(currency, (byCents = new Map<number, string>()));
  let text = byCents.get(cents);
  if (text === undefined) {
    text = formatPriceOnce(cents, currency, locale);
    if (formattedPriceCount >= FORMATTED_PRICES_KEPT) {
      formattedPrices.clear();
      formattedPriceCount = 0;
      return text;
    }
    byCents.set(cents, text);
    formattedPriceCount++;
  }
  return text;
}

/**
 * Prices already formatted, by locale, currency and amount. A menu shows the same few amounts
 * hundreds of times (its sizes, add-ons, and the JSON-LD beside them), and `Intl` formatting
 * is the dearest step of turning one into text. Kept by locale, then currency, then amount:
 * a key joined from the three would be a new string to hash on every call, where a page's
 * locale and currency are the same strings each time and an amount in cents hashes as a
 * number. Bounded: emptied when full.
 */
const formattedPrices = new Map<string, Map<string, Map<number, string>>>();
let formattedPriceCount = 0;
const FORMATTED_PRICES_KEPT = 5000;

function formatPriceOnce(cents: number, currency: string, locale: string): string {
  const amount = priceAmount(Number.isFinite(cents) ? cents : 0, currency);
  let formatter: Intl.NumberFormat;
  try {
    formatter = currencyNumberFormat(locale, currency);
  } catch {
    return `${currency} ${amount}`;
  }
  // The amount is already rounded to the currency's digits; a decimal string of up to 9
  // digits reads back as the nearest double and formats exactly.
  const text = formatter.format(Number(amount));
  return isRightToLeft(locale) ? text + LEFT_TO_RIGHT_MARK : text;
}

const LEFT_TO_RIGHT_MARK = "\u200e";

/**
 * The number format `formatPrice` shows a currency with in a locale, in the currency's digits,
 * made once: making one costs far more than formatting with it. Throws for a locale or a
 * currency Intl does not know.
 */
export function currencyNumberFormat(locale: string, currency: string): Intl.NumberFormat {
  const cacheKey = `${locale}\u0000${currency}`;
  let formatter = currencyFormatters.get(cacheKey);
  if (!formatter) {
    const digits = fractionDigitsOf(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Locales may come from request headers; keep the cache bounded.
    if (currencyFormatters.size >= 64) currencyFormatters.clear();
    currencyFormatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * Arabic writes "6.50 US$"; on a right-to-left line, a symbol ending in "$" after latin
 * letters is drawn before them ("$US 6.50") unless a left-to-right mark follows it.
 */
export function isRightToLeft(locale: string): boolean {
  return /^(ar|fa|he|ur)\b/.test(locale);
}
