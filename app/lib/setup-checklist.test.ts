import { describe, expect, it } from "vitest";
import { DAYS } from "./hours";
import {
  hasOpeningHours,
  setupChecklist,
  STARTER_ITEM_COUNT,
  type SetupFacts,
} from "./setup-checklist";

const fresh: SetupFacts = {
  type: "restaurant",
  logoUrl: "",
  bgUrl: "",
  hours: [],
  itemCount: 0,
  shared: false,
};

const doneIds = (facts: SetupFacts) =>
  setupChecklist(facts)
    .filter((step) => step.done)
    .map((step) => step.id);

describe("setupChecklist", () => {
  it("starts a new restaurant with only its name and type done", () => {
    expect(setupChecklist(fresh).map((step) => step.id)).toEqual([
      "created",
      "picture",
      "hours",
      "items",
      "shared",
    ]);
    expect(doneIds(fresh)).toEqual(["created"]);
  });

  it("counts a logo or a background, opening hours, enough items and a shared link", () => {
    const hours = DAYS.map((day) => ({ day, open: "Closed", close: "Closed" }));
    hours[2] = { day: DAYS[2], open: "9:00 AM", close: "5:00 PM" };
    expect(
      doneIds({
        ...fresh,
        bgUrl: "/files/bg?v=1",
        hours,
        itemCount: STARTER_ITEM_COUNT,
        shared: true,
      }),
    ).toEqual(["created", "picture", "hours", "items", "shared"]);
    expect(doneIds({ ...fresh, logoUrl: "https://example.com/logo.png" })).toContain("picture");
    expect(doneIds({ ...fresh, itemCount: STARTER_ITEM_COUNT - 1 })).not.toContain("items");
  });

  it("leaves out the items step for sites without items", () => {
    expect(setupChecklist({ ...fresh, type: "dealership" }).map((step) => step.id)).not.toContain(
      "items",
    );
    expect(setupChecklist({ ...fresh, type: "shoppy" }).find((s) => s.id === "items")?.label).toBe(
      `Add at least ${STARTER_ITEM_COUNT} items`,
    );
  });
});

describe("hasOpeningHours", () => {
  it("is false for no hours, all Closed, or half-chosen days", () => {
    expect(hasOpeningHours([])).toBe(false);
    expect(hasOpeningHours(DAYS.map((day) => ({ day, open: "Closed", close: "Closed" })))).toBe(
      false,
    );
    expect(hasOpeningHours([{ day: "Monday", open: "", close: "5:00 PM" }])).toBe(false);
    expect(hasOpeningHours("nonsense")).toBe(false);
  });

  it("is true once one day opens", () => {
    expect(hasOpeningHours([{ day: "Monday", open: "9:00 AM", close: "5:00 PM" }])).toBe(true);
  });
});
