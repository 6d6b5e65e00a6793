/**
 * Tag fields of the shop editor (SPEC section 5): the shop's tags (at most 50)
 * and an item's (at most 10). A form sends them as repeated `tags` fields (the
 * chips) or, without JavaScript, as one comma-separated `tags` field; every
 * value is split on commas, trimmed and de-duplicated ignoring case.
 */
import { MAX_SHOP_TAGS, MAX_TAGS_PER_ITEM, normalizeTags } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { z } from "~/lib/zod";

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

/** A tag list field of at most `max` tags, refusing with `tooMany` rather than dropping tags. */
function tagListField(max: number, tooMany: string) {
  return z.preprocess(asList, z.array(z.string())).transform((values, context) => {
    const { tags, overLimit } = normalizeTags(values.flatMap(splitTagText), max);
    if (tags.some((tag) => tag.length > TAG_MAX_LENGTH)) {
      context.addIssue({ code: "custom", message: MESSAGES.tagTooLong });
      return z.NEVER;
    }
    if (overLimit) {
      context.addIssue({ code: "custom", message: tooMany });
      return z.NEVER;
    }
    return tags;
  });
}

export const shopTagsField = tagListField(MAX_SHOP_TAGS, MESSAGES.tooManyShopTags);
export const itemTagsField = tagListField(MAX_TAGS_PER_ITEM, MESSAGES.tooManyItemTags);
