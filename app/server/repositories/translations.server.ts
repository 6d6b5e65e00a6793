/**
 * A site's further languages and the owner's translations into them
 * (app/lib/i18n/translatable-texts.ts says what is translated and under which key). Callers
 * pass a product already checked by `requireSite`; each write runs in one
 * transaction that locks the site's info row, so two tabs adding languages at once cannot
 * pass the limit, and invalidates the site's cached pages.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { isLanguageCode, type LanguageCode } from "~/lib/i18n/languages";
import { MAX_EXTRA_LANGUAGES, type TranslatableText } from "~/lib/i18n/translatable-texts";
import type { Database } from "../db/client.server";
import { productInfo, translations } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";

/** A stored list (jsonb, so anything) as the listed codes it holds, each once, in order. */
export function storedExtraLanguages(value: unknown, main: string): LanguageCode[] {
  if (!Array.isArray(value)) return [];
  const codes = value.filter((code): code is LanguageCode => isLanguageCode(code) && code !== main);
  return [...new Set(codes)].slice(0, MAX_EXTRA_LANGUAGES);
}

/** The translations of a site into one language, by text key. */
export async function loadTranslations(
  db: Database,
  productId: string,
  language: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: translations.key, text: translations.text })
    .from(translations)
    .where(and(eq(translations.productId, productId), eq(translations.language, language)));
  return new Map(rows.map((row) => [row.key, row.text]));
}

/** Every translation of a site, by language, then key. */
export async function loadAllTranslations(
  db: Database,
  productId: string,
): Promise<Map<string, Map<string, string>>> {
  const rows = await db
    .select({ language: translations.language, key: translations.key, text: translations.text })
    .from(translations)
    .where(eq(translations.productId, productId));
  const byLanguage = new Map<string, Map<string, string>>();
  for (const row of rows) {
    let texts = byLanguage.get(row.language);
    if (!texts) byLanguage.set(row.language, (texts = new Map<string, string>()));
    texts.set(row.key, row.text);
  }
  return byLanguage;
}

export type LanguageChangeRefusal = "limit" | "main" | "unknown" | "missing";

/** The site's info row, locked for the rest of the transaction. */
async function lockedLanguages(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ language: productInfo.language, extra: productInfo.extraLanguages })
    .from(productInfo)
    .where(eq(productInfo.productId, id))
    .for("update");
  return row ? { main: row.language, extra: storedExtraLanguages(row.extra, row.language) } : null;
}

/** Adds a further language (last in the list); a second add of the same one changes nothing. */
export async function addExtraLanguage(
  events: Events,
  productId: string,
  language: string,
): Promise<LanguageChangeRefusal | null> {
  if (!isLanguageCode(language)) return "unknown";
  return events.transaction(async (tx, changes) => {
    const row = await lockedLanguages(tx, productId);
    if (!row) return "missing";
    if (language === row.main) return "main";
    if (row.extra.includes(language)) return null;
    if (row.extra.length >= MAX_EXTRA_LANGUAGES) return "limit";
    await tx
      .update(productInfo)
      .set({ extraLanguages: [...row.extra, language] })
      .where(eq(productInfo.productId, productId));
    changes.product(productId);
    return null;
  });
}

/** Removes a further language and its translations. */
export async function removeExtraLanguage(
  events: Events,
  productId: string,
  language: string,
): Promise<void> {
  await events.transaction(async (tx, changes) => {
    const row = await lockedLanguages(tx, productId);
    if (!row) return;
    await tx
      .update(productInfo)
      .set({ extraLanguages: row.extra.filter((code) => code !== language) })
      .where(eq(productInfo.productId, productId));
    await tx
      .delete(translations)
      .where(and(eq(translations.productId, productId), eq(translations.language, language)));
    changes.product(productId);
  });
}

/**
 * Saves translations into one or more of the site's further languages, in one transaction:
 * each given text replaces the stored one, an empty one removes it; texts not given stay as
 * they are. Returns false, and saves nothing, when a language is not one of the site's
 * further languages (it may have been removed meanwhile).
 */
export async function saveTranslations(
  events: Events,
  productId: string,
  byLanguage: ReadonlyMap<string, ReadonlyArray<{ text: TranslatableText; translation: string }>>,
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const row = await lockedLanguages(tx, productId);
    if (!row) return false;
    const languages = [...byLanguage.keys()];
    if (!languages.every((code) => row.extra.includes(code as LanguageCode))) return false;
    for (const [language, entries] of byLanguage) {
      const keys = entries.map((entry) => entry.text.key);
      if (keys.length) {
        await tx
          .delete(translations)
          .where(
            and(
              eq(translations.productId, productId),
              eq(translations.language, language),
              inArray(translations.key, keys),
            ),
          );
      }
      const rows = entries
        .filter((entry) => entry.translation !== "")
        .map((entry) => ({
          productId,
          language,
          key: entry.text.key,
          itemId: entry.text.itemId,
          text: entry.translation,
          updatedAt: sql`now()`,
        }));
      if (rows.length) await tx.insert(translations).values(rows);
    }
    changes.product(productId);
    return true;
  });
}
