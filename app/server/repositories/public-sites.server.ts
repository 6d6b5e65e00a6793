/**
 * What anonymous visitors may read: a live product, its info and its items, looked up
 * by the id in a public slugId. A stale or missing slug answers 301 to the canonical
 * path, so shared links keep working after a rename.
 */
import { PGlite } from "@electric-sql/pglite";
import { and, eq, getTableColumns, sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { redirect } from "react-router";
import { siteCurrency } from "~/lib/currency";
import { storedOptions, type OptionGroup } from "~/lib/item-options";
import { isLanguageCode, siteLanguage, type LanguageCode } from "~/lib/i18n/languages";
import { storedExtraLanguages } from "./translations.server";
import { CATALOGUES } from "~/lib/i18n/catalogues";
import { normalizeHours } from "~/lib/hours";
import { storedSpecialHours } from "~/lib/special-hours";
import type { PublicWords } from "~/lib/i18n/page-language";
import type { ProductType } from "~/sites/product-types";
import type { NotFoundWords } from "~/sites/site";
import { parseSlugId, publicPath } from "~/lib/slug";
import { customDomainUrl } from "~/lib/custom-domains";
import type { Database } from "../db/client.server";
import {
  bookingSettings,
  items,
  orderSettings,
  productInfo,
  products,
  translations,
} from "../db/schema";
import { orderSettingsFromRow, type OrderSettingsRow } from "../orders/orders.server";
import {
  bookingSettingsFromRow,
  type BookingSettingsRow,
} from "../bookings/booking-settings.server";
import { verifiedDomainColumn } from "../domains/custom-domains.server";
import { PRODUCT_ID_PATTERN } from "../db/ids.server";
import { publicNotFound } from "../pages/public-not-found.server";

/** What a public page reads of a site's info, and of each of its items. */
const SITE_FIELDS = {
  slug: productInfo.slug,
  name: productInfo.name,
  address: productInfo.address,
  contact: productInfo.contact,
  hours: productInfo.hours,
  specialHours: productInfo.specialHours,
  timeZone: productInfo.timeZone,
  colors: productInfo.colors,
  fontStyle: productInfo.fontStyle,
  logoUrl: productInfo.logoUrl,
  bgUrl: productInfo.bgUrl,
  tags: productInfo.tags,
  paypalUsername: productInfo.paypalUsername,
  venmoUsername: productInfo.venmoUsername,
  currency: productInfo.currency,
  language: productInfo.language,
  extraLanguages: productInfo.extraLanguages,
  categoryOrder: productInfo.categoryOrder,
  /** The site's verified domain, or null: its canonical address when it has one. */
  customDomain: verifiedDomainColumn,
} as const;
const ITEM_FIELDS = {
  id: items.id,
  name: items.name,
  priceCents: items.priceCents,
  description: items.description,
  category: items.category,
  star: items.star,
  imageUrl: items.imageUrl,
  tags: items.tags,
  soldOut: items.soldOut,
  soldOutUntil: items.soldOutUntil,
  images: items.images,
  allergens: items.allergens,
  diets: items.diets,
  options: items.options,
} as const;

type SiteRow = Pick<
  typeof productInfo.$inferSelect,
  Exclude<keyof typeof SITE_FIELDS, "customDomain">
> & { customDomain: string | null };
/**
 * What a public page shows of an item; its tags, allergens and diets are checked where they
 * are shown, its options here (by `storedOptions`), once for every use a page makes of them.
 */
export type PublicItemRow = Omit<
  Pick<typeof items.$inferSelect, keyof typeof ITEM_FIELDS>,
  "tags" | "allergens" | "diets" | "options" | "soldOutUntil"
> & {
  /** An ISO text, as the query's JSON writes a timestamp; null when not sold out for today. */
  soldOutUntil: string | null;
  tags: unknown[];
  allergens: unknown[];
  diets: unknown[];
  options: OptionGroup[];
};

/** A table's columns less those named: what a page reads of a settings row. */
function columnsExcept<Columns extends Record<string, Column>, Left extends keyof Columns>(
  columns: Columns,
  left: readonly Left[],
): Omit<Columns, Left> {
  const kept = { ...columns };
  for (const key of left) delete kept[key];
  return kept;
}

/**
 * The order and booking settings the page's ordering and booking lines are made from: read
 * with the site, rather than in a round trip each. Never a booking feed's secret.
 */
const ORDER_SETTINGS_FIELDS = columnsExcept(getTableColumns(orderSettings), [
  "productId",
  "updatedAt",
]);
const BOOKING_SETTINGS_FIELDS = columnsExcept(getTableColumns(bookingSettings), [
  "productId",
  "updatedAt",
  "feedSecret",
]);

const SITE_KEYS = Object.keys(SITE_FIELDS) as Array<keyof SiteRow>;
const ITEM_KEYS = Object.keys(ITEM_FIELDS) as Array<keyof PublicItemRow>;

/** The object whose fields `keys` names, from the values in the same order. */
function fromPositions<T>(keys: ReadonlyArray<keyof T>, values: unknown[]): T {
  const row = {} as Record<keyof T, unknown>;
  keys.forEach((key, index) => (row[key] = values[index]));
  return row as T;
}

/**
 * A settings row from its values in the order of `fields`, or undefined when the site has
 * none. Each value goes through its column's own mapping, as Drizzle reads a row: a
 * timestamp, written by the query's JSON as ISO text, is a Date again.
 */
function settingsRow<Row>(fields: Record<string, Column>, values: unknown): Row | undefined {
  if (!Array.isArray(values)) return undefined;
  const row: Record<string, unknown> = {};
  Object.entries(fields).forEach(([key, column], index) => {
    const value: unknown = values[index];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  });
  return row as Row;
}

/** What each row of the site's query holds: the site, some of its items, or translations. */
const SITE_PART = 0;
const ITEMS_PART = 1;
const TRANSLATIONS_PART = 2;
/**
 * Items and translations per row on PostgreSQL (see `publicSiteQuery`). V8 makes a string of
 * more than 128 KB afresh every time, and one whose text is not all Latin-1 takes two bytes a
 * character: read as one text, the bench's 50-dish menu with its Arabic translations was
 * 112,000 such characters, and turning it into a string and parsing it cost 1.35 ms where four
 * rows of the same cost 0.5 ms. A row this size stays well under 128 KB in any script.
 */
export const ITEMS_PER_ROW = 16;
export const TRANSLATIONS_PER_ROW = 100;

const columns = (fields: Record<string, SQLWrapper>) => sql.join(Object.values(fields), sql`, `);
/** A constant of this module, written into the statement as it is. */
const literal = (value: number) => sql.raw(String(value));

/**
 * The site's items ITEMS_PER_ROW to a row: numbered in the editor's order in a subquery of
 * this name, then grouped by their number, each row's items in that order (compared as
 * numbers rather than as text).
 */
function itemsInRows(siteId: SQL) {
  const numberedItems = alias(items, "numbered_items");
  const numberedItemFields = Object.fromEntries(
    Object.keys(ITEM_FIELDS).map((key) => [key, numberedItems[key as keyof typeof ITEM_FIELDS]]),
  );
  return sql`
    select ${literal(ITEMS_PART)}, (number / ${literal(ITEMS_PER_ROW)})::int, json_agg(json_build_array(${columns(numberedItemFields)}) order by number)::text
    from (
      select ${columns(ITEM_FIELDS)}, row_number() over (order by ${items.name}, ${items.id}) - 1 as number
      from ${items} where ${items.productId} = ${siteId}
    ) as numbered_items
    group by number / ${literal(ITEMS_PER_ROW)}`;
}

/** The site's items in one row (null when it has none), in the editor's order. */
function itemsInOneRow(siteId: SQL) {
  return sql`
    select ${literal(ITEMS_PART)}, 0, (
      select json_agg(json_build_array(${columns(ITEM_FIELDS)}) order by ${items.name}, ${items.id})
      from ${items} where ${items.productId} = ${siteId}
    )::text from site`;
}

/**
 * A group of translations as two arrays, their keys and their texts, in the same order: both
 * aggregates are fed the group's rows one by one, in one order. V8 parses an object of
 * hundreds of keys into a dictionary and walks it with for…in; the two arrays are parsed and
 * put into a map in some 60% of the time (the bench's 706 Spanish texts: 0.12 against 0.21 ms).
 */
const keysAndTexts = (key: SQLWrapper, text: SQLWrapper) =>
  sql`json_build_array(json_agg(${key}), json_agg(${text}))`;

/**
 * The site's translations into the language asked for, TRANSLATIONS_PER_ROW to a row, each
 * row their keys and texts (`keysAndTexts`). They are numbered as read: numbering them by key
 * would sort them.
 */
function translationsInRows(siteId: SQL) {
  return sql`
    select ${literal(TRANSLATIONS_PART)}, row, ${keysAndTexts(sql`key`, sql`text`)}::text
    from (
      select ${translations.key} as key, ${translations.text} as text,
        ((row_number() over () - 1) / ${literal(TRANSLATIONS_PER_ROW)})::int as row
      from ${translations}
      where ${translations.productId} = ${siteId} and ${translations.language} = ${sql.placeholder("language")}
    ) as numbered_translations
    group by row`;
}

/**
 * The site's translations into the language asked for in one row (`keysAndTexts`; two nulls
 * when there are none).
 */
function translationsInOneRow(siteId: SQL) {
  return sql`
    select ${literal(TRANSLATIONS_PART)}, 0, (
      select ${keysAndTexts(translations.key, translations.text)} from ${translations}
      where ${translations.productId} = ${siteId} and ${translations.language} = ${sql.placeholder("language")}
    )::text from site`;
}

/**
 * Every public view runs this, so it is one round trip. Each row is a kind (SITE_PART, ITEMS_PART,
 * TRANSLATIONS_PART), its number among that kind's rows, and one JSON text (or null), in that
 * order:
 * - first, the site's info as an array in the order of SITE_FIELDS, then its order settings
 *   and its booking settings, each an array in the order of its fields, or null when the owner
 *   never saved any; no row at all when no live site of this id and type exists;
 * - its items (by name, then id, as the editor lists them), each an array in the order of
 *   ITEM_FIELDS;
 * - its translations into the language the address asks for, as their keys and their texts
 *   (none for a page in the main language, asked as NO_LANGUAGE).
 * Arrays without repeated keys are what cost least to build in the database and to parse here.
 *
 * `inRows`: the items and translations in rows of a bounded size (`itemsInRows`), else each
 * in one row. PostgreSQL builds the rows for a third of the time it takes over one long list
 * (0.7 against 2.7 ms a view, `pgbench -M prepared`), and the server parses them for less. On
 * PGlite the database's work is the server's own, and numbering the rows costs it more than
 * parsing one text of items saves; the translations in a row of their own are what keep a page
 * in another script from making the items' text two-byte too. Its parameters are the id, the
 * type and that language.
 */
function publicSiteQuery(inRows: boolean): {
  text: string;
  parameterNames: Array<"id" | "type" | "language">;
} {
  const settingsJson = (
    table: typeof orderSettings | typeof bookingSettings,
    fields: Record<string, SQLWrapper>,
  ) =>
    sql`(select json_build_array(${columns(fields)}) from ${table} where ${table.productId} = ${products.id})`;
  const siteId = sql`(select id from site)`;
  const itemRows = inRows ? itemsInRows(siteId) : itemsInOneRow(siteId);
  const translationRows = inRows ? translationsInRows(siteId) : translationsInOneRow(siteId);
  const query = sql`
    with site as (
      select ${products.id} as id, json_build_array(${columns(SITE_FIELDS)}, ${settingsJson(orderSettings, ORDER_SETTINGS_FIELDS)}, ${settingsJson(bookingSettings, BOOKING_SETTINGS_FIELDS)})::text as part
      from ${products} inner join ${productInfo} on ${productInfo.productId} = ${products.id}
      where ${products.id} = ${sql.placeholder("id")} and ${products.type} = ${sql.placeholder("type")} and ${products.exists}
    )
    select ${literal(SITE_PART)} as kind, 0 as row, part from site
    union all ${itemRows}
    union all ${translationRows}
    order by kind, row`;
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const parameterNames = params.map(
    (param) => (param as { name: "id" | "type" | "language" }).name,
  );
  return { text, parameterNames };
}

/** One row of the site's query: its kind, its number among that kind's rows, its JSON text. */
type SitePart = [kind: number, row: number, json: string | null];

/** The rows of a live site of this id and type, with its translations into `language`. */
type PublicSiteReader = (id: string, type: ProductType, language: string) => Promise<SitePart[]>;

/** What a page in the site's main language asks for: a language no translation is in. */
const NO_LANGUAGE = "_";

const STATEMENT_NAME = "public_site";

/** On PostgreSQL: a named statement, which the driver prepares once per connection. */
function postgresReader(pool: pg.Pool): PublicSiteReader {
  const { text, parameterNames } = publicSiteQuery(true);
  return async (id, type, language) => {
    const values = { id, type, language };
    const result = await pool.query<SitePart>({
      name: STATEMENT_NAME,
      text,
      values: parameterNames.map((name) => values[name]),
      rowMode: "array",
    });
    return result.rows;
  };
}

/** A value EXECUTE takes as a literal; only plain ids and type names are ever passed. */
function plainLiteral(value: string): string {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(value)) throw new Error(`Not a plain value: ${value}`);
  return `'${value}'`;
}

/**
 * On PGlite, a statement sent with parameters is parsed and planned on every call, and the
 * planner asks the file system for the size of every relation it reads. PGlite is one
 * session, so the statement is PREPAREd in it once and each view EXECUTEs the stored plan,
 * which halves the query's time. EXECUTE takes no bind parameters: the id, type and language
 * go in as literals, which plainLiteral restricts to letters, digits and underscores, in the
 * order the statement numbers its parameters. Having none, it is sent as a simple query
 * (`exec`): one call into the database, where `query` makes six (parse, describe, bind,
 * describe, execute, sync); the bench's menu is read in 0.80 ms instead of 0.87.
 */
function pgliteReader(client: PGlite): PublicSiteReader {
  const { text, parameterNames } = publicSiteQuery(false);
  let prepared: Promise<unknown> | null = null;
  const prepare = () =>
    (prepared ??= client.exec(`PREPARE ${STATEMENT_NAME} AS ${text}`).catch((error) => {
      prepared = null;
      throw error;
    }));
  const execute = async (id: string, type: ProductType, language: string) => {
    await prepare();
    const values = { id, type, language };
    const literals = parameterNames.map((name) => plainLiteral(values[name])).join(", ");
    const [result] = await client.exec(`EXECUTE ${STATEMENT_NAME}(${literals})`, {
      rowMode: "array",
    });
    return (result?.rows ?? []) as SitePart[];
  };
  return async (id, type, language) => {
    try {
      return await execute(id, type, language);
    } catch (error) {
      // The session lost its statements (DISCARD ALL, say): prepare it again, once.
      if ((error as { code?: string }).code !== "26000") throw error;
      prepared = null;
      return execute(id, type, language);
    }
  };
}

const publicSiteReaders = new WeakMap<Database, PublicSiteReader>();

function publicSiteReader(db: Database): PublicSiteReader {
  let reader = publicSiteReaders.get(db);
  if (!reader) {
    const client = (db as { $client?: unknown }).$client;
    reader = client instanceof PGlite ? pgliteReader(client) : postgresReader(client as pg.Pool);
    publicSiteReaders.set(db, reader);
  }
  return reader;
}

/** Where a public page was asked for, and the portal's own address. */
export interface PublicPageRequest {
  /** The address the page is rendered for (on a custom domain, its host is that domain). */
  url: string;
  publicUrl: string;
  /** Whether custom domains are offered (CUSTOM_DOMAIN_TARGET): when not, none is used. */
  customDomains: boolean;
  /**
   * The further language the address asks for (`/r/{slugId}/es`), if any: the page is then
   * that language's version, at the portal's address; one the site lacks is not found.
   */
  language?: string;
  /** The request's `Accept-Language`: the language of a not-found page at the main address. */
  acceptLanguage?: string | null;
}

/** One of a site's languages, as its pages link to it (the switcher, `hreflang`). */
export interface SiteLanguageLink {
  code: LanguageCode;
  /** Its name in itself ("Español"). */
  name: string;
  tag: string;
  /** Where its version is: a path on this host, or an absolute address on another. */
  href: string;
  /** The absolute address of its version, for search engines. */
  url: string;
  current: boolean;
  /** The hint a visitor who prefers it is shown, in it ("Ver en español"). */
  hint: string;
}

/**
 * The site a public page shows. On the site's verified domain the page is its root (`/`),
 * whatever the slug; at the portal's address a stale slug answers 301 to the current one.
 * Either way its canonical address is the domain's root once it has one.
 */
export async function loadPublicSite(
  db: Database,
  type: ProductType,
  slugId: string,
  notFoundIn: (words: PublicWords) => NotFoundWords,
  request: PublicPageRequest,
) {
  const notFound = () => publicNotFound(notFoundIn, request.language, request.acceptLanguage);
  const { slug, id } = parseSlugId(slugId);
  const asked = request.language;
  // A language no site has is no page; one of them is read with the site, in one query.
  const askable = asked === undefined || isLanguageCode(asked);
  const parts =
    PRODUCT_ID_PATTERN.test(id) && askable
      ? await publicSiteReader(db)(id, type, asked ?? NO_LANGUAGE)
      : [];
  const [siteKind, , siteText] = parts[0] ?? [];
  if (siteKind !== SITE_PART || typeof siteText !== "string") throw notFound();
  const values = JSON.parse(siteText) as unknown[];
  const info = fromPositions<SiteRow>(SITE_KEYS, values);
  const orderSettingsValues = values[SITE_KEYS.length];
  const bookingSettingsValues = values[SITE_KEYS.length + 1];
  const itemRows: unknown[][] = [];
  const translated = new Map<string, string>();
  for (const [kind, , json] of parts) {
    if (json === null) continue;
    if (kind === ITEMS_PART) itemRows.push(...(JSON.parse(json) as unknown[][]));
    else if (kind === TRANSLATIONS_PART) addTranslations(translated, JSON.parse(json));
  }

  const mainLanguage = siteLanguage(info.language).code;
  const extraLanguages = storedExtraLanguages(info.extraLanguages, mainLanguage);
  if (asked !== undefined && !extraLanguages.includes(asked as LanguageCode)) {
    throw notFound();
  }
  const customDomain = request.customDomains ? info.customDomain : null;
  const onOwnDomain =
    asked === undefined && customDomain !== null && new URL(request.url).hostname === customDomain;
  const portalPath = publicPath(type, info.slug, id);
  const suffix = asked === undefined ? "" : `/${asked}`;
  if (!onOwnDomain && slug !== info.slug) throw redirect(`${portalPath}${suffix}`, 301);
  const mainUrl = customDomain
    ? customDomainUrl(request.publicUrl, customDomain)
    : `${request.publicUrl}${portalPath}`;
  const canonicalPath = onOwnDomain ? "/" : `${portalPath}${suffix}`;
  const canonicalUrl = asked === undefined ? mainUrl : `${request.publicUrl}${portalPath}${suffix}`;
  const language = (asked as LanguageCode | undefined) ?? mainLanguage;
  const languageLinks: SiteLanguageLink[] = [mainLanguage, ...extraLanguages].map((code) => {
    const url = code === mainLanguage ? mainUrl : `${request.publicUrl}${portalPath}/${code}`;
    const path = code === mainLanguage ? portalPath : `${portalPath}/${code}`;
    const { name, tag } = siteLanguage(code);
    // On the site's own domain only its root is served: the other versions are the portal's.
    const words = CATALOGUES[code];
    return {
      code,
      name,
      tag,
      url,
      href: onOwnDomain ? url : path,
      current: code === language,
      hint: words.viewInThisLanguage,
    };
  });

  return {
    id,
    /** The page's own path on the host it was asked on: every link and form of the page starts here. */
    canonicalPath,
    /** The absolute address search engines and link previews are given. */
    canonicalUrl,
    /** The current slug (of the portal's address). */
    slug: info.slug,
    name: info.name,
    address: info.address,
    contact: info.contact,
    hours: normalizeHours(info.hours),
    specialHours: storedSpecialHours(info.specialHours),
    timeZone: info.timeZone,
    colors: info.colors,
    fontStyle: info.fontStyle,
    logoUrl: info.logoUrl,
    bgUrl: info.bgUrl,
    /** Shops only: their tags and payment handles (empty for other types). */
    tags: info.tags,
    paypalUsername: info.paypalUsername,
    venmoUsername: info.venmoUsername,
    /** Restaurants and shops: the currency their prices are in. */
    currency: siteCurrency(info.currency),
    /** The language the page speaks: the site's main one, or the further one asked for. */
    language,
    mainLanguage,
    /** Every language of the site, the main one first, for the switcher and `hreflang`. */
    languageLinks,
    /** The owner's translations into the page's language, by text key; none in the main one. */
    translations: translated as ReadonlyMap<string, string>,
    /** Restaurants: the owner's order of their menu's categories (see groupMenu). */
    categoryOrder: Array.isArray(info.categoryOrder)
      ? info.categoryOrder.filter((name): name is string => typeof name === "string")
      : [],
    /** Restaurants and shops: their items by name (none for other types). */
    items: itemRows.map(publicItem),
    /** How it takes orders: the defaults (ordering off) when its owner never saved any. */
    orderSettings: orderSettingsFromRow(
      settingsRow<OrderSettingsRow>(ORDER_SETTINGS_FIELDS, orderSettingsValues),
    ),
    /** How it takes table bookings: the defaults (off) when its owner never saved any. */
    bookingSettings: bookingSettingsFromRow(
      settingsRow<BookingSettingsRow>(BOOKING_SETTINGS_FIELDS, bookingSettingsValues),
    ),
  };
}

/** An item from its values in the order of ITEM_FIELDS, its stored options checked. */
function publicItem(values: unknown[]): PublicItemRow {
  const item = fromPositions<PublicItemRow>(ITEM_KEYS, values);
  item.options = storedOptions(item.options);
  return item;
}

/** A row of the site's translations, its keys and its texts (`keysAndTexts`), into `texts`. */
function addTranslations(texts: Map<string, string>, row: unknown): void {
  const [keys, values] = row as [unknown[] | null, unknown[] | null];
  if (!keys || !values) return;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    const text = values[index];
    if (typeof key === "string" && typeof text === "string") texts.set(key, text);
  }
}

/** The current public path of a live site of this type, or null (for QR codes and the like). */
export async function canonicalPublicPath(
  db: Database,
  type: ProductType,
  productId: string,
): Promise<string | null> {
  if (!PRODUCT_ID_PATTERN.test(productId)) return null;
  const [row] = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.type, type), sql`${products.exists}`));
  return row ? publicPath(type, row.slug, productId) : null;
}
