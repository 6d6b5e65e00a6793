import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  categoryKey,
  categorySpelling,
  distinctCategories,
  foldForSearch,
  parseItemSort,
  searchItems,
  sortItems,
  type ListedItem,
} from "./items";
import { addItemSchema, editItemSchema, itemFlagSchema, itemPriceSchema } from "./items-schema";
import { MESSAGES } from "./messages";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function errorsOf(submission: { status?: string; error?: Record<string, unknown> | null }) {
  return "error" in submission ? (submission.error ?? {}) : {};
}

const item = (id: string, name: string, category: string, priceCents: number, description = "") =>
  ({ id, name, category, priceCents, description }) satisfies ListedItem;

describe("addItemSchema", () => {
  it("requires a name and a price with the spec's messages", () => {
    const submission = parseWithZod(form({ name: " ", price: "" }), { schema: addItemSchema });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission).name).toEqual([MESSAGES.nameRequired]);
    expect(errorsOf(submission).price).toEqual([MESSAGES.priceRequired]);
  });

  it("parses the price by the shared rule and reads the star checkbox", () => {
    const submission = parseWithZod(
      form({ name: " Soup ", price: "$4.505", category: " Starters ", star: "on" }),
      { schema: addItemSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      name: "Soup",
      price: 451,
      category: "Starters",
      description: "",
      star: true,
      // A form without the options editor leaves an item's options alone.
      optionsShown: false,
    });
  });

  it("treats a price with no digits as 0 and a missing star as false", () => {
    const submission = parseWithZod(form({ name: "Water", price: "free" }), {
      schema: addItemSchema,
    });
    expect(submission.status === "success" && submission.value).toMatchObject({
      price: 0,
      star: false,
    });
  });

  it("refuses overlong names", () => {
    const submission = parseWithZod(form({ name: "x".repeat(101), price: "1" }), {
      schema: addItemSchema,
    });
    expect(errorsOf(submission).name).toEqual([MESSAGES.nameTooLong]);
  });
});

describe("item ids and flags", () => {
  it("refuses ids that are not letters and digits", () => {
    for (const itemId of ["", "a-b", "../x", "a".repeat(65), "x' or 1=1"]) {
      expect(itemPriceSchema.safeParse({ itemId, price: "1" }).success).toBe(false);
    }
    expect(editItemSchema.safeParse({ itemId: "abc123", name: "A", price: "1" }).success).toBe(
      true,
    );
  });

  it("reads a flag as the value asked for", () => {
    expect(itemFlagSchema.parse({ itemId: "a1", value: "true" }).value).toBe(true);
    expect(itemFlagSchema.parse({ itemId: "a1", value: "false" }).value).toBe(false);
    expect(itemFlagSchema.safeParse({ itemId: "a1", value: "yes" }).success).toBe(false);
  });
});

describe("searchItems", () => {
  const items = [
    item("1", "Crème Brûlée", "Desserts", 700),
    item("2", "Tomato Soup", "Starters", 600, "With basil OIL"),
    item("3", "Éclair", "Pâtisserie", 400),
  ];

  it("matches name, category and description ignoring case and accents", () => {
    expect(searchItems(items, "creme").map((i) => i.id)).toEqual(["1"]);
    expect(searchItems(items, "ECLAIR").map((i) => i.id)).toEqual(["3"]);
    expect(searchItems(items, "patisserie").map((i) => i.id)).toEqual(["3"]);
    expect(searchItems(items, "basil oil").map((i) => i.id)).toEqual(["2"]);
    expect(searchItems(items, "  ").map((i) => i.id)).toEqual(["1", "2", "3"]);
    expect(searchItems(items, "pizza")).toEqual([]);
  });

  it("folds accents away", () => {
    expect(foldForSearch("Ça Über Ñ")).toBe("ca uber n");
  });
});

describe("sortItems", () => {
  const items = [
    item("a", "banana split", "Desserts", 650),
    item("b", "Apple Pie", "desserts", 650),
    item("c", "Zucchini", "Starters", 300),
    item("d", "item 10", "", 1000),
    item("e", "item 9", "", 900),
  ];
  const ids = (sort: Parameters<typeof sortItems>[1]) => sortItems(items, sort).map((i) => i.id);

  it("sorts by name, case-insensitively and with numbers in order", () => {
    expect(ids("name-asc")).toEqual(["b", "a", "e", "d", "c"]);
    expect(ids("name-desc")).toEqual(["c", "d", "e", "a", "b"]);
  });

  it("sorts by category, then name", () => {
    expect(ids("category-asc")).toEqual(["e", "d", "b", "a", "c"]);
    expect(ids("category-desc")).toEqual(["c", "b", "a", "e", "d"]);
  });

  it("sorts by category in the menu's order when given it, items without one last", () => {
    const menuOrder = ["Starters", "Desserts"];
    const byMenu = (sort: "category-asc" | "category-desc") =>
      sortItems(items, sort, menuOrder).map((i) => i.id);
    expect(byMenu("category-asc")).toEqual(["c", "b", "a", "e", "d"]);
    // Reversed: the categories turn around; items inside keep their name order.
    expect(byMenu("category-desc")).toEqual(["e", "d", "b", "a", "c"]);
    // A category the order does not name comes after those it does.
    expect(sortItems(items, "category-asc", ["Desserts"]).map((i) => i.id)).toEqual([
      "b",
      "a",
      "c",
      "e",
      "d",
    ]);
  });

  it("sorts by price, then name", () => {
    expect(ids("price-asc")).toEqual(["c", "b", "a", "e", "d"]);
    expect(ids("price-desc")).toEqual(["d", "e", "b", "a", "c"]);
  });

  it("does not change its input and falls back to name-asc for unknown sorts", () => {
    sortItems(items, "price-desc");
    expect(items.map((i) => i.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(parseItemSort("price-desc")).toBe("price-desc");
    expect(parseItemSort("drop table")).toBe("name-asc");
    expect(parseItemSort(null)).toBe("name-asc");
  });
});

describe("categories", () => {
  it("keep the owner's spelling with its spacing tidied, and match ignoring case and spacing", () => {
    expect(categorySpelling("  Hot \t drinks\n")).toBe("Hot drinks");
    expect(categoryKey("  Hot \t Drinks\n")).toBe("hot drinks");
    expect(categoryKey("Cafe\u0301s")).toBe(categoryKey("Caf\u00e9s"));
  });
});

describe("distinctCategories", () => {
  it("lists each category once, first spelling, sorted", () => {
    expect(
      distinctCategories([
        { category: "Mains" },
        { category: " drinks " },
        { category: "" },
        { category: "Drinks" },
        { category: "Desserts" },
      ]),
    ).toEqual(["Desserts", "drinks", "Mains"]);
  });
});
