/**
 * The portal's language, in one place: its catalogues (./portal/*.ts) are English today, and
 * the day the portal follows the public pages into other languages, this is what changes.
 */
import { pluralText, type PluralWords } from "./text";

export const PORTAL_LANGUAGE_TAG = "en";

/** A portal catalogue's plural for `count`, filled as `pluralText` fills it. */
export function portalPlural(
  words: PluralWords,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return pluralText(words, PORTAL_LANGUAGE_TAG, count, values);
}

const PORTAL_NUMBER = new Intl.NumberFormat(PORTAL_LANGUAGE_TAG);

/** A number as the portal's language writes it ("1,234"). */
export function portalNumber(value: number): string {
  return PORTAL_NUMBER.format(value);
}
