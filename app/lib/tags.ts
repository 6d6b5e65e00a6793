/**
 * Tag fields of the shop editor (SPEC section 5): the shop's tags (at most 50)
 * and an item's (at most 10). A form sends them as repeated `tags` fields (the
 * chips) and, without JavaScript, as one comma-separated `tagsText` field;
 * both are read together, trimmed and de-duplicated ignoring case.
 */
import { z } from "./zod";
import { MAX_SHOP_TAGS, MAX_TAGS_PER_ITEM, normalizeTags } from "./limits";
import { MESSAGES } from "./messages";

export const TAG_MAX_LENGTH = 40;

/** "a, b ,c" → ["a", "b", "c"]; empty pieces dropped. */
export function splitTagText(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** A schema for a tag list of at most `max`, refusing with `tooMany` rather than dropping tags. */
function tagListSchema(max: number, tooMany: string) {
  return z
    .object({
      tags: z.preprocess(asList, z.array(z.string())),
      tagsText: z.string().optional(),
    })
    .transform(({ tags, tagsText }, context) => {
      const { tags: normalized, overLimit } = normalizeTags(
        [...tags, ...splitTagText(tagsText ?? "")],
        max,
      );
      if (normalized.some((tag) => tag.length > TAG_MAX_LENGTH)) {
        context.addIssue({ code: "custom", message: MESSAGES.tagTooLong, path: ["tags"] });
        return z.NEVER;
      }
      if (overLimit) {
        context.addIssue({ code: "custom", message: tooMany, path: ["tags"] });
        return z.NEVER;
      }
      return normalized;
    });
}

export const shopTagsSchema = tagListSchema(MAX_SHOP_TAGS, MESSAGES.tooManyShopTags);
export const itemTagsSchema = tagListSchema(MAX_TAGS_PER_ITEM, MESSAGES.tooManyItemTags);

/** Reads a tag list from a form the way the schemas above expect it. */
export function tagFieldsOf(formData: FormData): { tags: string[]; tagsText: string } {
  const tagsText = formData.get("tagsText");
  return {
    tags: formData.getAll("tags").filter((tag): tag is string => typeof tag === "string"),
    tagsText: typeof tagsText === "string" ? tagsText : "",
  };
}
