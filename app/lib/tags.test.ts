import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import { itemTagsSchema, shopTagsSchema, splitTagText, tagFieldsOf } from "./tags";

describe("tag lists", () => {
  it("read chips and typed text together, trimmed and unique ignoring case", () => {
    expect(
      shopTagsSchema.parse({ tags: [" Gifts ", "Home"], tagsText: "home, Winter ,, gifts" }),
    ).toEqual(["Gifts", "Home", "Winter"]);
    expect(itemTagsSchema.parse({ tags: "Single" })).toEqual(["Single"]);
    expect(itemTagsSchema.parse({})).toEqual([]);
  });

  it("refuse the 51st shop tag and the 11th item tag instead of dropping them", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `tag ${i}`);
    expect(shopTagsSchema.parse({ tags: fifty })).toHaveLength(50);
    const shop = shopTagsSchema.safeParse({ tags: [...fifty, "one more"] });
    expect(shop.success).toBe(false);
    expect(shop.error?.issues[0]?.message).toBe(MESSAGES.tooManyShopTags);

    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(itemTagsSchema.parse({ tags: ten, tagsText: "T0, t9" })).toHaveLength(10);
    const item = itemTagsSchema.safeParse({ tags: ten, tagsText: "eleven" });
    expect(item.error?.issues[0]?.message).toBe(MESSAGES.tooManyItemTags);
  });

  it("refuse overlong tags", () => {
    const result = itemTagsSchema.safeParse({ tags: ["x".repeat(41)] });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.tagTooLong);
  });

  it("split typed text and read forms", () => {
    expect(splitTagText(" a, ,b,c ")).toEqual(["a", "b", "c"]);
    const form = new FormData();
    form.append("tags", "A");
    form.append("tags", "B");
    form.set("tagsText", "c");
    expect(tagFieldsOf(form)).toEqual({ tags: ["A", "B"], tagsText: "c" });
  });
});
