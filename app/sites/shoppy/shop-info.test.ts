import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { PAYPAL_USERNAME_INVALID, VENMO_USERNAME_INVALID } from "./payments";
import { shopExtrasOf } from "./shop-info";
import { shopInfoSchema } from "./shop-info-schema";

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  data.set("name", "Jane's");
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the shop's info form", () => {
  it("reads tags and payment handles", () => {
    const submission = parseWithZod(
      form([
        ["tags", "Gifts"],
        ["tags", "gifts"],
        ["tags", "Home"],
        ["paypalUsername", "paypal.me/JaneShop"],
        ["venmoUsername", "@jane-shop"],
      ]),
      { schema: shopInfoSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(shopExtrasOf(submission.value)).toEqual({
      tags: ["Gifts", "Home"],
      paypalUsername: "JaneShop",
      venmoUsername: "jane-shop",
    });
    const empty = parseWithZod(form([]), { schema: shopInfoSchema });
    expect(empty.status === "success" && shopExtrasOf(empty.value)).toEqual({
      tags: [],
      paypalUsername: "",
      venmoUsername: "",
    });
  });

  it("names each field that is wrong", () => {
    const fiftyOne = Array.from({ length: 51 }, (_, i): [string, string] => ["tags", `t${i}`]);
    const submission = parseWithZod(
      form([...fiftyOne, ["paypalUsername", "not valid!"], ["venmoUsername", "x"]]),
      { schema: shopInfoSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      paypalUsername: [PAYPAL_USERNAME_INVALID],
      venmoUsername: [VENMO_USERNAME_INVALID],
      tags: [MESSAGES.tooManyShopTags],
    });
  });
});
