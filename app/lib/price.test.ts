import { describe, expect, it } from "vitest";
import {
  MAX_PRICE_CENTS,
  centsToDecimalString,
  formatPrice,
  parsePriceToCents,
  priceAmount,
} from "./price";

describe("parsePriceToCents", () => {
  it("parses plain decimals into integer cents", () => {
    expect(parsePriceToCents("12.50")).toBe(1250);
    expect(parsePriceToCents("12.5")).toBe(1250);
    expect(parsePriceToCents("12")).toBe(1200);
    expect(parsePriceToCents("0.01")).toBe(1);
    expect(parsePriceToCents("0")).toBe(0);
  });

  it("rounds half up on the decimal digits, without float error", () => {
    expect(parsePriceToCents("1.005")).toBe(101);
    expect(parsePriceToCents("0.125")).toBe(13);
    expect(parsePriceToCents("0.124999")).toBe(12);
    expect(parsePriceToCents("2.675")).toBe(268);
    expect(parsePriceToCents("1.0049999999")).toBe(100);
    expect(parsePriceToCents("0.995")).toBe(100);
    expect(parsePriceToCents("9.999")).toBe(1000);
    expect(parsePriceToCents("0.005")).toBe(1);
    expect(parsePriceToCents("0.004")).toBe(0);
  });

  it("keeps digits and dots only", () => {
    expect(parsePriceToCents("$12.50")).toBe(1250);
    expect(parsePriceToCents(" 12.50 USD ")).toBe(1250);
    expect(parsePriceToCents("1,234.56")).toBe(123456);
    expect(parsePriceToCents("-5")).toBe(500);
    expect(parsePriceToCents("+5")).toBe(500);
    expect(parsePriceToCents("1 000")).toBe(100000);
    expect(parsePriceToCents("€ 3.20")).toBe(320);
  });

  it("reads one comma without a dot as a decimal comma", () => {
    expect(parsePriceToCents("1,50")).toBe(150);
    expect(parsePriceToCents("12,5")).toBe(1250);
    expect(parsePriceToCents("12,50")).toBe(1250);
    expect(parsePriceToCents("0,99")).toBe(99);
    expect(parsePriceToCents(",5")).toBe(50);
    expect(parsePriceToCents("7,")).toBe(700);
    expect(parsePriceToCents("€ 3,20")).toBe(320);
    expect(parsePriceToCents("3,20 €")).toBe(320);
    expect(parsePriceToCents("1,005")).toBe(100500); // three digits: a thousands separator
    expect(parsePriceToCents("1,0049")).toBe(100); // four digits: decimals, rounded half up
    expect(parsePriceToCents("2,675")).toBe(267500);
    expect(parsePriceToCents("2,6751")).toBe(268);
  });

  it("keeps the spec's rule for every other use of commas", () => {
    expect(parsePriceToCents("1,234.50")).toBe(123450);
    expect(parsePriceToCents("1,234")).toBe(123400);
    expect(parsePriceToCents("1,234,567")).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents("12,345,6")).toBe(12345600);
    expect(parsePriceToCents("1,2,3")).toBe(12300);
    expect(parsePriceToCents("1,5.5")).toBe(1550);
    expect(parsePriceToCents(",")).toBe(0);
    expect(parsePriceToCents(",,")).toBe(0);
  });

  it("reads several dots like parseFloat on the cleaned text", () => {
    expect(parsePriceToCents("1.2.3")).toBe(120);
    expect(parsePriceToCents("1..5")).toBe(100);
    expect(parsePriceToCents(".5")).toBe(50);
    expect(parsePriceToCents(".5.5")).toBe(50);
    expect(parsePriceToCents("5.")).toBe(500);
    expect(parsePriceToCents("..5")).toBe(0);
    expect(parsePriceToCents("1.999.9")).toBe(200);
  });

  it("agrees with parseFloat on cleaned text when no rounding is involved", () => {
    for (const text of ["3", "3.1", "3.14", ".25", "007.50", "1.2.3", "0.10.9", "100."]) {
      expect(parsePriceToCents(text)).toBe(Math.round(parseFloat(text) * 100));
    }
  });

  it("ignores exponent notation in strings (e is not a digit)", () => {
    expect(parsePriceToCents("1e3")).toBe(1300);
    expect(parsePriceToCents("Infinity")).toBe(0);
    expect(parsePriceToCents("NaN")).toBe(0);
  });

  it("falls back to 0 for empty or unparseable input", () => {
    for (const input of ["", "   ", ".", "...", "abc", "🍕", "é", null, undefined]) {
      expect(parsePriceToCents(input)).toBe(0);
    }
  });

  it("handles unicode digits as non-digits", () => {
    expect(parsePriceToCents("١٢٣")).toBe(0); // Arabic-Indic digits
    expect(parsePriceToCents("１２")).toBe(0); // full-width digits
    expect(parsePriceToCents("١2.5")).toBe(250);
  });

  it("strips leading zeros", () => {
    expect(parsePriceToCents("0000012.34")).toBe(1234);
    expect(parsePriceToCents("000")).toBe(0);
    expect(parsePriceToCents(`${"0".repeat(100)}1`)).toBe(100);
  });

  it("caps at MAX_PRICE_CENTS", () => {
    expect(MAX_PRICE_CENTS).toBe(99_999_999);
    expect(parsePriceToCents("999999.99")).toBe(99_999_999);
    expect(parsePriceToCents("999999.994")).toBe(99_999_999);
    expect(parsePriceToCents("999999.995")).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents("1000000")).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents("9".repeat(400))).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents(Number.MAX_VALUE)).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents(1e21)).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents(1e20)).toBe(MAX_PRICE_CENTS);
  });

  it("accepts numbers through their shortest decimal form", () => {
    expect(parsePriceToCents(12.5)).toBe(1250);
    expect(parsePriceToCents(1.005)).toBe(101);
    expect(parsePriceToCents(0.1 + 0.2)).toBe(30);
    expect(parsePriceToCents(19.99)).toBe(1999);
    expect(parsePriceToCents(0)).toBe(0);
    expect(parsePriceToCents(-0)).toBe(0);
    expect(parsePriceToCents(-5.25)).toBe(525);
    expect(parsePriceToCents(0.005)).toBe(1);
    expect(parsePriceToCents(1e-7)).toBe(0);
    expect(parsePriceToCents(Number.MIN_VALUE)).toBe(0);
    expect(parsePriceToCents(Number.EPSILON)).toBe(0);
  });

  it("falls back to 0 for non-finite numbers", () => {
    expect(parsePriceToCents(Number.NaN)).toBe(0);
    expect(parsePriceToCents(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parsePriceToCents(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it("falls back to 0 for other runtime types", () => {
    expect(parsePriceToCents({} as unknown as string)).toBe(0);
    expect(parsePriceToCents([12] as unknown as string)).toBe(0);
    expect(parsePriceToCents(true as unknown as string)).toBe(0);
  });

  it("always returns a safe non-negative integer", () => {
    const samples = ["1.239", "0.5", ".999", "12.345.6", "$$$", "4.445", 3.14159, 1e-3, 123456.789];
    for (const input of samples) {
      const cents = parsePriceToCents(input);
      expect(Number.isSafeInteger(cents)).toBe(true);
      expect(cents).toBeGreaterThanOrEqual(0);
      expect(cents).toBeLessThanOrEqual(MAX_PRICE_CENTS);
    }
  });

  it("handles 1 MB inputs quickly", () => {
    const started = performance.now();
    expect(parsePriceToCents("x".repeat(1_000_000))).toBe(0);
    expect(parsePriceToCents(".".repeat(1_000_000))).toBe(0);
    expect(parsePriceToCents(`1.${"9".repeat(1_000_000)}`)).toBe(200);
    expect(parsePriceToCents(`${"0".repeat(1_000_000)}5`)).toBe(500);
    expect(parsePriceToCents("1".repeat(1_000_000))).toBe(MAX_PRICE_CENTS);
    expect(parsePriceToCents("a1.".repeat(333_333))).toBe(110);
    expect(parsePriceToCents("🍕".repeat(250_000))).toBe(0);
    expect(parsePriceToCents(",".repeat(1_000_000))).toBe(0);
    expect(parsePriceToCents(`1,${"5".repeat(1_000_000)}`)).toBe(156);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("centsToDecimalString", () => {
  it("writes two decimals", () => {
    expect(centsToDecimalString(1250)).toBe("12.50");
    expect(centsToDecimalString(0)).toBe("0.00");
    expect(centsToDecimalString(1)).toBe("0.01");
    expect(centsToDecimalString(10)).toBe("0.10");
    expect(centsToDecimalString(100)).toBe("1.00");
    expect(centsToDecimalString(MAX_PRICE_CENTS)).toBe("999999.99");
  });

  it("rounds fractional cents and keeps a sign for negatives", () => {
    expect(centsToDecimalString(1250.4)).toBe("12.50");
    expect(centsToDecimalString(1250.6)).toBe("12.51");
    expect(centsToDecimalString(-1250)).toBe("-12.50");
    expect(centsToDecimalString(-5)).toBe("-0.05");
    expect(centsToDecimalString(-0)).toBe("0.00");
  });

  it("writes 0.00 for non-finite input", () => {
    expect(centsToDecimalString(Number.NaN)).toBe("0.00");
    expect(centsToDecimalString(Number.POSITIVE_INFINITY)).toBe("0.00");
  });

  it("never uses exponent notation or grouping", () => {
    expect(centsToDecimalString(123456789012)).toBe("1234567890.12");
  });

  it("round-trips with parsePriceToCents", () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 1999, 123456, MAX_PRICE_CENTS]) {
      expect(parsePriceToCents(centsToDecimalString(cents))).toBe(cents);
    }
  });
});

describe("formatPrice", () => {
  it("formats US dollars by default", () => {
    expect(formatPrice(1250)).toBe("$12.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(123456)).toBe("$1,234.56");
    expect(formatPrice(MAX_PRICE_CENTS)).toBe("$999,999.99");
  });

  it("gives each locale and currency its own text for the same amount, however many were formatted", () => {
    for (let cents = 0; cents < 12_000; cents += 1) formatPrice(cents);
    expect(formatPrice(1250)).toBe("$12.50");
    expect(formatPrice(1250, "EUR", "de-DE")).toBe("12,50\u00a0€");
    expect(formatPrice(1250, "EUR", "en-US")).toBe("€12.50");
    expect(formatPrice(1250, "JPY", "ja-JP")).toBe("￥13");
    expect(formatPrice(1250)).toBe("$12.50");
  });

  it("keeps a right-to-left page's currency symbol after the amount", () => {
    const arabic = formatPrice(650, "USD", "ar");
    expect(arabic).toContain("US$");
    // A left-to-right mark ends it, so "US$" is drawn whole, not as "$US".
    expect(arabic.endsWith("\u200e")).toBe(true);
    expect(formatPrice(650, "USD", "es").endsWith("\u200e")).toBe(false);
  });

  it("formats other currencies and locales", () => {
    expect(formatPrice(1250, "EUR", "en-US")).toBe("€12.50");
    // de-DE puts the symbol after a no-break space.
    expect(formatPrice(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
  });

  it("is exact for cents that are not representable as binary fractions", () => {
    for (const cents of [1, 3, 7, 29, 1005, 9999999]) {
      expect(formatPrice(cents)).toBe(
        `$${Number(centsToDecimalString(cents)).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
      );
    }
  });

  it("falls back to a plain form for an unknown currency or locale", () => {
    expect(formatPrice(1250, "NOT-A-CURRENCY")).toBe("NOT-A-CURRENCY 12.50");
    expect(formatPrice(1250, "USD", "not a locale!")).toBe("USD 12.50");
  });

  it("treats non-finite cents as zero", () => {
    expect(formatPrice(Number.NaN)).toBe("$0.00");
    expect(formatPrice(Number.NaN, "JPY")).toBe("¥0");
  });

  it("formats each listed currency in its own digits", () => {
    expect(formatPrice(150, "EUR")).toBe("€1.50");
    expect(formatPrice(123456, "GBP")).toBe("£1,234.56");
    expect(formatPrice(123456, "INR")).toBe("₹1,234.56");
    expect(formatPrice(1250, "CAD")).toBe("CA$12.50");
    expect(formatPrice(1250, "CHF")).toBe("CHF\u00a012.50");
    expect(formatPrice(1250, "MXN")).toBe("MX$12.50");
    expect(formatPrice(150000, "JPY")).toBe("¥1,500");
    expect(formatPrice(150000, "KRW")).toBe("₩1,500");
  });

  it("rounds a price in a currency without minor units half up, like priceAmount", () => {
    expect(formatPrice(150049, "JPY")).toBe("¥1,500");
    expect(formatPrice(150050, "JPY")).toBe("¥1,501");
    expect(formatPrice(49, "JPY")).toBe("¥0");
    expect(formatPrice(50, "JPY")).toBe("¥1");
    expect(formatPrice(MAX_PRICE_CENTS, "JPY")).toBe("¥1,000,000");
  });
});

describe("priceAmount", () => {
  it("writes two decimals for currencies with cents", () => {
    expect(priceAmount(1250)).toBe("12.50");
    expect(priceAmount(1250, "EUR")).toBe("12.50");
    expect(priceAmount(7, "INR")).toBe("0.07");
  });

  it("writes whole units, half up, for currencies without", () => {
    expect(priceAmount(150000, "JPY")).toBe("1500");
    expect(priceAmount(150049, "JPY")).toBe("1500");
    expect(priceAmount(150050, "JPY")).toBe("1501");
    expect(priceAmount(0, "JPY")).toBe("0");
    expect(priceAmount(-150, "KRW")).toBe("-2");
    expect(priceAmount(-49, "JPY")).toBe("0");
    expect(priceAmount(Number.NaN, "JPY")).toBe("0");
  });

  it("round-trips a typed price through parsePriceToCents in every digit count", () => {
    for (const [typed, currency] of [
      ["1500", "JPY"],
      ["12.50", "USD"],
      ["0", "JPY"],
      ["999999.99", "EUR"],
    ] as const) {
      const cents = parsePriceToCents(typed);
      expect(priceAmount(cents, currency)).toBe(typed);
    }
  });
});
