import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { addTagsThatFit, splitTagText } from "./tags";
import { itemTagsField, shopTagsField } from "./tags-schema";

describe("tag lists", () => {
  it("read chips and typed text together, trimmed and unique ignoring case", () => {
    expect(shopTagsField.parse([" Gifts ", "Home", "home, Winter ,, gifts"])).toEqual([
      "Gifts",
      "Home",
      "Winter",
    ]);
    expect(itemTagsField.parse("Single")).toEqual(["Single"]);
    expect(itemTagsField.parse(undefined)).toEqual([]);
  });

  it("refuse the 51st shop tag and the 11th item tag instead of dropping them", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `tag ${i}`);
    expect(shopTagsField.parse(fifty)).toHaveLength(50);
    const shop = shopTagsField.safeParse([...fifty, "one more"]);
    expect(shop.success).toBe(false);
    expect(shop.error?.issues[0]?.message).toBe(MESSAGES.tooManyShopTags);

    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(itemTagsField.parse([...ten, "T0, t9"])).toHaveLength(10);
    const item = itemTagsField.safeParse([...ten, "eleven"]);
    expect(item.error?.issues[0]?.message).toBe(MESSAGES.tooManyItemTags);
  });

  it("refuse overlong tags", () => {
    const result = itemTagsField.safeParse(["x".repeat(41)]);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.tagTooLong);
  });

  it("split typed text", () => {
    expect(splitTagText(" a, ,b,c ")).toEqual(["a", "b", "c"]);
  });
});

describe("addTagsThatFit", () => {
  it("adds a long pasted list whole up to the limit and gives back the rest uncut", () => {
    const pasted = Array.from({ length: 14 }, (_, i) => `kids-tag-number-${i}`);
    expect(pasted.join(", ").length).toBeGreaterThan(160);
    const { tags, left, reason } = addTagsThatFit([], pasted, 10);
    expect(tags).toEqual(pasted.slice(0, 10));
    expect(left).toEqual(pasted.slice(10));
    expect(reason).toBe("too-many");
  });

  it("skips tags already on the list, ignoring case, without calling them left over", () => {
    expect(addTagsThatFit(["Gifts"], [" gifts ", "Home"], 10)).toEqual({
      tags: ["Gifts", "Home"],
      left: [],
      reason: null,
    });
  });

  it("keeps an overlong tag out and says so, still adding the others", () => {
    const long = "x".repeat(41);
    expect(addTagsThatFit([], ["a", long, "b"], 10)).toEqual({
      tags: ["a", "b"],
      left: [long],
      reason: "too-long",
    });
  });
});
