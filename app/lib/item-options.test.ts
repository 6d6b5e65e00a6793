import { editorWords } from "./i18n/portal/editor";
import { describe, expect, it } from "vitest";
import {
  choiceRuleInWords,
  formatPriceChange,
  hasSizes,
  lowestPriceCents,
  MAX_OPTION_CHOICES,
  MAX_OPTION_GROUPS,
  optionsSummary,
  parsePriceChange,
  sizePrices,
  storedOptions,
} from "./item-options";
import { formatOptionsCell, parseOptionsCell } from "./item-options-csv";
import { optionsField, refusePricesBelowZero, withOptionIds } from "./item-options-schema";
import { MESSAGES } from "./messages";
import { z } from "./zod";
import { PIZZA_OPTIONS } from "../../tests/support/item-option-fields";

const choice = (name: string, price = "0", extra: Record<string, unknown> = {}) => ({
  name,
  price,
  ...extra,
});
const sizes = {
  name: "Size",
  min: "1",
  max: "1",
  choices: [choice("Small"), choice("Large", "+3")],
};
const extras = {
  name: "Extras",
  min: "0",
  max: "2",
  choices: [choice("Bacon", "+2"), choice("Cheese", "1")],
};

/** The first message the options field gives, with where it points. */
function refusal(options: unknown) {
  const result = optionsField.safeParse(options);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join("."), message: issue.message };
}

describe("optionsField", () => {
  it("takes sizes and a choice group, trimming names and reading price changes", () => {
    const parsed = optionsField.parse([
      sizes,
      {
        ...extras,
        name: "  Extras ",
        choices: [choice(" Bacon ", "+2.5"), choice("No bun", "-1")],
      },
    ]);
    expect(parsed).toEqual([
      {
        name: "Size",
        min: 1,
        max: 1,
        choices: [
          { name: "Small", price: 0, soldOut: false },
          { name: "Large", price: 300, soldOut: false },
        ],
      },
      {
        name: "Extras",
        min: 0,
        max: 2,
        choices: [
          { name: "Bacon", price: 250, soldOut: false },
          { name: "No bun", price: -100, soldOut: false },
        ],
      },
    ]);
  });

  it("is empty when left out", () => {
    expect(optionsField.parse(undefined)).toBeUndefined();
    expect(withOptionIds(undefined)).toEqual([]);
  });

  it.each([
    [
      "a fifth group",
      Array.from({ length: 5 }, (_, i) => ({ ...extras, name: `G${i}` })),
      "",
      MESSAGES.optionTooManyGroups,
    ],
    ["a group without a name", [{ ...extras, name: "  " }], "0.name", MESSAGES.optionNameRequired],
    [
      "a name over 40 characters",
      [{ ...extras, name: "x".repeat(41) }],
      "0.name",
      MESSAGES.optionNameTooLong,
    ],
    [
      "a group without choices",
      [{ ...extras, choices: [] }],
      "0.choices",
      MESSAGES.optionChoicesRequired,
    ],
    [
      "a thirteenth choice",
      [
        {
          ...extras,
          choices: Array.from({ length: MAX_OPTION_CHOICES + 1 }, (_, i) => choice(`C${i}`)),
        },
      ],
      "0.choices",
      MESSAGES.optionTooManyChoices,
    ],
    [
      "a choice without a name",
      [{ ...extras, choices: [choice("")] }],
      "0.choices.0.name",
      MESSAGES.optionNameRequired,
    ],
    [
      "a minimum above the maximum",
      [{ ...extras, min: "2", max: "1" }],
      "0.min",
      MESSAGES.optionMinAboveMax,
    ],
    ["a maximum of 0", [{ ...extras, max: "0" }], "0.max", MESSAGES.optionCountInvalid],
    ["a maximum over 12", [{ ...extras, max: "13" }], "0.max", MESSAGES.optionCountInvalid],
    ["a negative minimum", [{ ...extras, min: "-1" }], "0.min", MESSAGES.optionCountInvalid],
    [
      "a count that is not a whole number",
      [{ ...extras, min: "0.5" }],
      "0.min",
      MESSAGES.optionCountInvalid,
    ],
    ["more picks than choices", [{ ...extras, max: "3" }], "0.max", MESSAGES.optionMaxAboveChoices],
    [
      "two choices of one name",
      [{ ...extras, choices: [choice("Bacon"), choice("bacon")] }],
      "0.choices.1.name",
      MESSAGES.optionChoiceNameTaken,
    ],
    [
      "two groups of one name",
      [extras, { ...extras, name: "EXTRAS" }],
      "1.name",
      MESSAGES.optionGroupNameTaken,
    ],
    ["a sparse list (a hole at 0)", [undefined, extras], "0", MESSAGES.optionGroupIncomplete],
    [
      "a sparse choice list",
      [{ ...extras, choices: [undefined, choice("Bacon")] }],
      "0.choices.0",
      MESSAGES.optionChoiceIncomplete,
    ],
    [
      "a price change of 17 characters",
      [{ ...extras, choices: [choice("Bacon", "+".repeat(17))] }],
      "0.choices.0.price",
      MESSAGES.textTooLong,
    ],
    ["an id that is not letters and digits", [{ ...extras, id: "a b" }], "0.id", undefined],
  ])("refuses %s", (_, options, path, message) => {
    const found = refusal(options);
    expect(found).not.toBeNull();
    expect(found!.path).toBe(path);
    if (message) expect(found!.message).toBe(message);
  });

  it("refuses a choice that takes the item's price below zero, at that choice's price", () => {
    const item = z
      .object({ price: z.number(), options: optionsField })
      .superRefine(refusePricesBelowZero);
    expect(
      item.safeParse({
        price: 500,
        options: [{ ...extras, max: "1", choices: [choice("Small", "-5")] }],
      }).success,
    ).toBe(true);
    const below = item.safeParse({
      price: 500,
      options: [{ ...extras, choices: [choice("Bacon"), choice("Small", "-5.01")] }],
    });
    expect(below.success).toBe(false);
    expect(below.error!.issues).toEqual([
      expect.objectContaining({
        path: ["options", 0, "choices", 1, "price"],
        message: MESSAGES.optionPriceBelowZero,
      }),
    ]);
  });
});

describe("price changes", () => {
  it.each([
    ["+0.50", 50],
    ["0.5", 50],
    ["-1", -100],
    ["\u22121,25", -125],
    ["", 0],
    ["0", 0],
    ["+$2", 200],
  ])("%s is %i cents", (text, cents) => {
    expect(parsePriceChange(text)).toBe(cents);
  });

  it("is written with its sign, and zero as 0", () => {
    expect([300, -50, 0].map(formatPriceChange)).toEqual(["+3.00", "-0.50", "0"]);
  });
});

describe("withOptionIds", () => {
  it("keeps the ids the form sent back and gives new ones, unique within the item", () => {
    const stored = withOptionIds(
      optionsField.parse([
        {
          ...sizes,
          id: "size1",
          choices: [choice("Small", "0", { id: "dup" }), choice("Large", "3", { id: "dup" })],
        },
        extras,
      ]),
    );
    expect(stored[0]!.id).toBe("size1");
    expect(stored[0]!.choices[0]!.id).toBe("dup");
    const ids = stored.flatMap((group) => [group.id, ...group.choices.map((c) => c.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,16}$/);
  });
});

describe("what options add up to", () => {
  it("gives each size its price, the lowest price, and a summary", () => {
    expect(sizePrices(800, PIZZA_OPTIONS[0]!).map((size) => size.priceCents)).toEqual([800, 1100]);
    expect(lowestPriceCents(800, PIZZA_OPTIONS)).toBe(800);
    expect(
      lowestPriceCents(800, [
        {
          ...PIZZA_OPTIONS[0]!,
          choices: [{ ...PIZZA_OPTIONS[0]!.choices[1]!, priceChangeCents: -100 }],
        },
      ]),
    ).toBe(700);
    expect(lowestPriceCents(800, [PIZZA_OPTIONS[1]!])).toBe(800);
    expect(hasSizes(PIZZA_OPTIONS)).toBe(true);
    expect(hasSizes([PIZZA_OPTIONS[1]!])).toBe(false);
    expect(optionsSummary(PIZZA_OPTIONS, editorWords)).toBe("2 sizes · 1 group");
    expect(optionsSummary([], editorWords)).toBe("");
  });

  it("says how many a customer picks in words", () => {
    expect(
      [
        [1, 1],
        [0, 1],
        [0, 3],
        [2, 2],
        [1, 3],
      ].map(([min, max]) => choiceRuleInWords({ min: min!, max: max! })),
    ).toEqual([
      "Exactly one (required)",
      "Optional",
      "Optional, up to 3",
      "Required, choose 2",
      "Required, choose 1 to 3",
    ]);
  });
});

describe("the CSV cell", () => {
  it("writes the documented syntax", () => {
    expect(formatOptionsCell(PIZZA_OPTIONS)).toBe(
      "Size: Small=0 | Large=+3.00 (sold out); Extras \\(hot\\) (up to 2): Bacon\\; crisp=+2.00 | No cheese\\=less=-0.50",
    );
    expect(formatOptionsCell([])).toBe("");
  });

  it("reads back exactly what it wrote, names with separators included", () => {
    const read = parseOptionsCell(formatOptionsCell(PIZZA_OPTIONS));
    expect(read.ok).toBe(true);
    const stored = withOptionIds(optionsField.parse(read.ok ? read.options : []));
    expect(
      stored.map(({ id: _, choices, ...group }) => ({
        ...group,
        choices: choices.map(({ id: __, ...c }) => c),
      })),
    ).toEqual(
      PIZZA_OPTIONS.map(({ id: _, choices, ...group }) => ({
        ...group,
        choices: choices.map(({ id: __, ...c }) => c),
      })),
    );
  });

  it.each([
    ["optional", { min: 0, max: 1 }],
    ["choose 2", { min: 2, max: 2 }],
    ["1 to 2", { min: 1, max: 2 }],
  ])("reads the rule (%s)", (rule, expected) => {
    const read = parseOptionsCell(`Extras (${rule}): A=1 | B=2`);
    expect(read.ok && optionsField.parse(read.options)).toMatchObject([expected]);
  });

  it.each([
    ["Size Small=0", '"Size Small=0" needs one ":" after the group\'s name.'],
    ["Extras: Bacon+2", 'Extras: "Bacon+2" has no "=" and price change.'],
    ["Extras: Bacon=two", 'Extras: "Bacon=two" needs a price change such as +2, 0 or -0.50.'],
    [
      "Extras (many): Bacon=2",
      'Extras (many): the rule in parentheses must be "optional", "up to N", "choose N" or "N to M".',
    ],
    ["Extras (up to 3): Bacon=2", `Extras: ${MESSAGES.optionMaxAboveChoices}`],
    ["Extras: Bacon=2 | bacon=1", `Extras: ${MESSAGES.optionChoiceNameTaken}`],
    ["A: x=1; B: x=1; C: x=1; D: x=1; E: x=1", MESSAGES.optionTooManyGroups],
  ])("refuses %s, saying why", (cell, error) => {
    expect(parseOptionsCell(cell)).toEqual({ ok: false, error });
  });
});

describe("storedOptions", () => {
  it("keeps well-formed groups and drops what a page cannot trust", () => {
    expect(storedOptions(PIZZA_OPTIONS)).toEqual(PIZZA_OPTIONS);
    expect(storedOptions("nope")).toEqual([]);
    expect(
      storedOptions([
        null,
        { id: "g", name: "No choices", min: 0, max: 1, choices: [] },
        {
          id: "g",
          name: "Odd",
          min: 5,
          max: 9,
          choices: [
            { id: "c", name: "A", priceChangeCents: 1.5 },
            { id: "d", name: "B", priceChangeCents: 100 },
          ],
        },
      ]),
    ).toEqual([
      {
        id: "g",
        name: "Odd",
        min: 1,
        max: 1,
        choices: [{ id: "d", name: "B", priceChangeCents: 100, soldOut: false }],
      },
    ]);
  });

  it("reads no more groups and choices than an item may have, and keeps a readable soldOutUntil", () => {
    const stored = (index: number, extra: Record<string, unknown> = {}) => ({
      id: `c${index}`,
      name: `Choice ${index}`,
      priceChangeCents: index,
      ...extra,
    });
    const group = (index: number) => ({
      id: `g${index}`,
      name: `Group ${index}`,
      min: 0,
      max: 1,
      choices: Array.from({ length: MAX_OPTION_CHOICES + 2 }, (_, at) => stored(at)),
    });
    // The first MAX_OPTION_GROUPS entries are read, a malformed one among them counting too.
    const groups = storedOptions([
      "not a group",
      ...Array.from({ length: MAX_OPTION_GROUPS + 1 }, (_, at) => group(at)),
    ]);
    expect(groups.map((each) => each.id)).toEqual(
      Array.from({ length: MAX_OPTION_GROUPS - 1 }, (_, at) => `g${at}`),
    );
    expect(groups[0]!.choices).toHaveLength(MAX_OPTION_CHOICES);
    expect(groups[0]!.choices.at(-1)!.id).toBe(`c${MAX_OPTION_CHOICES - 1}`);

    const [withDates] = storedOptions([
      {
        ...group(0),
        choices: [
          stored(1, { soldOut: true, soldOutUntil: "2026-12-08T10:00:00.000Z" }),
          stored(2, { soldOut: "yes", soldOutUntil: "tomorrow-ish" }),
        ],
      },
    ]);
    expect(withDates!.choices).toEqual([
      {
        id: "c1",
        name: "Choice 1",
        priceChangeCents: 1,
        soldOut: true,
        soldOutUntil: "2026-12-08T10:00:00.000Z",
      },
      { id: "c2", name: "Choice 2", priceChangeCents: 2, soldOut: false },
    ]);
  });
});
