/** The zod fields of a shop's tags and an item's tags (./tags.ts), as the forms send them. */
import { MAX_SHOP_TAGS, MAX_TAGS_PER_ITEM, normalizeTags } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { z } from "~/lib/zod";
import { splitTagText, TAG_MAX_LENGTH } from "./tags";

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
