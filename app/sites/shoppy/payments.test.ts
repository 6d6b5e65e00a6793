import { describe, expect, it } from "vitest";
import {
  parsePaypalUsername,
  parseVenmoUsername,
  paypalPaymentUrl,
  venmoPaymentUrl,
} from "./payments";

describe("payment handles", () => {
  it("accepts bare handles, @handles and profile links", () => {
    expect(parsePaypalUsername(" janeshop ")).toBe("janeshop");
    expect(parsePaypalUsername("https://www.paypal.me/JaneShop/")).toBe("JaneShop");
    expect(parsePaypalUsername("paypal.me/janeshop")).toBe("janeshop");
    expect(parseVenmoUsername("@Jane-Shop_1")).toBe("Jane-Shop_1");
    expect(parseVenmoUsername("https://venmo.com/u/jane-shop")).toBe("jane-shop");
    expect(parseVenmoUsername("account.venmo.com/u/jane-shop")).toBe("jane-shop");
  });

  it("treats an empty field as no link", () => {
    expect(parsePaypalUsername("   ")).toBe("");
    expect(parseVenmoUsername("")).toBe("");
  });

  it("refuses anything that is not a handle", () => {
    for (const input of [
      "jane shop",
      "jane/../../evil",
      "a".repeat(21),
      "javascript:alert(1)",
      "evil.example/x",
      "jane?x=1",
    ]) {
      expect(parsePaypalUsername(input), input).toBeNull();
    }
    for (const input of ["abc", "a".repeat(31), "jane.shop", "<script>", "jane shop"]) {
      expect(parseVenmoUsername(input), input).toBeNull();
    }
  });
});

describe("payment links", () => {
  it("fill in the price with two decimals", () => {
    expect(paypalPaymentUrl("janeshop", 1250)).toBe("https://paypal.me/janeshop/12.50");
    expect(paypalPaymentUrl("janeshop", 7)).toBe("https://paypal.me/janeshop/0.07");
    expect(venmoPaymentUrl("jane-shop", 1800, "Canvas Tote & co")).toBe(
      "https://venmo.com/jane-shop?txn=pay&amount=18.00&note=Canvas+Tote+%26+co",
    );
    expect(paypalPaymentUrl("janeshop", 1250, "USD")).toBe("https://paypal.me/janeshop/12.50");
  });

  it("ask PayPal for the shop's currency, in its digits", () => {
    expect(paypalPaymentUrl("janeshop", 1250, "EUR")).toBe("https://paypal.me/janeshop/12.50EUR");
    expect(paypalPaymentUrl("janeshop", 150000, "JPY")).toBe("https://paypal.me/janeshop/1500JPY");
  });

  it("leave Venmo's amount out for a price that is not in US dollars, naming it in the note", () => {
    const url = new URL(venmoPaymentUrl("jane-shop", 1250, "Scarf", "EUR"));
    expect(url.searchParams.get("amount")).toBeNull();
    expect(url.searchParams.get("txn")).toBe("pay");
    expect(url.searchParams.get("note")).toBe("Scarf (€12.50)");
  });
});
