import { describe, expect, it } from "vitest";
import { onlyQueryChanged } from "./revalidation";

const editor = "https://portal.test/user/restaurant/setup/abc";

describe("onlyQueryChanged", () => {
  it("is true for another tab, search or sort of the same page", () => {
    expect(
      onlyQueryChanged({
        currentUrl: new URL(`${editor}?tab=info`),
        nextUrl: new URL(`${editor}?tab=items`),
      }),
    ).toBe(true);
    expect(
      onlyQueryChanged({ currentUrl: new URL(editor), nextUrl: new URL(`${editor}?q=soup`) }),
    ).toBe(true);
  });

  it("is false for a sent form, another page, or the same address again", () => {
    expect(
      onlyQueryChanged({
        currentUrl: new URL(`${editor}?tab=info`),
        nextUrl: new URL(`${editor}?tab=items`),
        formMethod: "POST",
      }),
    ).toBe(false);
    expect(
      onlyQueryChanged({
        currentUrl: new URL(editor),
        nextUrl: new URL("https://portal.test/user"),
      }),
    ).toBe(false);
    expect(onlyQueryChanged({ currentUrl: new URL(editor), nextUrl: new URL(editor) })).toBe(false);
  });
});
