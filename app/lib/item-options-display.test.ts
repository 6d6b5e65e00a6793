import { ENGLISH } from "~/lib/i18n/page-language";
import { describe, expect, it } from "vitest";
import type { OptionChoice, OptionGroup } from "./item-options";
import {
  choicesLine,
  optionsOfItem,
  shownItemPrice,
  shownOptions,
  shownPriceChange,
} from "./item-options-display";

const choice = (name: string, priceChangeCents: number, soldOut = false): OptionChoice => ({
  id: name.replace(/\W/g, "") || "x",
  name,
  priceChangeCents,
  soldOut,
});
const group = (name: string, min: number, max: number, choices: OptionChoice[]): OptionGroup => ({
  id: name.replace(/\W/g, "") || "g",
  name,
  min,
  max,
  choices,
});
const SIZES = group("Size", 1, 1, [choice("Small", 0), choice("Large", 300, true)]);
const EXTRAS = group("Extras", 0, 2, [choice("Bacon", 200), choice("Cheese", 0)]);
const MILK = group("Milk", 1, 1, [choice("Whole", 0), choice("Oat", 50)]);

describe("shownPriceChange", () => {
  it("signs a change, with a minus sign for one that takes off, and says nothing for none", () => {
    expect(shownPriceChange(200)).toBe("+$2.00");
    expect(shownPriceChange(-50)).toBe("\u2212$0.50");
    expect(shownPriceChange(0)).toBe("");
  });

  it("writes the amount in the site's currency and its digits", () => {
    expect(shownPriceChange(150, "EUR")).toBe("+€1.50");
    expect(shownPriceChange(-15000, "JPY")).toBe("\u2212¥150");
  });
});

describe("shownItemPrice", () => {
  it("is the item's own price without sizes", () => {
    expect(shownItemPrice(800, [], undefined, ENGLISH)).toBe("$8.00");
    expect(shownItemPrice(800, [EXTRAS], undefined, ENGLISH)).toBe("$8.00");
  });

  it("is the lowest size's price, from, when the sizes' prices differ", () => {
    expect(shownItemPrice(800, [SIZES, EXTRAS], undefined, ENGLISH)).toBe("from $8.00");
    const cheaper = group("Size", 1, 1, [choice("Kids", -200), choice("Adult", 0)]);
    expect(shownItemPrice(800, [cheaper], "EUR", ENGLISH)).toBe("from €6.00");
  });

  it("is the one price all sizes sell at, without from, when they cost the same", () => {
    const same = group("Size", 1, 1, [choice("Red", 100), choice("Blue", 100)]);
    expect(shownItemPrice(800, [same], undefined, ENGLISH)).toBe("$9.00");
  });
});

describe("shownOptions", () => {
  it("gives the sizes at the price each comes to and the other groups with what they add", () => {
    expect(shownOptions(800, [EXTRAS, SIZES, MILK])).toEqual({
      sizes: {
        name: "Size",
        choices: [
          { name: "Small", price: "$8.00", soldOut: false },
          { name: "Large", price: "$11.00", soldOut: true },
        ],
      },
      // The other groups in the owner's order; a second group of exactly one is not a size.
      groups: [
        {
          name: "Extras",
          choices: [
            { name: "Bacon", price: "+$2.00", soldOut: false },
            { name: "Cheese", price: "", soldOut: false },
          ],
        },
        {
          name: "Milk",
          choices: [
            { name: "Whole", price: "", soldOut: false },
            { name: "Oat", price: "+$0.50", soldOut: false },
          ],
        },
      ],
    });
  });

  it("has nothing to show for an item without options", () => {
    expect(shownOptions(800, [])).toEqual({ sizes: null, groups: [] });
    expect(shownOptions(800, [EXTRAS]).sizes).toBeNull();
  });

  it("never shows a size below zero, and prices in the site's currency", () => {
    const sizes = group("Size", 1, 1, [choice("Free", -900), choice("Big", 150)]);
    expect(shownOptions(800, [sizes], "GBP").sizes!.choices.map((c) => c.price)).toEqual([
      "£0.00",
      "£9.50",
    ]);
  });
});

describe("choicesLine", () => {
  it("gives a group's choices in one line, each with what it adds, sold out marked", () => {
    expect(choicesLine(shownOptions(800, [EXTRAS]).groups[0]!.choices, ENGLISH)).toBe(
      "Bacon\u00a0+$2.00, Cheese",
    );
    const used = { ...EXTRAS, choices: [choice("Used box", -50, true), choice("Tag", 0, true)] };
    expect(choicesLine(shownOptions(800, [used], "EUR").groups[0]!.choices, ENGLISH)).toBe(
      "Used box\u00a0\u2212€0.50\u00a0(sold\u00a0out), Tag\u00a0(sold\u00a0out)",
    );
  });
});

describe("optionsOfItem", () => {
  it("marks no choice sold out on an item sold out whole, and keeps them on one in stock", () => {
    const options = [SIZES, { ...EXTRAS, choices: [choice("Bacon", 200, true)] }];
    expect(optionsOfItem(options, false)).toBe(options);
    const unmarked = optionsOfItem(options, true);
    expect(unmarked.flatMap((group) => group.choices.map((c) => c.soldOut))).toEqual([
      false,
      false,
      false,
    ]);
    // Nothing else changes, and the item's own options are left as they were.
    expect(unmarked[0]!.choices[1]).toEqual({ ...SIZES.choices[1], soldOut: false });
    expect(SIZES.choices[1]!.soldOut).toBe(true);
  });
});
