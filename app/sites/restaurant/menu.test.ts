import { describe, expect, it } from "vitest";
import { compareNames } from "~/lib/items";
import { groupMenu, sectionIdBase, UNCATEGORIZED_LABEL } from "./menu";

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
