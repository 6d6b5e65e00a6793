/**
 * Amounts as Stripe counts them: in the currency's smallest unit, with Stripe's own lists of
 * zero- and three-decimal currencies (https://docs.stripe.com/currencies): ¥1,200 is 1200,
 * $12.00 is 1200.
 */

const ZERO_DECIMAL = new Set(
  "bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "),
);
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** The least a Checkout Session may charge, in minor units, for the currencies we know. */
// prettier-ignore
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50, eur: 50, gbp: 30, jpy: 50, aud: 50, cad: 50, chf: 50, nzd: 50, sgd: 50, hkd: 400,
  dkk: 250, nok: 300, sek: 300, mxn: 1000, brl: 50, inr: 50, thb: 1000, myr: 200, pln: 200,
};

export function minorUnitDigits(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

export function minimumCharge(currency: string): number | undefined {
  return MINIMUM_CHARGE[currency.toLowerCase()];
}

/** `formatAmount(1200, "jpy")` → "¥1,200"; `formatAmount(1250, "usd")` → "$12.50". */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}
