import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import { PAYPAL_USERNAME_INVALID, VENMO_USERNAME_INVALID } from "./payments";
import { parseShopExtras } from "./shop-info";

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseShopExtras", () => {
  it("reads tags and payment handles", () => {
    expect(
      parseShopExtras(
        form([
          ["tags", "Gifts"],
          ["tags", "gifts"],
          ["tagsText", "Home"],
          ["paypalUsername", "paypal.me/JaneShop"],
          ["venmoUsername", "@jane-shop"],
        ]),
      ),
    ).toEqual({
      ok: true,
      value: { tags: ["Gifts", "Home"], paypalUsername: "JaneShop", venmoUsername: "jane-shop" },
    });
    expect(parseShopExtras(form([]))).toEqual({
      ok: true,
      value: { tags: [], paypalUsername: "", venmoUsername: "" },
    });
  });

  it("names each field that is wrong", () => {
    const fifty = Array.from({ length: 51 }, (_, i): [string, string] => ["tags", `t${i}`]);
    expect(
      parseShopExtras(form([...fifty, ["paypalUsername", "not valid!"], ["venmoUsername", "x"]])),
    ).toEqual({
      ok: false,
      fieldErrors: {
        paypalUsername: [PAYPAL_USERNAME_INVALID],
        venmoUsername: [VENMO_USERNAME_INVALID],
        tags: [MESSAGES.tooManyShopTags],
      },
    });
  });
});
