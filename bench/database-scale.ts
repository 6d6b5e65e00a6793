/**
 * Database time of a public page at scale: PostgreSQL holding 100,000 sites and 5,000,000
 * items, and the restaurant and shop pages' queries timed through the app's own functions.
 *
 * The small benchmark databases fit in shared buffers whatever the queries do; this one is
 * far bigger (about 2 GB, the items table alone 1.5 GB, against PostgreSQL's default 128 MB
 * of shared buffers), and the pages asked for are spread uniformly over all the sites, so
 * most requests have to fetch their rows from outside PostgreSQL's cache, as on a busy real
 * server. Only a sound plan (index lookups touching a few dozen pages) stays fast then.
 *
 * The data is made by set-based SQL inside PostgreSQL (INSERT … SELECT FROM
 * generate_series): five million rows sent one by one from Node would take hours, and the
 * app's write paths check limits and send notifications that say nothing about read time.
 * The schema itself is the app's: it comes from its migrations, and whatever is dropped to
 * speed up the load is rebuilt from the catalog's own definitions and checked afterwards.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { inspect } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { MAX_ITEMS_PER_PRODUCT, MAX_PRODUCTS_PER_USER } from "~/lib/limits";
import { siteOf } from "~/sites";
import type { ProductType } from "~/sites/product-types";
import { publicPath, slugify } from "~/lib/slug";
import { openPostgres, type Database, type DatabaseHandle } from "~/server/db/client.server";
import { schema } from "~/server/db/schema";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import { dropDatabase, recreateDatabase } from "./postgres";

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

export interface DatabaseScaleReport {
  products: number;
  items: number;
  generateSeconds: number;
  restaurant: LatencySummary;
  shop: LatencySummary;
}

/**
 * What generating the data needs of a connection: node-postgres's client, or PGlite
 * (bench/pglite-scale.ts loads the same data into the embedded database).
 */
export interface SqlSession {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface DatabaseScaleOptions {
  /** Sites to create, half restaurants and half shops (default 100,000). */
  products?: number;
  /** Items per site (default 50, the most a site may hold). */
  itemsPerProduct?: number;
  /** Timed page loads per page type (default 2,000). */
  samples?: number;
  log?: (line: string) => void;
}

/** Only databases named site_builder_bench… are ever created or dropped by the benchmark. */
const DATABASE_NAME = "site_builder_bench_scale";

const WARMUP_CALLS = 100;

/** A fixed seed, so two runs ask for the same pages (given the same sizes). */
const RANDOM_SEED = 20_260_101;

export async function measureDatabaseScale(
  serverUrl: string,
  options: DatabaseScaleOptions = {},
): Promise<DatabaseScaleReport> {
  const productCount = options.products ?? 100_000;
  const itemsPerProduct = options.itemsPerProduct ?? MAX_ITEMS_PER_PRODUCT;
  const samples = options.samples ?? 2_000;
  const log = (line: string) => options.log?.(`database-scale: ${line}`);
  // Two sites at least, so that there is one of each type.
  assertInteger("products", productCount, 2, 10_000_000);
  // The app never lets a site hold more than MAX_ITEMS_PER_PRODUCT items.
  assertInteger("itemsPerProduct", itemsPerProduct, 1, MAX_ITEMS_PER_PRODUCT);
  assertInteger("samples", samples, 1, 10_000_000);

  if (decodeURIComponent(new URL(serverUrl).pathname.slice(1)) === DATABASE_NAME) {
    throw new Error(`Connect through another database than ${DATABASE_NAME}: it is dropped.`);
  }

  let handle: DatabaseHandle | undefined;
  let direct: pg.Client | undefined;
  try {
    const generateStart = performance.now();
    // Always from scratch: a database left by an interrupted run may be half-loaded.
    const benchUrl = await recreateDatabase(serverUrl, DATABASE_NAME);
    handle = openPostgres(benchUrl);
    await handle.migrate();
    // One plain connection for the bulk load, the checks and EXPLAIN: its session settings
    // (memory for index builds) stay out of the pool that the timed calls use.
    direct = new pg.Client({ connectionString: benchUrl });
    await direct.connect();
    await generateData(direct, productCount, itemsPerProduct, log);
    const generateSeconds = (performance.now() - generateStart) / 1000;
    log(`generated in ${generateSeconds.toFixed(1)} s`);
    await logSizes(direct, log);

    const sites = await readSites(direct);
    const random = mulberry32(RANDOM_SEED);
    const pick = (type: ProductType): Site => {
      const list = sites[type];
      return list[Math.floor(random() * list.length)]!;
    };

    await explainPageQueries(direct, pick("restaurant"), pick("restaurant"), log);
    await explainPageQueries(direct, pick("shoppy"), pick("shoppy"), log);

    const { db } = handle;
    const types: ProductType[] = ["restaurant", "shoppy"];
    log(`warming up with ${WARMUP_CALLS} page loads`);
    // Opens the pool's connections and lets V8 compile the code paths; the sites are random
    // ones, like the timed ones, so the warm-up does not warm the cache for them.
    for (let call = 0; call < WARMUP_CALLS; call++) {
      const type = types[call % 2]!;
      await timePageLoad(db, pick(type), itemsPerProduct);
    }

    // The machine's load is part of the result: other processes on it lengthen the tail.
    const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? "?";
    log(`timing ${samples} loads of each page type (load average ${loadAverage()})`);
    const timings: Record<"restaurant" | "shoppy", number[]> = { restaurant: [], shoppy: [] };
    // Alternating the two types, so a slow phase of the machine (a checkpoint, another
    // process) falls on both rather than on whichever ran at the time.
    for (let call = 0; call < samples * 2; call++) {
      const type = call % 2 === 0 ? "restaurant" : "shoppy";
      timings[type].push(await timePageLoad(db, pick(type), itemsPerProduct));
      if ((call + 1) % 1000 === 0) log(`  ${call + 1} / ${samples * 2} loads`);
    }

    const report: DatabaseScaleReport = {
      products: productCount,
      items: productCount * itemsPerProduct,
      generateSeconds: round(generateSeconds, 1),
      restaurant: summarize(timings.restaurant),
      shop: summarize(timings.shoppy),
    };
    log(`timed (load average ${loadAverage()}, ${os.cpus().length} CPUs)`);
    log(`restaurant ${describeSummary(report.restaurant)}`);
    log(`shop       ${describeSummary(report.shop)}`);
    return report;
  } finally {
    await direct?.end().catch(() => {});
    await handle?.close().catch(() => {});
    // The database takes a few GB of disk and its data is cheap to make again.
    await dropDatabase(serverUrl, DATABASE_NAME).catch((error: unknown) =>
      log(`could not drop ${DATABASE_NAME}: ${String(error)}`),
    );
  }
}

// ---------------------------------------------------------------------------------------
// Generating the data

/*
 * Everything below is deterministic: the n-th site or item always gets the same id, name,
 * price and so on, derived in SQL from its series number (md5 for ids, hashint8 for the
 * choices). Ids are the first 20 hex digits of an md5: the app's ids are 20 letters and
 * digits (createId), and what matters for the indexes is their length and randomness.
 */

const RESTAURANT_FIRST = [
  "Golden",
  "Blue Door",
  "Little",
  "Old Town",
  "Rosa's",
  "Corner",
  "Harbor",
  "Green Olive",
  "Red Lantern",
  "Lucky",
  "Café Luna",
  "Sunny Side",
  "Twin Oaks",
  "Saffron",
  "Copper Pot",
  "Mama Mia",
];
const RESTAURANT_KIND = [
  "Kitchen",
  "Bistro",
  "Diner",
  "Grill",
  "Trattoria",
  "Noodle House",
  "Taqueria",
  "Bakery & Café",
  "Pizzeria",
  "Brasserie",
  "Kitchen & Bar",
  "Tavern",
];
const SHOP_FIRST = [
  "Maple",
  "Northside",
  "Juniper",
  "Harbour",
  "Willow & Co.",
  "Paper Crane",
  "Little Fox",
  "Salt & Pine",
  "Oak Street",
  "Bramble",
  "Tiny Tiger",
  "Indigo",
];
const SHOP_KIND = ["Goods", "Supply", "Store", "Market", "Trading Co.", "Boutique", "Studio"];

/** Dishes with their menu category; a menu takes 25 of them in two styles (see ITEM_SQL). */
const DISHES: Array<[name: string, category: string]> = [
  ["Garlic Bread", "Starters"],
  ["Tomato Soup", "Starters"],
  ["Crispy Calamari", "Starters"],
  ["Chicken Wings", "Starters"],
  ["Bruschetta", "Starters"],
  ["Caesar Salad", "Salads"],
  ["Greek Salad", "Salads"],
  ["Beet & Goat Cheese Salad", "Salads"],
  ["Cheeseburger", "Mains"],
  ["Mushroom Risotto", "Mains"],
  ["Grilled Salmon", "Mains"],
  ["Chicken Curry", "Mains"],
  ["Fish Tacos", "Mains"],
  ["Steak Frites", "Mains"],
  ["Margherita Pizza", "Pizza"],
  ["Pepperoni Pizza", "Pizza"],
  ["Spaghetti Carbonara", "Pasta"],
  ["Penne Arrabbiata", "Pasta"],
  ["Chocolate Cake", "Desserts"],
  ["Lemon Tart", "Desserts"],
  ["Tiramisù", "Desserts"],
  ["Fresh Lemonade", "Drinks"],
  ["Iced Tea", "Drinks"],
  ["Espresso", "Drinks"],
  ["Craft Beer", "Drinks"],
];
const DISH_STYLES = ["House", "Classic", "Chef's", "Homestyle", "Seasonal", "Grandma's"];
const DISH_DESCRIPTIONS = [
  "Made in house every morning",
  "Slow-cooked for six hours",
  "A favourite since we opened",
  "With herbs from our garden",
  "Seasoned with smoked paprika",
  "Finished with extra virgin olive oil",
  "Served warm",
  "Baked to order",
];
const DISH_SIDES = [
  "with a side salad.",
  "with fries or greens.",
  "with sourdough bread.",
  "and a lemon wedge.",
  "with our house sauce.",
  "(vegetarian on request).",
];

const GOODS = [
  "Canvas Tote",
  "Leather Wallet",
  "Ceramic Mug",
  "Linen Apron",
  "Scented Candle",
  "Wool Scarf",
  "Notebook Set",
  "Brass Pen",
  "Plant Pot",
  "Cotton Socks",
  "Travel Pouch",
  "Tea Towel",
  "Wooden Spoon",
  "Glass Vase",
  "Photo Frame",
  "Throw Pillow",
  "Olive Oil Soap",
  "Enamel Pin",
  "Art Print",
  "Beeswax Wraps",
  "Knit Beanie",
  "Desk Lamp",
  "Cutting Board",
  "Water Bottle",
  "Jigsaw Puzzle",
];
const GOODS_STYLES = ["Handmade", "Vintage", "Everyday", "Organic", "Recycled", "Limited"];
const GOODS_DESCRIPTIONS = [
  "Made by hand in our studio",
  "Sourced from a family workshop",
  "Designed to last for years",
  "Our best seller this season",
  "Small batch, numbered",
  "Plastic-free and fully recyclable",
];
const GOODS_DETAILS = [
  "Ships within two days.",
  "Gift wrapping available.",
  "Each piece is slightly different.",
  "Care instructions included.",
  "Free returns within 30 days.",
];
/** 30 tags; a shop uses five of them (offsets 0, 11, 22, 3, 14 modulo 30 never collide). */
const SHOP_TAGS = [
  "Gifts",
  "Home",
  "Kitchen",
  "Cotton",
  "Leather",
  "Bags",
  "Stationery",
  "Winter",
  "Summer",
  "Kids",
  "Outdoor",
  "Handmade",
  "Vintage",
  "Organic",
  "Jewelry",
  "Candles",
  "Ceramics",
  "Books",
  "Toys",
  "Garden",
  "Pets",
  "Beauty",
  "Wellness",
  "Tea",
  "Coffee",
  "Art",
  "Prints",
  "Accessories",
  "Local",
  "Sale",
];
const TAGS_PER_SHOP = 5;
const STREETS = ["Market Street", "Elm Avenue", "Harbour Lane", "King Road", "Mill Lane"];
const CITIES = ["Springfield", "Riverton", "Lakeside", "Fairview", "Greenville", "Bayport"];

/** Opening hours as the editor stores them, in four common patterns (the last: never set). */
const HOURS_PATTERNS = [
  week((day) => (day === "Sunday" ? null : ["11:00 AM", "10:00 PM"])),
  week(() => ["8:00 AM", "4:00 PM"]),
  week((day) => (day === "Monday" ? null : ["5:00 PM", "11:30 PM"])),
  [],
];
const PALETTES = [
  { primary: "#fff8f0", secondary: "#b4441c", text: "#1f1a17" },
  { primary: "#f4f7f5", secondary: "#2f6f4f", text: "#102018" },
  { primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" },
  { primary: "#fdf6e3", secondary: "#268bd2", text: "#073642" },
  { primary: "#1d1d1f", secondary: "#f5a623", text: "#f2f2f2" },
];

function week(hours: (day: string) => [open: string, close: string] | null) {
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  return days.map((day) => {
    const open = hours(day);
    return { day, open: open?.[0] ?? "Closed", close: open?.[1] ?? "Closed" };
  });
}

/**
 * The app's slugify (app/lib/slug.ts) in SQL, for the generated names (accented Latin letters
 * lose their accents, as NFKD does); checked against it on a sample after loading.
 */
const slugSql = (name: string) =>
  `btrim(regexp_replace(regexp_replace(translate(lower(${name}), 'áàâäãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), '[^a-z0-9\\s-]+', '', 'g'), '[\\s-]+', '-', 'g'), '-')`;
/** A storage version as the app writes it: base64url of a sha256 (43 characters). */
const versionSql = (seed: string) =>
  `translate(encode(sha256(convert_to(${seed}, 'UTF8')), 'base64'), '+/=', '-_')`;
/** A non-negative pseudo-random integer from a bigint expression. */
const hashSql = (value: string) => `(hashint8(${value}) & 2147483647)`;
/** Element `index` (any integer expression) of a text[] parameter, wrapping around. */
const pickSql = (array: string, index: string) =>
  `(${array})[1 + (${index}) % cardinality(${array})]`;

/** Tag j of shop p: SHOP_TAGS[(7p + 11j) % 30]; j = 0 … 4 give five different tags. */
const shopTagSql = (p: string, tags: string, j: string) => pickSql(tags, `${p} * 7 + 11 * (${j})`);
const shopTagsSql = (p: string, tags: string) =>
  Array.from({ length: TAGS_PER_SHOP }, (_, j) => shopTagSql(p, tags, String(j))).join(", ");

const PRODUCT_ID_SQL = "substr(md5('product:' || p), 1, 20)";
/** Odd series numbers are restaurants, even ones shops: an even split, easy to recompute. */
const PRODUCT_TYPE_SQL = "CASE WHEN p % 2 = 1 THEN 'restaurant' ELSE 'shoppy' END";

const USERS_SQL = `
  INSERT INTO users (id, name, email, email_verified, status, max_product, created_at, updated_at)
  SELECT substr(md5('user:' || u), 1, 20), 'owner' || u, 'owner' || u || '@bench.example',
         true, 'valid', $2, now() - u * interval '15 minutes', now()
  FROM generate_series(1, $1::int) AS u`;

/*
 * Products and their info rows in one statement (the info needs the name and slug made
 * for the product). $1 products; owner u holds products 3u-2 … 3u, the most the app
 * allows (MAX_PRODUCTS_PER_USER), of mixed types.
 */
const PRODUCTS_SQL = `
  WITH src AS (
    SELECT p, ${PRODUCT_ID_SQL} AS id, ${PRODUCT_TYPE_SQL} AS type, h, names.name,
           now() - p * interval '5 minutes' AS created_at
    FROM generate_series(1, $1::int) AS p
    CROSS JOIN LATERAL (SELECT ${hashSql("p")} AS h) AS hashed
    CROSS JOIN LATERAL (
      SELECT CASE WHEN p % 2 = 1
        THEN ${pickSql("$2::text[]", "h % 1009")} || ' ' || ${pickSql("$3::text[]", "h / 1009")}
        ELSE ${pickSql("$4::text[]", "h % 1009")} || ' ' || ${pickSql("$5::text[]", "h / 1009")}
      END AS name
    ) AS names
  ),
  inserted AS (
    INSERT INTO products (id, owner_uid, type, "exists", name, slug, created_at, updated_at)
    SELECT id, substr(md5('user:' || ((p - 1) / ${MAX_PRODUCTS_PER_USER} + 1)), 1, 20), type,
           true, name, ${slugSql("name")}, created_at, created_at
    FROM src
  )
  INSERT INTO product_info (product_id, name, slug, contact, hours, colors, logo_url, bg_url,
                            address, tags, paypal_username, venmo_username, updated_at)
  SELECT id, name, ${slugSql("name")},
         jsonb_build_object('phone', '+1 555 ' || lpad((p % 10000)::text, 4, '0'),
                            'email', 'hello' || p || '@site.example'),
         $6::jsonb -> (h % jsonb_array_length($6::jsonb)),
         $7::jsonb -> ((h / 7) % jsonb_array_length($7::jsonb)),
         CASE WHEN h % 2 = 0 THEN '/files/' || coll || '/' || id || '/info/logo?v='
                                  || ${versionSql("id || ':logo'")} ELSE '' END,
         CASE WHEN h % 5 < 3 THEN '/files/' || coll || '/' || id || '/info/background?v='
                                  || ${versionSql("id || ':bg'")} ELSE '' END,
         (1 + p % 980) || ' ' || ${pickSql("$8::text[]", "h / 3")} || ', '
           || ${pickSql("$9::text[]", "h / 11")},
         CASE WHEN type = 'shoppy' THEN jsonb_build_array(${shopTagsSql("p", "$10::text[]")})
              ELSE '[]'::jsonb END,
         CASE WHEN type = 'shoppy' AND h % 5 < 2 THEN 'shop' || p ELSE '' END,
         CASE WHEN type = 'shoppy' AND h % 5 = 0 THEN 'shop-' || p ELSE '' END,
         created_at
  FROM src CROSS JOIN LATERAL (
    SELECT CASE WHEN type = 'restaurant' THEN 'restaurants' ELSE 'shoppies' END AS coll
  ) AS c`;

const PRODUCTS_PARAMS = (products: number) => [
  products,
  RESTAURANT_FIRST,
  RESTAURANT_KIND,
  SHOP_FIRST,
  SHOP_KIND,
  JSON.stringify(HOURS_PATTERNS),
  JSON.stringify(PALETTES),
  STREETS,
  CITIES,
  SHOP_TAGS,
];

/*
 * Item number $1 (0-based) of every product: one statement per item number, so the 50
 * items of a site end up on 50 different heap pages, as when many owners edit their sites
 * at the same time over months. That is the unfavourable layout for a page load (one page
 * read per item); the favourable one, a site's items side by side, would flatter it.
 *
 * Within a site, names are unique: the dish (or good) is (p + k) % 25 and its style moves
 * on every 25 items. $2 products.
 */
const ITEMS_SQL = `
  INSERT INTO items (id, product_id, name, slug, price_cents, description, category, star,
                     image_url, image_bytes, image_mime, tags, sold_out, images,
                     created_at, updated_at)
  SELECT iid, pid, name, ${slugSql("name")},
         CASE WHEN restaurant THEN 250 + (h % 120) * 25 ELSE 500 + (h % 180) * 50 END,
         CASE WHEN h % 10 = 0 THEN ''
              WHEN restaurant THEN ${pickSql("$5::text[]", "h / 10")} || ' ' || ${pickSql("$6::text[]", "h / 100")}
              ELSE ${pickSql("$9::text[]", "h / 10")} || '. ' || ${pickSql("$10::text[]", "h / 100")} END,
         CASE WHEN NOT restaurant OR h % 40 = 0 THEN '' ELSE ${pickSql("$4::text[]", "(p + k)")} END,
         restaurant AND h % 9 = 0,
         CASE WHEN img THEN '/files/restaurants/' || pid || '/items/' || iid || '/image?v='
                            || ${versionSql("iid")} ELSE '' END,
         CASE WHEN img THEN 6000 + h % 6000 ELSE 0 END,
         CASE WHEN img THEN 'image/jpeg' ELSE '' END,
         CASE WHEN restaurant THEN '[]'::jsonb
              WHEN k % 3 = 0 THEN jsonb_build_array(${shopTagSql("p", "$11::text[]", `k % ${TAGS_PER_SHOP}`)},
                ${shopTagSql("p", "$11::text[]", `(k + 1 + k % 4) % ${TAGS_PER_SHOP}`)})
              ELSE jsonb_build_array(${shopTagSql("p", "$11::text[]", `k % ${TAGS_PER_SHOP}`)}) END,
         NOT restaurant AND h % 20 = 0,
         CASE WHEN restaurant THEN '[]'::jsonb
              ELSE (SELECT coalesce(jsonb_agg('/files/shoppies/' || pid || '/items/' || iid || '/'
                                              || i || '?v=' || ${versionSql("iid || ':' || i")}
                                              ORDER BY i), '[]'::jsonb)
                    FROM generate_series(0, h % 4 - 1) AS i) END,
         created_at, created_at
  FROM generate_series(1, $2::int) AS p
  CROSS JOIN LATERAL (
    SELECT $1::int AS k, ${PRODUCT_ID_SQL} AS pid, p % 2 = 1 AS restaurant,
           substr(md5('item:' || p || ':' || $1::int), 1, 20) AS iid,
           ${hashSql("p::bigint * 64 + $1::int")} AS h,
           now() - p * interval '5 minutes' + $1::int * interval '1 minute' AS created_at
  ) AS ids
  CROSS JOIN LATERAL (
    SELECT CASE WHEN restaurant
             THEN ${pickSql("$7::text[]", "p + k / 25")} || ' ' || ${pickSql("$3::text[]", "p + k")}
             ELSE ${pickSql("$8::text[]", "p + k / 25")} || ' ' || ${pickSql("$12::text[]", "p + k")}
           END AS name,
           restaurant AND h % 10 < 3 AS img
  ) AS n`;

const ITEMS_PARAMS = (k: number, products: number) => [
  k,
  products,
  DISHES.map(([name]) => name),
  DISHES.map(([, category]) => category),
  DISH_DESCRIPTIONS,
  DISH_SIDES,
  DISH_STYLES,
  GOODS_STYLES,
  GOODS_DESCRIPTIONS,
  GOODS_DETAILS,
  SHOP_TAGS,
  GOODS,
];

export async function generateData(
  client: SqlSession,
  productCount: number,
  itemsPerProduct: number,
  log: (line: string) => void,
): Promise<void> {
  // Session settings only (nothing server-wide): room to sort the index builds in memory.
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query("SET work_mem = '256MB'");
  const step = async (label: string, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    log(`${label} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  };

  const owners = Math.ceil(productCount / MAX_PRODUCTS_PER_USER);
  await step(`${owners} owners`, () => client.query(USERS_SQL, [owners, MAX_PRODUCTS_PER_USER]));
  await step(`${productCount} products with their info`, () =>
    client.query(PRODUCTS_SQL, PRODUCTS_PARAMS(productCount)),
  );

  // The items table's indexes and foreign key would be maintained row by row during the
  // load: a random-order B-tree insert per index and a lookup in products per row, for
  // millions of rows. Built once afterwards, they are a sort and a single join instead.
  const before = await schemaFingerprint(client);
  const deferred = await dropItemsConstraints(client);
  log(`dropped ${deferred.map((entry) => entry.name).join(", ")} for the load`);

  const loadStart = performance.now();
  for (let k = 0; k < itemsPerProduct; k++) {
    await client.query(ITEMS_SQL, ITEMS_PARAMS(k, productCount));
    if ((k + 1) % 10 === 0 || k + 1 === itemsPerProduct) {
      const seconds = ((performance.now() - loadStart) / 1000).toFixed(1);
      log(`items: ${(k + 1) * productCount} of ${itemsPerProduct * productCount} (${seconds} s)`);
    }
  }

  for (const entry of deferred) {
    await step(`rebuilt ${entry.name}`, () => client.query(entry.create));
  }
  const after = await schemaFingerprint(client);
  if (after !== before) {
    throw new Error(`The rebuilt schema differs from the migrated one:\n${before}\n---\n${after}`);
  }

  // What autovacuum would have done long ago on a live database (and it is off on some
  // servers): statistics for the planner, and hint bits and the visibility map set, so the
  // timed reads do not pay for the load's first-touch writes.
  await step("VACUUM (ANALYZE)", () => client.query("VACUUM (ANALYZE)"));
  // Flush the load's dirty pages now rather than in a checkpoint during the timing.
  // It needs a superuser (or pg_checkpoint); without one the timing just runs a bit noisier.
  await step("CHECKPOINT", () =>
    client.query("CHECKPOINT").catch((error: unknown) => log(`no CHECKPOINT: ${String(error)}`)),
  );

  await checkData(client, productCount, itemsPerProduct);
  log("data checked: counts, slugs, items per site");
}

interface DeferredObject {
  name: string;
  /** The statement that creates it again, from the catalog's own definition. */
  create: string;
}

/**
 * Drops the items table's primary key, foreign key and secondary indexes, and other tables'
 * foreign keys to it, returning how to recreate them: the primary key and the indexes first,
 * then the foreign keys, whose checks are then single joins over the finished tables. The definitions come from
 * pg_get_constraintdef and pg_get_indexdef, so they are the migration's to the letter;
 * schemaFingerprint checks it.
 */
async function dropItemsConstraints(client: SqlSession): Promise<DeferredObject[]> {
  const { rows: constraints } = await client.query<{ name: string; type: string; def: string }>(
    `SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE conrelid = 'public.items'::regclass AND contype IN ('p', 'f')
     ORDER BY contype DESC, conname`,
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def
     FROM pg_index WHERE indrelid = 'public.items'::regclass
       AND indexrelid NOT IN (SELECT conindid FROM pg_constraint WHERE conrelid = indrelid)
     ORDER BY 1`,
  );
  // Other tables' foreign keys to items (translations) hang on its primary key: dropped
  // first, and made again last.
  const { rows: references } = await client.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE confrelid = 'public.items'::regclass AND contype = 'f'
       AND conrelid <> 'public.items'::regclass
     ORDER BY 1, 2`,
  );
  for (const { table, name } of references) {
    await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${name}"`);
  }
  for (const { name } of constraints) {
    await client.query(`ALTER TABLE items DROP CONSTRAINT "${name}"`);
  }
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  return [
    ...constraints
      .filter((constraint) => constraint.type === "p")
      .map(({ name, def }) => ({
        name,
        create: `ALTER TABLE items ADD CONSTRAINT "${name}" ${def}`,
      })),
    ...indexes.map(({ name, def }) => ({ name, create: def })),
    ...constraints
      .filter((constraint) => constraint.type === "f")
      .map(({ name, def }) => ({
        name,
        create: `ALTER TABLE items ADD CONSTRAINT "${name}" ${def}`,
      })),
    ...references.map(({ table, name, def }) => ({
      name,
      create: `ALTER TABLE ${table} ADD CONSTRAINT "${name}" ${def}`,
    })),
  ];
}

/** Every constraint and index of the public schema, as text, to compare before and after. */
async function schemaFingerprint(client: SqlSession): Promise<string> {
  const { rows } = await client.query<{ line: string }>(
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
              || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END AS line
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL
     SELECT pg_get_indexdef(indexrelid) || CASE WHEN indisvalid THEN '' ELSE ' INVALID' END
     FROM pg_index JOIN pg_class ON pg_class.oid = indrelid
     WHERE relnamespace = 'public'::regnamespace
     ORDER BY 1`,
  );
  return rows.map((row) => row.line).join("\n");
}

/** Cheap checks that the data is what the measurement assumes. */
async function checkData(client: SqlSession, productCount: number, itemsPerProduct: number) {
  const { rows: counts } = await client.query<{ products: number; info: number; items: number }>(
    `SELECT (SELECT count(*) FROM products WHERE "exists")::int AS products,
            (SELECT count(*) FROM product_info)::int AS info,
            (SELECT count(*) FROM items)::int AS items`,
  );
  const count = counts[0];
  if (
    count?.products !== productCount ||
    count.info !== productCount ||
    count.items !== productCount * itemsPerProduct
  ) {
    throw new Error(`Unexpected row counts after the load: ${JSON.stringify(count)}`);
  }
  // The SQL slug must be the app's slugify, or every page load would answer a redirect.
  const { rows: names } = await client.query<{ name: string; slug: string }>(
    `(SELECT name, slug FROM product_info ORDER BY md5(product_id) LIMIT 2000)
     UNION ALL (SELECT name, slug FROM items WHERE product_id IN
       (SELECT id FROM products ORDER BY md5(id || 'x') LIMIT 40))`,
  );
  for (const { name, slug } of names) {
    if (slugify(name) !== slug) {
      throw new Error(`The SQL slug of "${name}" is "${slug}", the app's "${slugify(name)}".`);
    }
  }
}

async function logSizes(client: pg.Client, log: (line: string) => void) {
  const { rows } = await client.query<{ name: string; size: string }>(
    `SELECT 'database' AS name, pg_size_pretty(pg_database_size(current_database())) AS size
     UNION ALL
     SELECT relname, pg_size_pretty(pg_relation_size(oid)) FROM pg_class
     WHERE relnamespace = 'public'::regnamespace AND relname IN
       ('items', 'items_pkey', 'items_product_name_idx', 'products', 'product_info')
     UNION ALL
     SELECT 'shared_buffers', current_setting('shared_buffers')`,
  );
  log(`sizes: ${rows.map((row) => `${row.name} ${row.size}`).join(", ")}`);
}

// ---------------------------------------------------------------------------------------
// Measuring

export interface Site {
  id: string;
  type: ProductType;
  slug: string;
}

export async function readSites(client: SqlSession): Promise<Record<ProductType, Site[]>> {
  // Only the small products table (it is hot on any real server too), not the info or items.
  const { rows } = await client.query<Site>(
    `SELECT id, type, slug FROM products WHERE "exists" ORDER BY id`,
  );
  const sites: Record<ProductType, Site[]> = {
    restaurant: [],
    shoppy: [],
    dealership: [],
    ecommerce: [],
  };
  for (const row of rows) sites[row.type].push(row);
  return sites;
}

/** The `slugId` route parameter of a site's public page, as the router hands it to the loader. */
function slugIdOf(site: Site): string {
  const segment = publicPath(site.type, site.slug, site.id).split("/")[2] ?? "";
  return decodeURIComponent(segment);
}

/** The pages are asked for at the portal's own address. */
const AT_PORTAL = {
  url: "http://localhost:3000/",
  publicUrl: "http://localhost:3000",
  customDomains: false,
};

/**
 * What the restaurant and shop loaders (app/sites/restaurant/public-loader.server.ts, app/sites/shoppy/public-loader.server.ts) ask the database:
 * loadPublicSite, which brings the site and its items in one round trip.
 */
async function loadPage(db: Database, site: Site): Promise<unknown[]> {
  let page;
  try {
    page = await loadPublicSite(
      db,
      site.type,
      slugIdOf(site),
      siteOf(site.type).notFoundIn,
      AT_PORTAL,
    );
  } catch (error) {
    // A redirect or a 404 (thrown as responses): the generated data is wrong.
    throw new Error(
      `loadPublicSite(${site.type}, ${slugIdOf(site)}, AT_PORTAL) threw ${inspect(error)}`,
    );
  }
  return page.items;
}

async function timePageLoad(db: Database, site: Site, itemsPerProduct: number): Promise<number> {
  const start = performance.now();
  const items = await loadPage(db, site);
  const elapsed = performance.now() - start;
  if (items.length !== itemsPerProduct) {
    throw new Error(`${site.type} ${site.id} has ${items.length} items, not ${itemsPerProduct}.`);
  }
  return elapsed;
}

/**
 * Logs EXPLAIN (ANALYZE, BUFFERS) of the two statements a page load runs. The statements
 * are the app's own: a Drizzle instance with a logger captures them while `traced` loads;
 * they are then explained with `fresh`'s id in place of `traced`'s, so the plan shows a
 * site that nothing has read yet (its buffers mostly "read", not "hit").
 */
async function explainPageQueries(
  client: pg.Client,
  traced: Site,
  fresh: Site,
  log: (line: string) => void,
) {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const tracing = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;
  await loadPage(tracing, traced);
  for (const { query, params } of captured) {
    const swapped = params.map((value) => (value === traced.id ? fresh.id : value));
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query}`,
      swapped,
    );
    log(
      `EXPLAIN (ANALYZE, BUFFERS) for ${fresh.type} ${fresh.id}:\n  ${query}\n  params ${JSON.stringify(swapped)}\n${rows.map((row) => `    ${row["QUERY PLAN"]}`).join("\n")}`,
    );
  }
}

function summarize(timings: number[]): LatencySummary {
  const sorted = [...timings].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p% of the samples at or below it.
  const rank = (percent: number) =>
    sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)]!;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    samples: sorted.length,
    p50Ms: round(rank(50), 3),
    p99Ms: round(rank(99), 3),
    meanMs: round(total / sorted.length, 3),
    maxMs: round(sorted[sorted.length - 1]!, 3),
  };
}

function describeSummary(summary: LatencySummary): string {
  return `p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, mean ${summary.meanMs} ms, max ${summary.maxMs} ms (${summary.samples} loads)`;
}

// ---------------------------------------------------------------------------------------
// Helpers

function assertInteger(name: string, value: number, min: number, max: number) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not ${value}.`);
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A small seeded PRNG (mulberry32): the same pages on every run, unlike Math.random. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
