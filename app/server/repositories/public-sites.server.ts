/**
 * What anonymous visitors may read: a live product, its info and its items, looked up
 * by the id in a public slugId. A stale or missing slug answers 301 to the canonical
 * path, so shared links keep working after a rename.
 */
import { PGlite } from "@electric-sql/pglite";
import { and, asc, eq, getTableColumns, sql, type Column, type SQLWrapper } from "drizzle-orm";
import { redirect } from "react-router";
import { siteCurrency } from "~/lib/currency";
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
 * What a public page shows of an item; its tags, allergens, diets and options are checked
 * where they are shown (options by `storedOptions`).
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
  options: unknown;
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

/**
 * Every public view runs this, so it is one round trip: the site's info, then its items (by
 * name, then id, as the editor lists them), as one JSON text of arrays in the order of
 * SITE_FIELDS and ITEM_FIELDS. One text without repeated keys is what costs least to build
 * in the database and to parse here, on embedded PGlite, where both run on the server's own
 * thread, as on PostgreSQL. Then the site's translations into the language the address asks
 * for, as one object by text key (none for a page in the main language, asked as
 * NO_LANGUAGE); last, its order settings and booking settings, each an array in the order of
 * its fields, or null when the owner never saved any. Its parameters are the id, the type and
 * that language.
 */
function publicSiteSelect(db: Database) {
  const columns = (fields: Record<string, SQLWrapper>) => sql.join(Object.values(fields), sql`, `);
  const itemsJson = sql`(
    select json_agg(json_build_array(${columns(ITEM_FIELDS)}) order by ${asc(items.name)}, ${asc(items.id)})
    from ${items} where ${items.productId} = ${products.id}
  )`;
  const translationsJson = sql`(
    select json_object_agg(${translations.key}, ${translations.text})
    from ${translations}
    where ${translations.productId} = ${products.id}
      and ${translations.language} = ${sql.placeholder("language")}
  )`;
  const settingsJson = (
    table: typeof orderSettings | typeof bookingSettings,
    fields: Record<string, SQLWrapper>,
  ) =>
    sql`(select json_build_array(${columns(fields)}) from ${table} where ${table.productId} = ${products.id})`;
  return db
    .select({
      site: sql<string>`json_build_array(${columns(SITE_FIELDS)}, ${itemsJson}, ${translationsJson}, ${settingsJson(orderSettings, ORDER_SETTINGS_FIELDS)}, ${settingsJson(bookingSettings, BOOKING_SETTINGS_FIELDS)})::text`,
    })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(
        eq(products.id, sql.placeholder("id")),
        eq(products.type, sql.placeholder("type")),
        sql`${products.exists}`,
      ),
    );
}

/** The JSON text of a live site of this id and type, with its translations into `language`. */
type PublicSiteReader = (
  id: string,
  type: ProductType,
  language: string,
) => Promise<string | undefined>;

/** What a page in the site's main language asks for: a language no translation is in. */
const NO_LANGUAGE = "_";

const STATEMENT_NAME = "public_site";

/** On PostgreSQL: a named statement, which the driver prepares once per connection. */
function postgresReader(db: Database): PublicSiteReader {
  const prepared = publicSiteSelect(db).prepare(STATEMENT_NAME);
  return async (id, type, language) => (await prepared.execute({ id, type, language }))[0]?.site;
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
 * order the statement numbers its parameters.
 */
function pgliteReader(client: PGlite, db: Database): PublicSiteReader {
  const { sql: statement, params } = publicSiteSelect(db).toSQL();
  const order = params.map((param) => (param as { name: "id" | "type" | "language" }).name);
  let prepared: Promise<unknown> | null = null;
  const prepare = () =>
    (prepared ??= client.exec(`PREPARE ${STATEMENT_NAME} AS ${statement}`).catch((error) => {
      prepared = null;
      throw error;
    }));
  const execute = async (id: string, type: ProductType, language: string) => {
    await prepare();
    const values = { id, type, language };
    const literals = order.map((name) => plainLiteral(values[name])).join(", ");
    const { rows } = await client.query<[string]>(`EXECUTE ${STATEMENT_NAME}(${literals})`, [], {
      rowMode: "array",
    });
    return rows[0]?.[0];
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
    reader = client instanceof PGlite ? pgliteReader(client, db) : postgresReader(db);
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
  const text =
    PRODUCT_ID_PATTERN.test(id) && askable
      ? await publicSiteReader(db)(id, type, asked ?? NO_LANGUAGE)
      : undefined;
  if (text === undefined) throw notFound();
  const values = JSON.parse(text) as unknown[];
  const info = fromPositions<SiteRow>(SITE_KEYS, values);
  const itemRows = (values[SITE_KEYS.length] ?? []) as unknown[][];
  const translated = (values[SITE_KEYS.length + 1] ?? {}) as Record<string, unknown>;
  const orderSettingsValues = values[SITE_KEYS.length + 2];
  const bookingSettingsValues = values[SITE_KEYS.length + 3];

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
    translations: translationsOf(translated),
    /** Restaurants: the owner's order of their menu's categories (see groupMenu). */
    categoryOrder: Array.isArray(info.categoryOrder)
      ? info.categoryOrder.filter((name): name is string => typeof name === "string")
      : [],
    /** Restaurants and shops: their items by name (none for other types). */
    items: itemRows.map((values) => fromPositions<PublicItemRow>(ITEM_KEYS, values)),
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

/** The translations the site's query gave, by key (a plain loop: a menu may have hundreds). */
function translationsOf(values: Record<string, unknown>): ReadonlyMap<string, string> {
  const texts = new Map<string, string>();
  for (const key in values) {
    const text = values[key];
    if (typeof text === "string") texts.set(key, text);
  }
  return texts;
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
