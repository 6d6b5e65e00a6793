/**
 * Filling a catalogue's text and choosing a plural's: no catalogue here, so that the public
 * pages' small browser scripts can use them with words the page hands them.
 */

/** One text per plural category the language uses; "other" always. */
export type PluralWords = { other: string } & Partial<
  Record<Exclude<Intl.LDMLPluralRule, "other">, string>
>;

/** A text with its `{name}` slots filled; a slot without a value is left as it is. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}

/**
 * The plural's text for `count` in the language `tag`, filled with `values` and the count
 * as the language writes numbers (`{count}`).
 */
export function pluralText(
  words: PluralWords,
  tag: string,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const format = languageFormats(tag);
  const text = words[format.rules.select(count)] ?? words.other;
  return fill(text, { count: format.number.format(count), ...values });
}

/** A language's plural rules and its way of writing numbers. */
export interface LanguageFormats {
  rules: Intl.PluralRules;
  number: Intl.NumberFormat;
}

/**
 * A language's formats, made once per language tag: building them costs more than using
 * them, and a page uses one language (the tags come from the portal's own list).
 */
export function languageFormats(tag: string): LanguageFormats {
  let format = formats.get(tag);
  if (!format) {
    format = { rules: new Intl.PluralRules(tag), number: new Intl.NumberFormat(tag) };
    formats.set(tag, format);
  }
  return format;
}

const formats = new Map<string, LanguageFormats>();
