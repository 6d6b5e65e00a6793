import { describe, expect, it } from "vitest";
import { DAYS } from "../hours";
import { listText, weekdayName } from "./formats";
import { siteLanguage } from "./languages";

const english = { language: siteLanguage("en") };
const spanish = { language: siteLanguage("es") };
const german = { language: siteLanguage("de") };

describe("weekdayName", () => {
  it("names the week Monday first, in the page's language", () => {
    // In English, the names the week's hours are kept under.
    expect(DAYS.map((_, day) => weekdayName(day, english))).toEqual(DAYS);
    expect(weekdayName(0, spanish)).toBe("lunes");
    expect(weekdayName(6, german)).toBe("Sonntag");
    // Asked again after another language, each keeps its own names.
    expect(weekdayName(0, english)).toBe("Monday");
  });

  it("counts on past Sunday as the calendar does", () => {
    expect(weekdayName(7, english)).toBe("Monday");
    expect(weekdayName(-1, english)).toBe("Sunday");
  });
});

describe("listText", () => {
  it("joins as the language does, and a word alone as it is", () => {
    expect(listText(["milk", "eggs", "fish"], english)).toBe("milk, eggs, and fish");
    expect(listText(["Milch", "Eier", "Fisch"], german)).toBe("Milch, Eier und Fisch");
    expect(listText(["Pickup", "Delivery"], english, "disjunction")).toBe("Pickup or Delivery");
    expect(listText(["milk"], english)).toBe("milk");
    expect(listText([], english)).toBe("");
  });

  it("gives each language, type and order of items its own text when asked again", () => {
    expect(listText(["eggs", "milk"], english)).toBe("eggs and milk");
    expect(listText(["eggs", "milk"], spanish)).toBe("eggs y milk");
    expect(listText(["eggs", "milk"], english, "disjunction")).toBe("eggs or milk");
    expect(listText(["milk", "eggs"], english)).toBe("milk and eggs");
    // Items are told apart whatever they contain.
    expect(listText(["a b", "c"], english)).toBe("a b and c");
    expect(listText(["a", "b c"], english)).toBe("a and b c");
  });

  it("stays right past the number of lists it keeps", () => {
    for (let i = 0; i < 2_500; i += 1) {
      expect(listText([`dish ${i}`, "salad"], english)).toBe(`dish ${i} and salad`);
    }
    expect(listText(["eggs", "milk"], english)).toBe("eggs and milk");
  });
});
