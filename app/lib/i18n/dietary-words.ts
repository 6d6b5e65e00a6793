/**
 * Allergens and diets in a public page's language: each label's words and icon, and the
 * filter's phrases ("No milk"). The lists and their keys are ../dietary.ts; the portal, which
 * is in English, shows the lists' own words and never loads this.
 */
import { allergenOf, ALLERGENS, dietOf, DIETS, type DietaryLabel } from "../dietary";
import type { PageLanguage, PublicWords } from "./page-language";
import { fill } from "./text";

/** "tree-nuts" as the catalogue's keys spell it: "TreeNuts". */
function wordKeyOf(key: string): string {
  return key.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());
}

/** Each label's words on a page, and its name inside a sentence. */
interface PageLabels {
  labels: Map<string, DietaryLabel>;
  inSentence: Map<string, string>;
}

/** Worked out once per language: a menu asks for them for every dish of every view. */
const pageLabels = new WeakMap<PageLanguage, PageLabels>();

function labelsOf(page: PageLanguage): PageLabels {
  let found = pageLabels.get(page);
  if (found) return found;
  const words = page.words as unknown as Record<string, string | undefined>;
  const labels = new Map<string, DietaryLabel>();
  const inSentence = new Map<string, string>();
  for (const [kind, list] of [
    ["allergen", ALLERGENS],
    ["diet", DIETS],
  ] as const) {
    for (const entry of list) {
      const name = wordKeyOf(entry.key);
      const label = words[`${kind}${name}`] ?? entry.label;
      labels.set(entry.key, { key: entry.key, label, icon: words[`icon${name}`] ?? entry.icon });
      const lower = page.words.lowercaseNamesInSentences;
      inSentence.set(entry.key, lower ? label.toLocaleLowerCase(page.language.tag) : label);
    }
  }
  found = { labels, inSentence };
  pageLabels.set(page, found);
  return found;
}

/**
 * A label as a public page shows it, in the page's language: its words and its icon. (The
 * editor, which is in English, shows the lists' own.)
 */
export function pageLabel(entry: DietaryLabel, page: PageLanguage): DietaryLabel {
  return labelsOf(page).labels.get(entry.key) ?? entry;
}

/** An allergen's name inside a sentence: "Contains milk", but German "Enthält Milch". */
export function allergenInSentence(entry: DietaryLabel, page: PageLanguage): string {
  return labelsOf(page).inSentence.get(entry.key) ?? entry.label;
}

/** A filter choice to leave something out: "No milk", "Not spicy". */
export function avoidLabel(key: string, page: PageLanguage): string {
  const entry = allergenOf(key) ?? dietOf(key);
  if (!entry) return key;
  const { words } = page;
  return key === "spicy"
    ? words.notSpicy
    : fill(words.withoutAllergen, { allergen: allergenInSentence(entry, page) });
}

/** The catalogue keys the labels' words are read by: every one must exist (app/lib/i18n/catalogues.test.ts). */
export const DIETARY_WORD_KEYS: ReadonlyArray<keyof PublicWords> = [
  ...ALLERGENS.flatMap((a) => [`allergen${wordKeyOf(a.key)}`, `icon${wordKeyOf(a.key)}`]),
  ...DIETS.flatMap((d) => [`diet${wordKeyOf(d.key)}`, `icon${wordKeyOf(d.key)}`]),
] as Array<keyof PublicWords>;
