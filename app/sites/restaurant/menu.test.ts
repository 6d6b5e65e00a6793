import { describe, expect, it } from "vitest";
import { compareNames } from "~/lib/items";
import {
  categoryOrderAfterChange,
  groupMenu,
  matchesCategoriesInUse,
  movedCategory,
  orderedCategories,
  sectionIdBase,
  UNCATEGORIZED_LABEL,
} from "./menu";

let counter = 0;
function item(name: string, category: string) {
  counter += 1;
  return { id: `i${counter}`, name, category };
}

const names = (sections: ReturnType<typeof groupMenu>) => sections.map((section) => section.name);

describe("groupMenu", () => {
  it("sorts categories and the items in each by name, ignoring case", () => {
    const sections = groupMenu([
      item("espresso", "drinks"),
      item("Tomato Soup", "Starters"),
      item("Apple Pie", "desserts"),
      item("Iced Tea", "drinks"),
      item("burger", "Mains"),
      item("Garlic Bread", "Starters"),
      item("Americano", "drinks"),
      item("Calamari", "Starters"),
    ]);
    expect(names(sections)).toEqual(["desserts", "drinks", "Mains", "Starters"]);
    expect(sections[1]!.items.map((i) => i.name)).toEqual(["Americano", "espresso", "Iced Tea"]);
    expect(sections[3]!.items.map((i) => i.name)).toEqual([
      "Calamari",
      "Garlic Bread",
      "Tomato Soup",
    ]);
  });

  it("puts items without a category in one group at the end", () => {
    const sections = groupMenu([
      item("Water", ""),
      item("Zucchini Fries", "Sides"),
      item("Bread", "   "),
      item("Ale", "Beer"),
    ]);
    expect(names(sections)).toEqual(["Beer", "Sides", UNCATEGORIZED_LABEL]);
    expect(sections.map((s) => s.uncategorized)).toEqual([false, false, true]);
    expect(sections[2]!.items.map((i) => i.name)).toEqual(["Bread", "Water"]);
    expect(sections[2]!.id).toBe("section-other");
  });

  it("adds uncategorized items to a category the owner already named Other", () => {
    const sections = groupMenu([item("Water", ""), item("Napkins", "other"), item("Ale", "Zz")]);
    expect(names(sections)).toEqual(["other", "Zz"]);
    expect(sections[0]!.items.map((i) => i.name)).toEqual(["Napkins", "Water"]);
  });

  it("treats spellings that differ only in case or spacing as one category", () => {
    const sections = groupMenu([
      item("Cola", "drinks"),
      item("Tea", "Drinks"),
      item("Juice", " Drinks "),
      item("Wine", "Drinks!"),
    ]);
    expect(names(sections)).toEqual(["Drinks", "Drinks!"]);
    expect(sections[0]!.items.map((i) => i.name)).toEqual(["Cola", "Juice", "Tea"]);
  });

  it("sorts in a locale-aware way: accents next to their letter, numbers by value", () => {
    const sections = groupMenu([
      item("Combo 10", "Combos"),
      item("Combo 2", "Combos"),
      item("Éclair", "Desserts"),
      item("Fudge", "Desserts"),
      item("Donut", "Desserts"),
    ]);
    expect(sections[0]!.items.map((i) => i.name)).toEqual(["Combo 2", "Combo 10"]);
    expect(sections[1]!.items.map((i) => i.name)).toEqual(["Donut", "Éclair", "Fudge"]);
  });

  it("keeps items of the same name in a stable order", () => {
    const a = { id: "b2", name: "Soup", category: "X" };
    const b = { id: "a1", name: "soup", category: "X" };
    const c = { id: "a0", name: "Soup", category: "X" };
    const first = groupMenu([a, b, c])[0]!.items.map((i) => i.id);
    const second = groupMenu([c, b, a])[0]!.items.map((i) => i.id);
    expect(first).toEqual(second);
    expect(first).toEqual(["a0", "b2", "a1"]);
  });

  it("tells apart categories whose names slug alike", () => {
    const sections = groupMenu([item("Shake", "drinks!"), item("Cola", "Drinks")]);
    expect(sections.map((s) => [s.name, s.id])).toEqual([
      ["Drinks", "section-drinks"],
      ["drinks!", "section-drinks-2"],
    ]);
  });

  it("gives every section a safe, unique id, the same on every render", () => {
    const input = [
      item("Cola", "Drinks"),
      item("Shake", "drinks!"),
      item("Soda", "Drinks 2"),
      item("Tea", "饮料"),
      item("Dumplings", "点心"),
      item("Crêpe", "Crème brûlée"),
      item("Quote", '"><script>'),
      item("Blank", ""),
    ];
    const sections = groupMenu(input);
    const ids = sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^section-[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(groupMenu([...input].reverse()).map((s) => s.id)).toEqual(ids);

    const idOf = (name: string) => sections.find((section) => section.name === name)!.id;
    expect(idOf("Drinks")).toBe("section-drinks");
    // "Drinks 2" sorts before "drinks!" and takes its natural id first.
    expect(idOf("Drinks 2")).toBe("section-drinks-2");
    expect(idOf("drinks!")).toBe("section-drinks-3");
    expect(idOf("Crème brûlée")).toBe("section-creme-brulee");
    expect(idOf('"><script>')).toBe("section-script");
    expect(idOf("饮料")).not.toBe(idOf("点心"));
    // A non-Latin name keeps its id when other categories are added or removed.
    expect(groupMenu([item("Tea", "饮料")])[0]!.id).toBe(idOf("饮料"));
  });

  it("returns nothing for no items and does not change its input", () => {
    expect(groupMenu([])).toEqual([]);
    const input = [item("B", "x"), item("A", "x")];
    const copy = structuredClone(input);
    groupMenu(input);
    expect(input).toEqual(copy);
  });
});

describe("groupMenu in the owner's order", () => {
  const menu = [
    item("Tomato Soup", "Starters"),
    item("Cake", "Desserts"),
    item("Ale", "Drinks"),
    item("Fish Pie", "Mains"),
    item("Bread", "Starters"),
    item("Water", ""),
  ];

  it("puts the categories in the order given, matched ignoring case and spacing", () => {
    const sections = groupMenu(menu, ["mains", " STARTERS ", "Drinks", "Desserts"]);
    expect(names(sections)).toEqual(["Mains", "Starters", "Drinks", "Desserts", "Other"]);
    // Items inside a category stay sorted by name.
    expect(sections[1]!.items.map((i) => i.name)).toEqual(["Bread", "Tomato Soup"]);
  });

  it("lets categories the order does not name follow by name, and ignores names not in use", () => {
    const sections = groupMenu(menu, ["Drinks", "Specials", "Starters", "drinks"]);
    expect(names(sections)).toEqual(["Drinks", "Starters", "Desserts", "Mains", "Other"]);
  });

  it("orders a category the owner named Other like any other", () => {
    const sections = groupMenu(
      [item("Napkins", "Other"), item("Tea", "Drinks"), item("X", "")],
      ["Other", "Drinks"],
    );
    expect(names(sections)).toEqual(["Other", "Drinks"]);
    expect(sections[0]!.items.map((i) => i.name)).toEqual(["Napkins", "X"]);
  });

  it("keeps each section's id whatever the order", () => {
    const ids = (order: string[]) =>
      Object.fromEntries(groupMenu(menu, order).map((s) => [s.name, s.id]));
    expect(ids(["Mains", "Starters"])).toEqual(ids([]));
  });
});

describe("orderedCategories", () => {
  it("lists each category in use once, in the order, then the rest by name, no blanks", () => {
    expect(
      orderedCategories(["Mains", "", "starters", "Starters", "Desserts"], ["Desserts"]),
    ).toEqual(["Desserts", "Mains", "Starters"]);
    expect(orderedCategories([], ["Desserts"])).toEqual([]);
    expect(orderedCategories(["  ", ""])).toEqual([]);
  });
});

describe("categoryOrderAfterChange", () => {
  it("puts a new category last", () => {
    expect(
      categoryOrderAfterChange(["Starters", "Mains"], ["Mains", "Starters", "Appetizers"]),
    ).toEqual(["Starters", "Mains", "Appetizers"]);
  });

  it("drops categories no longer in use and keeps the rest in place", () => {
    expect(
      categoryOrderAfterChange(["Starters", "Mains", "Desserts"], ["Desserts", "Starters"]),
    ).toEqual(["Starters", "Desserts"]);
  });

  it("treats another spelling of a category as the same one", () => {
    expect(categoryOrderAfterChange(["Starters", "Mains"], ["starters ", "Mains"])).toEqual([
      "Starters",
      "Mains",
    ]);
  });

  it("adds several new categories by name, and none for items without one", () => {
    expect(categoryOrderAfterChange([], ["Zucchini", "", "Apples"])).toEqual([
      "Apples",
      "Zucchini",
    ]);
  });
});

describe("movedCategory", () => {
  const order = ["Starters", "Mains", "Desserts"];

  it("moves a category one place up or down", () => {
    expect(movedCategory(order, { category: "Desserts", direction: "up" })).toEqual([
      "Starters",
      "Desserts",
      "Mains",
    ]);
    expect(movedCategory(order, { category: "starters", direction: "down" })).toEqual([
      "Mains",
      "Starters",
      "Desserts",
    ]);
    expect(order).toEqual(["Starters", "Mains", "Desserts"]);
  });

  it("refuses a move past either end or of a category not listed", () => {
    expect(movedCategory(order, { category: "Starters", direction: "up" })).toBeNull();
    expect(movedCategory(order, { category: "Desserts", direction: "down" })).toBeNull();
    expect(movedCategory(order, { category: "Drinks", direction: "up" })).toBeNull();
  });
});

describe("matchesCategoriesInUse", () => {
  const inUse = ["Starters", "Mains", "mains", "", "Desserts"];

  it("accepts each category in use exactly once, in any order and spelling", () => {
    expect(matchesCategoriesInUse(["Desserts", "Starters", "Mains"], inUse)).toBe(true);
    expect(matchesCategoriesInUse(["desserts", " starters", "MAINS"], inUse)).toBe(true);
    expect(matchesCategoriesInUse([], [])).toBe(true);
  });

  it("refuses a list with a category missing, repeated or not in use", () => {
    expect(matchesCategoriesInUse(["Desserts", "Starters"], inUse)).toBe(false);
    expect(matchesCategoriesInUse(["Desserts", "Starters", "Mains", "mains"], inUse)).toBe(false);
    expect(matchesCategoriesInUse(["Desserts", "Starters", "Mains", "Drinks"], inUse)).toBe(false);
    expect(matchesCategoriesInUse(["Desserts", "Starters", "Mains", ""], inUse)).toBe(false);
  });
});

describe("sectionIdBase", () => {
  it("bounds the id's length", () => {
    expect(sectionIdBase("a".repeat(500)).length).toBeLessThanOrEqual("section-".length + 48);
  });
});

describe("compareNames", () => {
  it("is case-insensitive first, then exact", () => {
    expect(compareNames("apple", "Banana")).toBeLessThan(0);
    expect(compareNames("Apple", "apple")).not.toBe(0);
    expect(compareNames("same", "same")).toBe(0);
  });
});
