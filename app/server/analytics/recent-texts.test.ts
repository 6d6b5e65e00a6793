import { describe, expect, it } from "vitest";
import { RecentTexts } from "./recent-texts.server";

/** The same text as a fresh string, as a request's header is. */
const fresh = (text: string) => Buffer.from(text).toString("latin1");

describe("RecentTexts", () => {
  it("finds a remembered text from another string with the same characters", () => {
    const texts = new RecentTexts<string>({ max: 10, perLength: 4 });
    texts.set("https://www.google.com/", "search");
    texts.set("https://www.bing.com/x/", "other");
    expect(texts.get(fresh("https://www.google.com/"))).toBe("search");
    expect(texts.get(fresh("https://www.bing.com/x/"))).toBe("other");
    // Same length, other characters; another length.
    expect(texts.get("https://www.googlf.com/")).toBeUndefined();
    expect(texts.get("https://www.google.com")).toBeUndefined();
  });

  it("keeps at most `perLength` texts of one length, forgetting the oldest first", () => {
    const texts = new RecentTexts<number>({ max: 100, perLength: 2 });
    texts.set("aa", 1);
    texts.set("bb", 2);
    texts.set("cc", 3);
    texts.set("d", 4);
    expect(texts.get("aa")).toBeUndefined();
    expect([texts.get("bb"), texts.get("cc"), texts.get("d")]).toEqual([2, 3, 4]);
  });

  it("forgets everything once it holds `max` texts, and remembers afresh", () => {
    const texts = new RecentTexts<number>({ max: 3, perLength: 8 });
    texts.set("a", 1);
    texts.set("bb", 2);
    texts.set("ccc", 3);
    texts.set("dddd", 4);
    expect([texts.get("a"), texts.get("bb"), texts.get("ccc")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(texts.get("dddd")).toBe(4);
  });
});
