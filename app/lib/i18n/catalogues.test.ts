import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHOICE_RULE_KEYS } from "../item-options";
import { DIETARY_WORD_KEYS } from "./dietary-words";
import { CATALOGUES, pageLanguage } from "./catalogues";
import { LANGUAGE_CODES, SITE_LANGUAGES } from "./languages";
import { ENGLISH, type PluralWords } from "./page-language";
import { en } from "./words/en";

const ENGLISH_KEYS = Object.keys(en).sort();

/** The `{slots}` of a text, sorted. */
const slotsOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every source file of the app but the catalogues and the tests. */
function appSources(dir = "app"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return path.endsWith(join("i18n", "words")) ? [] : appSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the catalogues", () => {
  it("has one for each language offered", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(SITE_LANGUAGES.map((language) => language.code)).toEqual([...LANGUAGE_CODES]);
  });

  for (const code of LANGUAGE_CODES) {
    describe(code, () => {
      const words = CATALOGUES[code] as unknown as Record<string, unknown>;
      const tag = pageLanguage(code).language.tag;

      it("has every key English has, and no other", () => {
        expect(Object.keys(words).sort()).toEqual(ENGLISH_KEYS);
      });

      it("keeps every text's slots, and fills no text with nothing", () => {
        for (const key of ENGLISH_KEYS) {
          const english = (en as Record<string, unknown>)[key];
          const own = words[key];
          if (typeof english === "boolean") {
            expect(typeof own, key).toBe("boolean");
          } else if (typeof english === "string") {
            expect(typeof own, key).toBe("string");
            expect((own as string).trim(), key).not.toBe("");
            expect(slotsOf(own as string), key).toEqual(slotsOf(english));
          } else {
            const forms = own as PluralWords;
            const needed = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
            // Every category the language's numbers fall in, and none it never uses.
            expect(Object.keys(forms).sort(), key).toEqual([...needed].sort());
            for (const text of Object.values<string>(forms)) {
              expect(slotsOf(text), key).toEqual(slotsOf((english as PluralWords).other));
            }
          }
        }
      });

      it("gives every allergen and diet an icon of its own, of one to three characters", () => {
        const icons = Object.entries(words)
          .filter(([key]) => key.startsWith("icon"))
          .map(([, icon]) => icon as string);
        expect(icons).toHaveLength(20);
        expect(new Set(icons).size).toBe(icons.length);
        for (const icon of icons) expect([...icon].length).toBeLessThanOrEqual(3);
      });
    });
  }

  it("uses every key English has somewhere in the app", () => {
    const sources = appSources()
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    const dynamic = new Set<string>([...DIETARY_WORD_KEYS, ...CHOICE_RULE_KEYS]);
    const unused = ENGLISH_KEYS.filter(
      (key) => !dynamic.has(key) && !new RegExp(`\\bwords\\.${key}\\b`).test(sources),
    );
    expect(unused).toEqual([]);
    // The dietary labels' keys are made from the lists' keys: each must exist.
    for (const key of DIETARY_WORD_KEYS) expect(ENGLISH_KEYS).toContain(key);
    // So are an option group's rules' (choiceRuleKey).
    for (const key of CHOICE_RULE_KEYS) expect(ENGLISH_KEYS).toContain(key);
  });

  it("falls back to English for a code it does not know", () => {
    expect(pageLanguage("xx")).toBe(pageLanguage("en"));
    expect(pageLanguage(undefined).words).toBe(ENGLISH.words);
  });
});
