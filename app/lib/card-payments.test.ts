import { describe, expect, it } from "vitest";
import {
  checkoutLines,
  customerPaymentLine,
  fromMinorUnits,
  orderVersion,
  paymentAccountStatus,
  platformFee,
  toMinorUnits,
} from "./card-payments";
import { formatPrice } from "./price";

const words = { deliveryFee: "Delivery fee", wholeOrder: "Order 7 · Cafe" };
const line = (name: string, unitCents: number, quantity: number, choices: string[] = []) => ({
  name,
  unitCents,
  quantity,
  choices: choices.map((choice) => ({ group: "Size", name: choice, priceChangeCents: 0 })),
});

describe("amounts for the payment provider", () => {
  it("are the stored hundredths in a two-decimal currency, whole units in a zero-decimal one", () => {
    expect(toMinorUnits(2690, "USD")).toBe(2690);
    expect(toMinorUnits(150000, "JPY")).toBe(1500);
    // Rounded half up, as the page shows it.
    expect(toMinorUnits(1250, "JPY")).toBe(13);
    expect(formatPrice(1250, "JPY")).toContain("13");
    expect(fromMinorUnits(1500, "JPY")).toBe(150000);
    expect(fromMinorUnits(2690, "EUR")).toBe(2690);
  });

  it("lists each line at its unit price, choices named, and the delivery fee as a line", () => {
    const lines = checkoutLines(
      {
        lines: [line("Burger", 1200, 2, ["Large"]), line("Lemonade", 350, 1)],
        deliveryFeeCents: 300,
        totalCents: 3050,
        currency: "USD",
      },
      words,
    );
    expect(lines).toEqual([
      { name: "Burger (Large)", unitAmount: 1200, quantity: 2 },
      { name: "Lemonade", unitAmount: 350, quantity: 1 },
      { name: "Delivery fee", unitAmount: 300, quantity: 1 },
    ]);
  });

  it("is one line for the total shown when zero-decimal lines rounded one by one would not add up", () => {
    // ¥12.50 twice shows ¥13 a line but a total of ¥25: the customer is charged ¥25.
    const order = {
      lines: [line("Tea", 1250, 2)],
      deliveryFeeCents: 0,
      totalCents: 2500,
      currency: "JPY",
    };
    expect(checkoutLines(order, words)).toEqual([
      { name: "Order 7 · Cafe", unitAmount: 25, quantity: 1 },
    ]);
    const whole = { ...order, lines: [line("Tea", 45000, 2)], totalCents: 90000 };
    expect(checkoutLines(whole, words)).toEqual([{ name: "Tea", unitAmount: 450, quantity: 2 }]);
  });

  it("takes the platform's fee rounded down, never more than its percent", () => {
    expect(platformFee(2690, 0)).toBe(0);
    expect(platformFee(2690, 2.5)).toBe(67);
    expect(platformFee(999, 1)).toBe(9);
  });
});

describe("what the pages say", () => {
  it("an account is ready only when it can charge and its details are in", () => {
    expect(paymentAccountStatus(null)).toBe("not-connected");
    expect(paymentAccountStatus({ chargesEnabled: false, detailsSubmitted: true })).toBe(
      "details-needed",
    );
    expect(paymentAccountStatus({ chargesEnabled: true, detailsSubmitted: true })).toBe("ready");
  });

  it("the customer reads paid, refunded or pending, never paid for an amount that did not match", () => {
    const card = { payment: "card" as const, state: "new", paidCents: 2690 };
    expect(customerPaymentLine({ ...card, paymentState: "paid" })).toEqual({
      kind: "paid",
      cents: 2690,
    });
    expect(customerPaymentLine({ ...card, paymentState: "refund-failed" })).toEqual({
      kind: "refund-pending",
      cents: 2690,
    });
    expect(customerPaymentLine({ ...card, paymentState: "amount-mismatch" })).toBeNull();
    expect(customerPaymentLine({ ...card, state: "cancelled", paymentState: "awaiting" })).toEqual({
      kind: "not-completed",
    });
    expect(customerPaymentLine({ ...card, payment: "in-person", paymentState: null })).toBeNull();
  });

  it("the status page's version moves with the order and with its money", () => {
    const history = [{}, {}];
    expect(orderVersion({ history, paymentState: "refunded" })).not.toBe(
      orderVersion({ history, paymentState: "refunding" }),
    );
    expect(orderVersion({ history: [{}, {}, {}], paymentState: null })).toBeGreaterThan(
      orderVersion({ history, paymentState: "amount-mismatch" }),
    );
  });
});
