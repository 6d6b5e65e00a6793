import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { OptionGroup } from "~/lib/item-options";
import { CSV_MAX_BYTES, isImportable } from "~/lib/items-csv";
import { MESSAGES } from "~/lib/messages";
import { restaurantSite } from "~/sites/restaurant/site";
import { shoppySite } from "~/sites/shoppy/site";
import type { ItemsDefinition, ProductType } from "~/sites";
import {
  itemsToCsv,
  parseItemsCsv,
  previewImport,
  templateCsv,
  type ExportableItem,
} from "./items-csv.server";
import { PIZZA_OPTIONS } from "../../../tests/support/item-option-fields";

const menu: ItemsDefinition = restaurantSite.items;
const shop: ItemsDefinition = shoppySite.items;
const HEADER = "id,name,price,category,description,popular,allergens,diets,options";
const utf8 = (text: string) => new TextEncoder().encode(text);

const item = (overrides: Partial<ExportableItem> = {}): ExportableItem => ({
  id: "Item0000000000000001",
  name: "Pad Thai",
  priceCents: 1250,
  category: "Noodles",
  description: "Rice noodles, tamarind, peanuts.",
  star: true,
  tags: [],
  soldOut: false,
  allergens: ["eggs", "peanuts"],
  diets: ["spicy"],
  options: [],
  ...overrides,
});

/** Option ids are not in the file: an import gives new ones. */
function withoutOptionIds<T extends { options?: OptionGroup[] }>(fields: T) {
  return {
    ...fields,
    ...(fields.options
      ? {
          options: fields.options.map(({ id: _, choices, ...group }) => ({
            ...group,
            choices: choices.map(({ id: __, ...choice }) => choice),
          })),
        }
      : {}),
  };
}

describe("export", () => {
  it("writes a BOM, the type's columns, decimal prices, lists and flags, CRLF", () => {
    const csv = itemsToCsv(menu, [item(), item({ id: "B2", name: "Tea", star: false })], "EUR");
    expect(csv.startsWith("\uFEFF" + HEADER + "\r\n")).toBe(true);
    expect(csv).toContain(
      'Item0000000000000001,Pad Thai,12.50,Noodles,"Rice noodles, tamarind, peanuts.",yes,eggs;peanuts,spicy,\r\n',
    );
    expect(csv).toContain("B2,Tea,12.50,Noodles,");
    expect(csv).toContain(",no,eggs;peanuts,spicy");
    expect(itemsToCsv(menu, [item({ priceCents: 150000 })], "JPY")).toContain(",1500,");
  });

  it("writes a shop's tags and sold-out flag, and no restaurant columns", () => {
    const csv = itemsToCsv(shop, [item({ tags: ["mugs", "gifts"], soldOut: true })], "USD");
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFid,name,price,description,tags,featured,sold_out,options",
    );
    expect(csv).toContain(",mugs;gifts,yes,yes");
  });

  it("keeps a spreadsheet from running a cell as a formula, and an import takes the guard off", () => {
    const csv = itemsToCsv(menu, [item({ name: "=HYPERLINK(1)", description: "-spicy-" })], "USD");
    expect(csv).toContain("'=HYPERLINK(1)");
    const parsed = parseItemsCsv(csv, "restaurant");
    expect(parsed.rows[0]!.fields).toMatchObject({ name: "=HYPERLINK(1)", description: "-spicy-" });
  });

  it("offers a template per type: the header and one example row that imports cleanly", () => {
    for (const [type, items] of [
      ["restaurant", menu],
      ["shoppy", shop],
    ] as const) {
      const template = templateCsv(items);
      const lines = template
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(items.csv.columns.join(","));
      const parsed = parseItemsCsv(template, type);
      expect(parsed.fileErrors).toEqual([]);
      expect(parsed.rows[0]!.errors).toEqual([]);
      expect(parsed.rows[0]!.id).toBeNull();
    }
  });

  it("reads back what it wrote: the round trip keeps every field", () => {
    const original = [
      item({ options: PIZZA_OPTIONS }),
      item({ id: "B2", name: 'Line\nbreak, "quoted"', allergens: [], diets: [], star: false }),
    ];
    const parsed = parseItemsCsv(utf8(itemsToCsv(menu, original, "USD")), "restaurant");
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows.map((row) => [row.id, withoutOptionIds(row.fields!)])).toEqual(
      original.map((o) => [
        o.id,
        {
          name: o.name,
          priceCents: o.priceCents,
          category: o.category,
          description: o.description,
          star: o.star,
          allergens: o.allergens,
          diets: o.diets,
          options: withoutOptionIds(o).options,
        },
      ]),
    );
  });

  it("refuses a row whose options cell is malformed or takes a size below zero, saying why", () => {
    const csv = [
      "name,price,options",
      "Pizza,8,Size: Small=0 | Large=+3",
      "Soup,5,Size Small=0",
      "Salad,5,Size: Small=-6 | Large=0",
      'Tea,2,"Milk (up to 2): Oat=+0.50"',
    ].join("\n");
    const parsed = parseItemsCsv(csv, "restaurant");
    expect(parsed.rows.map((row) => row.errors)).toEqual([
      [],
      ['Row 3: options: "Size Small=0" needs one ":" after the group\'s name.'],
      [`Row 4: options: ${MESSAGES.optionPriceBelowZero}`],
      [`Row 5: options: Milk: ${MESSAGES.optionMaxAboveChoices}`],
    ]);
    expect(parsed.rows[0]!.fields!.options).toMatchObject([
      {
        name: "Size",
        min: 1,
        max: 1,
        choices: [{ name: "Small" }, { name: "Large", priceChangeCents: 300 }],
      },
    ]);
  });
});

describe("import: reading a file", () => {
  it("reads a good file: quoted commas and line breaks, labels or keys, any header case", () => {
    const csv = [
      "Name,PRICE,Category,Description,Popular,Allergens,Diets",
      'Soup,"6,50",Starters,"Leek, potato",yes,Celery;milk,Vegetarian',
      '"Bread, basket",3,,"Two lines:',
      'sourdough and rye",no,Cereals containing gluten,vegan;VEGETARIAN',
    ].join("\n");
    const parsed = parseItemsCsv(csv, "restaurant");
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]).toMatchObject({
      row: 2,
      id: null,
      errors: [],
      fields: {
        name: "Soup",
        priceCents: 650,
        category: "Starters",
        description: "Leek, potato",
        star: true,
        allergens: ["celery", "milk"],
        diets: ["vegetarian"],
      },
    });
    expect(parsed.rows[1]).toMatchObject({
      row: 3,
      fields: {
        name: "Bread, basket",
        description: "Two lines:\nsourdough and rye",
        allergens: ["gluten"],
        diets: ["vegetarian", "vegan"],
      },
    });
  });

  it("drops a UTF-8 BOM and reads semicolon-separated files", () => {
    const withBom = parseItemsCsv(utf8("\uFEFFname,price\nCafé crème,3.20\n"), "restaurant");
    expect(withBom.fileErrors).toEqual([]);
    expect(withBom.rows[0]!.fields).toEqual({ name: "Café crème", priceCents: 320 });
    const semicolons = parseItemsCsv('name;price;allergens\nSoup;6,50;"milk;eggs"\n', "restaurant");
    expect(semicolons.rows[0]!.fields).toMatchObject({
      priceCents: 650,
      allergens: ["eggs", "milk"],
    });
  });

  it("says which rows are wrong and why, numbered as a spreadsheet numbers them", () => {
    const csv = [
      HEADER,
      ",Soup,6,,,,,",
      ",,5,,,,,",
      "",
      ",Cake,,,,,,",
      ",Tea,2,,,maybe,,",
      ",Nuts,4,,,,tree nuts;plutonium,",
      "Q1,Pie,4,,,,,carnivore",
      "Q1,Pie again,4,,,,,",
      ",Too,4,,,,,,,extra",
    ].join("\r\n");
    const parsed = parseItemsCsv(csv, "restaurant");
    expect(parsed.fileErrors).toEqual([]);
    const errors = Object.fromEntries(parsed.rows.map((row) => [row.row, row.errors]));
    expect(errors[2]).toEqual([]);
    expect(errors[3]).toEqual([`Row 3: ${MESSAGES.nameRequired}`]);
    expect(errors[5]).toEqual([`Row 5: ${MESSAGES.priceRequired}`]);
    expect(errors[6]).toEqual(["Row 6: popular must be yes or no."]);
    expect(errors[7]![0]).toMatch(/^Row 7: allergens: Unknown allergen: plutonium\./);
    expect(errors[8]![0]).toMatch(/^Row 8: diets: Unknown diet: carnivore\./);
    expect(errors[9]).toEqual(["Row 9: the id Q1 is also on row 8."]);
    expect(errors[10]![0]).toMatch(/^Row 10: it has more cells than the header/);
    expect(parsed.rows.filter((row) => row.fields === null)).toHaveLength(7);
  });

  it("refuses files it cannot read, with a reason for the whole file", () => {
    const only = (input: string | Uint8Array, type: ProductType = "restaurant") =>
      parseItemsCsv(input, type);
    expect(only("").fileErrors).toEqual(["The file is empty."]);
    expect(only(" \r\n").fileErrors).toEqual(["The file is empty."]);
    expect(only("name,price\n").fileErrors).toEqual(["The file has a header but no items."]);
    expect(only("Soup,6\nTea,2\n").fileErrors[0]).toMatch(/^The first row must name the columns/);
    expect(only("name,price,colour\nSoup,6,red").fileErrors[0]).toMatch(
      /^Unknown column: “colour”\. The columns are: id, name, price, category/,
    );
    // A shop has no allergens; a menu has no tags.
    expect(only("name,price,allergens\nMug,6,", "shoppy").fileErrors[0]).toMatch(/^Unknown column/);
    expect(only("name,price,tags\nSoup,6,", "restaurant").fileErrors[0]).toMatch(/^Unknown column/);
    expect(only("name,price,Name\nSoup,6,x").fileErrors[0]).toMatch(/twice/);
    // Latin-1 "é", UTF-16, and NUL bytes are not UTF-8 text.
    expect(only(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9])).fileErrors[0]).toMatch(
      /not UTF-8/,
    );
    expect(only(new Uint8Array([0xff, 0xfe, 0x6e, 0x00])).fileErrors[0]).toMatch(/not UTF-8/);
    expect(only(utf8("name,price\nA\u0000,1")).fileErrors[0]).toMatch(/not UTF-8/);
  });

  it("limits the file's size and its number of rows", () => {
    const big = "name,price,description\n" + `Soup,6,"${"x".repeat(CSV_MAX_BYTES)}"\n`;
    expect(parseItemsCsv(utf8(big), "restaurant").fileErrors[0]).toMatch(
      /too large .* at most 256 KB/,
    );
    const rows = Array.from({ length: 51 }, (_, i) => `Dish ${i},${i + 1}`);
    expect(parseItemsCsv(["name,price", ...rows].join("\n"), "restaurant").fileErrors).toEqual([
      "The file has 51 items; a site holds at most 50. Split it, or remove rows.",
    ]);
    expect(
      parseItemsCsv(["name,price", ...rows.slice(1)].join("\n"), "restaurant").rows,
    ).toHaveLength(50);
  });

  it("says where a quote is left open", () => {
    const parsed = parseItemsCsv(
      'name,price,description\nSoup,6,"no end\nTea,2,ok\n',
      "restaurant",
    );
    const errors = parsed.rows.flatMap((row) => row.errors);
    expect(errors.some((error) => /^Row 2: a quoted cell is not closed/.test(error))).toBe(true);
  });
});

describe("import: the preview against the site's items", () => {
  const existing = [
    { id: "A1", name: "Soup" },
    { id: "A2", name: "Tea" },
  ];

  it("updates rows with an id of the site, adds the rest, and notes a repeated name", () => {
    const parsed = parseItemsCsv("id,name,price\nA1,Soup,7\n,Cake,4\n,tea,2\n", "restaurant");
    const preview = previewImport(parsed, existing);
    expect(preview).toMatchObject({ adds: 2, updates: 1, before: 2, after: 4, fileErrors: [] });
    expect(preview.rows.map((row) => row.action)).toEqual(["update", "add", "add"]);
    expect(preview.rows[2]!.notes[0]).toMatch(/^Row 4: “tea” is already on the site/);
    expect(isImportable(preview)).toBe(true);
  });

  it("refuses an id that is not one of the site's items", () => {
    const preview = previewImport(
      parseItemsCsv("id,name,price\nZZ9,Soup,7\n", "restaurant"),
      existing,
    );
    expect(preview.rows[0]!.errors[0]).toMatch(
      /^Row 2: the id “ZZ9” is not one of this site's items/,
    );
    expect(isImportable(preview)).toBe(false);
  });

  it("refuses the whole import when the site would pass 50 items, and says by how many", () => {
    const many = Array.from({ length: 48 }, (_, i) => ({ id: `E${i}`, name: `Old ${i}` }));
    const parsed = parseItemsCsv("name,price\nA,1\nB,2\nC,3\n", "restaurant");
    const preview = previewImport(parsed, many);
    expect(preview.after).toBe(51);
    expect(preview.fileErrors).toEqual([
      "The site has 48 items and the file adds 3: that is 51, and a site holds at most 50. Remove 1 new rows, or give rows the ids of items to update.",
    ]);
    expect(isImportable(preview)).toBe(false);
    expect(
      isImportable(previewImport(parseItemsCsv("name,price\nA,1\nB,2\n", "restaurant"), many)),
    ).toBe(true);
  });
});

describe("papaparse", () => {
  it("is the version the import was written against", () => {
    expect(Papa.unparse([["a,b"]])).toBe('"a,b"');
  });
});
