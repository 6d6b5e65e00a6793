/**
 * A site's texts and their translations as a CSV file, for a translator: one row per text
 * (its key, what it is, the main language's text), one column per further language. An
 * import reads the further languages' columns back: every row is checked first, and a file
 * with any error changes nothing; an empty cell removes a translation, so importing the same
 * file twice changes nothing the second time. The main language's column is for reading
 * only: the texts themselves are edited in the editor.
 */
import Papa from "papaparse";
import { siteLanguage, type LanguageCode } from "~/lib/i18n/languages";
import { languageWords } from "~/lib/i18n/portal/languages";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { textLabel, type TranslatableText } from "~/lib/i18n/translatable-texts";
import { cleanCell, decodeCsv, delimiterOf, toCsv } from "./items-csv.server";

/** A file of every text of a 50-item menu in four languages fits. */
export const TRANSLATIONS_CSV_MAX_BYTES = 1024 * 1024;

const KEY_COLUMN = "key";
const WHAT_COLUMN = "text";

/** Bidi embedding, override and isolate controls: they could turn a page's text around. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** A translation as it is stored: without direction controls, trimmed. */
export function cleanTranslation(text: string): string {
  return text.replace(BIDI_CONTROLS, "").trim();
}

export function translationsToCsv(
  texts: readonly TranslatableText[],
  main: LanguageCode,
  languages: readonly LanguageCode[],
  translations: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string {
  return toCsv(
    [KEY_COLUMN, WHAT_COLUMN, main, ...languages],
    texts.map((text) => [
      text.key,
      textLabel(text),
      text.source,
      ...languages.map((code) => translations.get(code)?.get(text.key) ?? ""),
    ]),
  );
}

export type TranslationEntries = Map<
  LanguageCode,
  Array<{ text: TranslatableText; translation: string }>
>;

export type ParsedTranslations =
  { ok: true; entries: TranslationEntries } | { ok: false; errors: string[] };

/**
 * Reads a file of translations for a site with these texts and languages: every row checked,
 * none written. Errors name the row as a spreadsheet numbers it (the header is row 1).
 */
export function parseTranslationsCsv(
  input: Uint8Array | string,
  texts: readonly TranslatableText[],
  main: LanguageCode,
  languages: readonly LanguageCode[],
): ParsedTranslations {
  const decoded = decodeCsv(input, {
    bytes: TRANSLATIONS_CSV_MAX_BYTES,
    of: languageWords.fileOf,
  });
  if ("error" in decoded) return { ok: false, errors: [decoded.error] };
  const records = Papa.parse<string[]>(decoded.text, {
    delimiter: delimiterOf(decoded.text),
    skipEmptyLines: false,
  }).data;
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const expected = fill(languageWords.expectedColumns, {
    columns: [KEY_COLUMN, WHAT_COLUMN, main, ...languages].join(", "),
  });
  if (!header.includes(KEY_COLUMN)) {
    return { ok: false, errors: [fill(languageWords.noKeyColumn, { expected })] };
  }
  const known = new Set<string>([KEY_COLUMN, WHAT_COLUMN, main, ...languages]);
  const unknown = header.filter((column) => column !== "" && !known.has(column));
  if (unknown.length) {
    const columns = unknown
      .map((column) => fill(languageWords.quotedColumn, { column }))
      .join(", ");
    return {
      ok: false,
      errors: [portalPlural(languageWords.unknownColumns, unknown.length, { columns, expected })],
    };
  }
  const repeated = header.filter((column, index) => column && header.indexOf(column) !== index);
  if (repeated.length) {
    return { ok: false, errors: [fill(languageWords.columnTwice, { column: repeated[0]! })] };
  }
  const columns = languages.flatMap((code) => {
    const index = header.indexOf(code);
    return index === -1 ? [] : [{ code, index }];
  });
  if (columns.length === 0) {
    return { ok: false, errors: [fill(languageWords.noLanguageColumn, { expected })] };
  }

  const byKey = new Map(texts.map((text) => [text.key, text]));
  const keyIndex = header.indexOf(KEY_COLUMN);
  const entries: TranslationEntries = new Map(columns.map(({ code }) => [code, []]));
  const errors: string[] = [];
  const seen = new Set<string>();
  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell.trim() === "")) return;
    const key = cleanCell(record[keyIndex]);
    const text = byKey.get(key);
    if (!text) {
      errors.push(fill(languageWords.unknownKey, { row, key }));
      return;
    }
    if (seen.has(key)) {
      errors.push(fill(languageWords.keyTwice, { row, key }));
      return;
    }
    seen.add(key);
    for (const { code, index: column } of columns) {
      const translation = cleanTranslation(cleanCell(record[column]));
      if (translation.length > text.maxLength) {
        errors.push(
          fill(languageWords.rowTooLong, {
            row,
            language: siteLanguage(code).englishName,
            max: text.maxLength,
          }),
        );
        continue;
      }
      entries.get(code)!.push({ text, translation });
    }
  });
  if (records.length < 2) errors.push(languageWords.noRows);
  return errors.length ? { ok: false, errors } : { ok: true, entries };
}

/** "harbor-kitchen-translations.csv". */
export function translationsFileName(slug: string): string {
  return fill(languageWords.fileName, { site: slug || languageWords.fileNameNoSlug });
}
