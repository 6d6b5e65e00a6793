import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  CURRENCY_UNKNOWN,
  DEFAULT_CURRENCY,
  fractionDigitsOf,
  isCurrencyCode,
  siteCurrency,
} from "./currency";
import { formatPrice } from "./price";
import { currencyField } from "./profile-info-schema";
import { z } from "./zod";

describe("CURRENCIES", () => {
  it("offers the settled currencies, US dollars first as the default", () => {
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(codes[0]).toBe("USD");
    expect(DEFAULT_CURRENCY).toBe("USD");
    for (const code of ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "MXN", "INR", "JPY"]) {
      expect(codes).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("labels each for the select with its name and code", () => {
    expect(CURRENCIES.find((c) => c.code === "EUR")!.label).toBe("Euro (EUR)");
    for (const currency of CURRENCIES) expect(currency.label).toMatch(/^\S.* \([A-Z]{3}\)$/);
    for (const currency of CURRENCIES) expect(currency.label).toContain(`(${currency.code})`);
  });

  it("agrees with Intl on how many digits each currency's prices have", () => {
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.code });
      expect(currency.fractionDigits, currency.code).toBe(
        intl.resolvedOptions().maximumFractionDigits,
      );
    }
    expect(fractionDigitsOf("JPY")).toBe(0);
    expect(fractionDigitsOf("EUR")).toBe(2);
    expect(fractionDigitsOf("XYZ")).toBe(2);
  });

  it("formats a price in every listed currency with its symbol or code", () => {
    for (const currency of CURRENCIES) {
      const text = formatPrice(150000, currency.code);
      expect(text, currency.code).toMatch(currency.fractionDigits ? /1,500\.00/ : /1,500$/);
      expect(text, currency.code).not.toMatch(/^[A-Z]{3} 1500/); // never the plain fallback
    }
  });
});

describe("currencyField", () => {
  const schema = z.object({ currency: currencyField });

  it("accepts a listed code exactly as the select sends it", () => {
    expect(schema.parse({ currency: "EUR" })).toEqual({ currency: "EUR" });
    expect(schema.parse({ currency: "JPY" })).toEqual({ currency: "JPY" });
  });

  it("refuses anything else with a clear message instead of changing it", () => {
    for (const currency of ["eur", "EURO", "XYZ", " USD", "€"]) {
      const result = schema.safeParse({ currency });
      expect(result.success, currency).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CURRENCY_UNKNOWN);
    }
  });

  it("leaves the currency out when the form does not send it", () => {
    expect(schema.parse({})).toEqual({});
  });
});

describe("siteCurrency", () => {
  it("reads a stored code, and anything unknown as the default", () => {
    expect(siteCurrency("GBP")).toBe("GBP");
    expect(siteCurrency("nope")).toBe("USD");
    expect(siteCurrency(undefined)).toBe("USD");
    expect(isCurrencyCode("INR")).toBe(true);
    expect(isCurrencyCode("inr")).toBe(false);
  });
});
