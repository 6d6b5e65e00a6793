import { describe, expect, it } from "vitest";
import type { OptionGroup } from "../item-options";
import {
  choiceTextKey,
  groupTextKey,
  itemTextKey,
  translatedOrderLines,
} from "./translatable-texts";

const SIZES: OptionGroup = {
  id: "Sz",
  name: "Size",
  min: 1,
  max: 1,
  choices: [
    { id: "Sm", name: "Small", priceChangeCents: 0, soldOut: false },
    { id: "Lg", name: "Large", priceChangeCents: 300, soldOut: false },
  ],
};

const line = {
  itemId: "pizza",
  name: "Margherita",
  quantity: 2,
  choices: [{ group: "Size", name: "Large", priceChangeCents: 300 }],
  unitCents: 1200,
  lineCents: 2400,
};

describe("an order's lines in the customer's language", () => {
  const spanish = new Map([
    [itemTextKey("pizza", "name"), "Pizza margarita"],
    [groupTextKey("pizza", "Sz"), "Tamaño"],
    [choiceTextKey("pizza", "Sz", "Lg"), "Grande"],
  ]);

  it("takes the owner's translations of the item, its group and its choice", () => {
    const [shown] = translatedOrderLines([line], new Map([["pizza", [SIZES]]]), spanish);
    expect(shown).toEqual({
      ...line,
      name: "Pizza margarita",
      choices: [{ group: "Tamaño", name: "Grande", priceChangeCents: 300 }],
    });
  });

  it("keeps what was stored where the item's options no longer match, or nothing is translated", () => {
    const renamed = { ...SIZES, choices: [{ ...SIZES.choices[1]!, name: "Family" }] };
    const [shown] = translatedOrderLines([line], new Map([["pizza", [renamed]]]), spanish);
    expect(shown!.name).toBe("Pizza margarita");
    expect(shown!.choices).toEqual(line.choices);
    // Nothing translated, and the item gone: the lines as stored.
    const [gone] = translatedOrderLines([line], new Map(), new Map());
    expect(gone).toEqual(line);
  });
});
