/**
 * The currencies a site may show its prices in, and the rule that reads one from a form.
 *
 * Prices are stored the same way whatever the currency: integer hundredths of the unit
 * (`price_cents`). A currency without minor units (JPY, KRW) shows them rounded to a
 * whole unit, half up, so "1500" typed for a yen menu is stored as 150000 and shown as
 * ¥1,500. The editor's price fields, the public pages, the JSON-LD and the payment links
 * all go through `priceAmount` and `formatPrice` (./price.ts) with these fraction digits,
 * so they can never disagree. Changing a site's currency keeps the numbers: $12.50
 * becomes €12.50 (or ¥13).
 */

export interface CurrencyOption {
  /** ISO 4217 code. */
  code: string;
  /** What the Info form's select shows: "Euro (EUR)". */
  label: string;
  /** Digits after the decimal point on a price: 2, or 0 for currencies without minor units. */
  fractionDigits: 0 | 2;
}

/** The first is the default, as in the database (`product_info.currency`). */
export const CURRENCIES = [
  { code: "USD", label: "US dollar (USD)", fractionDigits: 2 },
  { code: "EUR", label: "Euro (EUR)", fractionDigits: 2 },
  { code: "GBP", label: "British pound (GBP)", fractionDigits: 2 },
  { code: "CAD", label: "Canadian dollar (CAD)", fractionDigits: 2 },
  { code: "AUD", label: "Australian dollar (AUD)", fractionDigits: 2 },
  { code: "NZD", label: "New Zealand dollar (NZD)", fractionDigits: 2 },
  { code: "CHF", label: "Swiss franc (CHF)", fractionDigits: 2 },
  { code: "SEK", label: "Swedish krona (SEK)", fractionDigits: 2 },
  { code: "NOK", label: "Norwegian krone (NOK)", fractionDigits: 2 },
  { code: "DKK", label: "Danish krone (DKK)", fractionDigits: 2 },
  { code: "PLN", label: "Polish złoty (PLN)", fractionDigits: 2 },
  { code: "MXN", label: "Mexican peso (MXN)", fractionDigits: 2 },
  { code: "BRL", label: "Brazilian real (BRL)", fractionDigits: 2 },
  { code: "INR", label: "Indian rupee (INR)", fractionDigits: 2 },
  { code: "SGD", label: "Singapore dollar (SGD)", fractionDigits: 2 },
  { code: "HKD", label: "Hong Kong dollar (HKD)", fractionDigits: 2 },
  { code: "ZAR", label: "South African rand (ZAR)", fractionDigits: 2 },
  { code: "JPY", label: "Japanese yen (JPY)", fractionDigits: 0 },
  { code: "KRW", label: "South Korean won (KRW)", fractionDigits: 0 },
] as const satisfies readonly CurrencyOption[];

export type CurrencyCode = (typeof CURRENCIES)[number]["code"];

export const DEFAULT_CURRENCY: CurrencyCode = "USD";

export const CURRENCY_UNKNOWN = "Choose one of the listed currencies.";

/** Every code, for a form's enum (app/lib/profile-info.ts); this module holds no schema, so browser scripts can use it. */
export const CURRENCY_CODES = CURRENCIES.map((currency) => currency.code) as [
  CurrencyCode,
  ...CurrencyCode[],
];
const BY_CODE = new Map<string, CurrencyOption>(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && BY_CODE.has(value);
}

/**
 * A stored code as a known currency. The database only ever receives codes the form's
 * schema accepted; anything else (a hand-edited row) shows as the default rather than
 * failing a public page.
 */
export function siteCurrency(value: unknown): CurrencyCode {
  return isCurrencyCode(value) ? value : DEFAULT_CURRENCY;
}

/** Digits after the decimal point of a price in this currency (2 for an unknown code). */
export function fractionDigitsOf(currency: string): 0 | 2 {
  return BY_CODE.get(currency)?.fractionDigits ?? 2;
}

/** The hint under a price field: its currency and how to type it ("12.50" or "12,50"). */
export function priceHint(currency: string): string {
  return fractionDigitsOf(currency) === 0
    ? `In ${currency}, like 1500.`
    : `In ${currency}, like 12.50 or 12,50.`;
}
