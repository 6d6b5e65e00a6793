/**
 * Tag fields of the shop editor (SPEC section 5): the shop's tags (at most 50)
 * and an item's (at most 10). A form sends them as repeated `tags` fields (the
 * chips) or, without JavaScript, as one comma-separated `tags` field; every
 * value is split on commas, trimmed and de-duplicated ignoring case.
 */

export const TAG_MAX_LENGTH = 40;

/** "a, b ,c" → ["a", "b", "c"]; empty pieces dropped. */
export function splitTagText(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Adds typed or pasted tags to a chip list as far as they fit: new tags (unique ignoring
 * case, trimmed, NFC) up to `max`, none longer than TAG_MAX_LENGTH. What does not fit comes
 * back whole, in order, as `left`, with the reason, so a long paste is never cut mid-tag
 * and no tag is lost without the owner seeing it.
 */
export function addTagsThatFit(
  current: string[],
  incoming: string[],
  max: number,
): { tags: string[]; left: string[]; reason: "too-many" | "too-long" | null } {
  const tags = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  const left: string[] = [];
  let reason: "too-many" | "too-long" | null = null;
  for (const raw of incoming) {
    const tag = raw.trim().normalize("NFC");
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    if (tag.length > TAG_MAX_LENGTH) {
      left.push(tag);
      reason ??= "too-long";
    } else if (tags.length >= max) {
      left.push(tag);
      reason = "too-many";
    } else {
      tags.push(tag);
      seen.add(tag.toLowerCase());
    }
  }
  return { tags, left, reason };
}
