/**
 * Uncached public pages on the embedded database as it grows: the same load, views of pages
 * picked at random with the page cache off, against the bench's few sites and against a
 * PGlite database holding 10,000 sites of 50 items each.
 *
 * A few sites' rows stay in PostgreSQL's shared buffers whatever happens; 10,000 sites'
 * (some 500,000 items) do not fit PGlite's 16 MB, so most views read their rows through the
 * operating system's file cache, as a long-tail portal does. The data comes from the same
 * set-based SQL as the PostgreSQL scale run (database-scale.ts), loaded into the app's own
 * migrated schema.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { publicPath } from "~/lib/slug";
import { createPglite, openPglite } from "~/server/db/client.server";
import { RENDITIONS_BACKFILLED_KEY } from "~/server/images/renditions.server";
import { createLocalDiskStorage } from "~/server/storage/local-disk.server";
import { tempDataDir } from "../tests/e2e/server-process";
import { generateData, readSites } from "./database-scale";
import { measureManyPagesLoad, type LoadResult } from "./load";

export type ManyPagesLoadResult = LoadResult & { pages: number };

export interface PgliteScaleReport {
  sites: number;
  items: number;
  generateSeconds: number;
  /** Views spread over the bench's restaurant and shop. */
  few: ManyPagesLoadResult;
  /** Views spread over PAGES_ASKED_FOR of the large database's restaurants and shops. */
  many: ManyPagesLoadResult;
}

/** How many of the large database's pages the load picks from: far more than any cache holds. */
const PAGES_ASKED_FOR = 5_000;

/**
 * Makes the large database in a data directory of its own, then runs `measure` for the few
 * sites (`fewPaths`, in `fewDataDir`) and for the many, each on a server `withServer` starts
 * with the page cache off. Returns the report and the large data directory, for the caller
 * to remove.
 */
export async function measurePgliteScale(options: {
  fewDataDir: string;
  fewPaths: string[];
  products?: number;
  seconds: number;
  withServer: <T>(
    env: Record<string, string>,
    work: (url: string, pid: number) => Promise<T>,
  ) => Promise<T>;
  log: (line: string) => void;
}): Promise<{ report: PgliteScaleReport; dataDir: string }> {
  const { fewDataDir, fewPaths, seconds, withServer } = options;
  const products = options.products ?? 10_000;
  const log = (line: string) => options.log(`pglite-scale: ${line}`);
  const dataDir = tempDataDir();

  const generateStart = performance.now();
  const manyPaths = await generateDatabase(dataDir, products, log);
  const generateSeconds = (performance.now() - generateStart) / 1000;
  log(`${products} sites generated in ${generateSeconds.toFixed(1)} s`);

  const measure = (where: string, paths: string[]) =>
    withServer({ DATA_DIR: where, PAGE_CACHE_BYTES: "0" }, (url, pid) =>
      measureManyPagesLoad(url, paths, { seconds, serverPid: pid }),
    );
  log(`uncached views over the bench's ${fewPaths.length} pages`);
  const few = await measure(fewDataDir, fewPaths);
  log(`uncached views over ${manyPaths.length} of ${products} sites`);
  const many = await measure(dataDir, manyPaths);
  return {
    report: {
      sites: products,
      items: products * MAX_ITEMS_PER_PRODUCT,
      generateSeconds: Math.round(generateSeconds * 10) / 10,
      few,
      many,
    },
    dataDir,
  };
}

/** The large database under `dataDir/db`; returns the pages the load asks for. */
async function generateDatabase(
  dataDir: string,
  products: number,
  log: (line: string) => void,
): Promise<string[]> {
  const dir = path.join(dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const pglite = createPglite(dir);
  const handle = await openPglite(pglite);
  try {
    await handle.migrate();
    await generateData(pglite, products, MAX_ITEMS_PER_PRODUCT, log);
    const sites = await readSites(pglite);
    const pages = [...sites.restaurant, ...sites.shoppy].map((site) =>
      publicPath(site.type, site.slug, site.id),
    );
    // Spread evenly over the whole list (restaurants, then shops), so both types are asked for.
    const step = Math.max(1, Math.floor(pages.length / PAGES_ASKED_FOR));
    return pages.filter((_, index) => index % step === 0).slice(0, PAGES_ASKED_FOR);
  } finally {
    await handle.close();
    // The generated items name photos that were never stored: the server's start-up pass
    // that makes missing smaller copies would look for every one of them during the timing.
    await createLocalDiskStorage(path.join(dataDir, "files")).put(
      RENDITIONS_BACKFILLED_KEY,
      new TextEncoder().encode("done\n"),
      "text/plain",
    );
  }
}
