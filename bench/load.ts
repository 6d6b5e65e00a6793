/**
 * HTTP load with autocannon: a fixed number of keep-alive connections, each sending the
 * next request as soon as the last answer arrived, as many visitors at once would.
 * Requests carry the headers given (none by default: no Accept-Encoding, and so the page's
 * uncompressed bytes); the comparison with the anchors asks for brotli, as phones do.
 *
 * autocannon runs as its own plain Node process (its command line, with `--json`, or
 * random-query-load.js for requests that differ): in this process, under the TypeScript
 * loader, it sends half as many requests a second, and the server's figures would be the
 * load generator's.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import type autocannon from "autocannon";

const run = promisify(execFile);
const autocannonCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("autocannon/package.json")),
  "autocannon.js",
);
const randomQueryScript = path.join(import.meta.dirname, "random-query-load.js");
const manyPagesScript = path.join(import.meta.dirname, "many-pages-load.js");

export const CONNECTIONS = 50;

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  /** Successful (2xx) answers per second over the whole run. */
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: any of them voids the run. */
  failures: number;
  /** Body bytes of one answer. */
  bytes: number;
  /**
   * With `serverPid`: the server process's CPU time (user + system, from /proc) per
   * successful answer over the measured run, and its largest resident memory seen then.
   */
  cpuMsPerRequest?: number;
  peakRssMiB?: number;
}

const clockTicksPerSecond =
  Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** The CPU time a process has used so far (user + system), in milliseconds, from /proc. */
export function processCpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** A process's resident memory now (VmRSS), in MiB. */
export function processRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/** The connections of the random-query runs: a crowd, as in the report that asked for them. */
export const RANDOM_QUERY_CONNECTIONS = 200;

/** How every random-query request's query string is made (see random-query-load.js). */
export const RANDOM_QUERY = "?utm_source=qr&utm_content={random}&{random}=1";

/** How the page cache answered, from each answer's X-Page-Cache header. */
export interface PageCacheOutcomes {
  hit: number;
  miss: number;
  bypass: number;
  /** Answers without the header: not from the public page handler at all. */
  none: number;
}

export interface RandomQueryLoadResult extends LoadResult {
  query: string;
  /** Requests that got no answer: connection errors and timeouts (a timeout counts in both). */
  errors: number;
  timeouts: number;
  non2xx: number;
  pageCache: PageCacheOutcomes;
  /** Hits among the answers that carried the header. */
  hitRatio: number;
}

async function load(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<autocannon.Result> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}=${value}`]);
  const { stdout } = await run(
    process.execPath,
    [
      autocannonCli,
      "--json",
      "-c",
      String(connections),
      "-d",
      String(seconds),
      "-t",
      "10",
      ...headerArgs,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

async function loadWithRandomQuery(
  url: string,
  seconds: number,
  connections: number,
): Promise<autocannon.Result & { pageCache: PageCacheOutcomes }> {
  const { stdout } = await run(
    process.execPath,
    [randomQueryScript, url, String(connections), String(seconds)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result & { pageCache: PageCacheOutcomes };
}

/** Bytes of one answer's body as sent (compressed, when `headers` ask for an encoding). */
async function bodyBytes(url: string, headers: Record<string, string> = {}): Promise<number> {
  const { status, length } = await new Promise<{ status: number; length: number }>(
    (resolve, reject) => {
      const outgoing = http.get(url, { headers }, (response) => {
        let length = 0;
        response.on("data", (chunk: Buffer) => (length += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, length }));
        response.on("error", reject);
      });
      outgoing.on("error", reject);
    },
  );
  if (status !== 200) throw new Error(`${url} answered ${status}; nothing to measure.`);
  return length;
}

function loadResult(
  url: string,
  connections: number,
  result: autocannon.Result,
  bytes: number,
): LoadResult {
  return {
    url,
    connections,
    seconds: result.duration,
    requestsPerSecond: Math.round(result["2xx"] / result.duration),
    meanMs: result.latency.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    bytes,
  };
}

/**
 * Warms the server up (JIT, connection pools, the page cache), then measures. Every
 * request carries `headers` (none by default: autocannon then names no user agent).
 */
export async function measureLoad(
  url: string,
  {
    seconds = 10,
    warmupSeconds = 2,
    connections = CONNECTIONS,
    headers = {},
    serverPid,
  }: {
    seconds?: number;
    warmupSeconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** The process answering, whose CPU time and memory are read during the run. */
    serverPid?: number;
  } = {},
): Promise<LoadResult> {
  const bytes = await bodyBytes(url, headers);
  if (warmupSeconds > 0) await load(url, warmupSeconds, connections, headers);
  return withServerFigures(serverPid, async () =>
    loadResult(url, connections, await load(url, seconds, connections, headers), bytes),
  );
}

/**
 * The result of `measure`, with `serverPid`'s CPU time per successful answer over the run
 * and the largest resident memory it was seen to hold; as it is without a process to read.
 */
async function withServerFigures(
  serverPid: number | undefined,
  measure: () => Promise<LoadResult>,
): Promise<LoadResult> {
  if (serverPid === undefined) return measure();
  let peakRssMiB = processRssMiB(serverPid);
  const sampler = setInterval(() => {
    peakRssMiB = Math.max(peakRssMiB, processRssMiB(serverPid));
  }, 250);
  const cpuBefore = processCpuMs(serverPid);
  try {
    const result = await measure();
    const answered = result.requestsPerSecond * result.seconds;
    const cpuMsPerRequest = (processCpuMs(serverPid) - cpuBefore) / Math.max(1, answered);
    return {
      ...result,
      cpuMsPerRequest,
      peakRssMiB: Math.max(peakRssMiB, processRssMiB(serverPid)),
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The page at `url` with a query string never seen before on every request (RANDOM_QUERY),
 * after the same warm-up with such requests.
 */
export async function measureRandomQueryLoad(
  url: string,
  { seconds = 10, warmupSeconds = 2, connections = RANDOM_QUERY_CONNECTIONS } = {},
): Promise<RandomQueryLoadResult> {
  const bytes = await bodyBytes(url);
  await loadWithRandomQuery(url, warmupSeconds, connections);
  const result = await loadWithRandomQuery(url, seconds, connections);
  const { hit, miss, bypass } = result.pageCache;
  const answered = hit + miss + bypass;
  return {
    ...loadResult(url, connections, result, bytes),
    query: RANDOM_QUERY,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    pageCache: result.pageCache,
    hitRatio: answered > 0 ? hit / answered : 0,
  };
}

/**
 * Pages picked at random from `paths` on every request (brotli), after a warm-up of the same
 * kind: how the server copes when each view is of another site. With `serverPid`, its CPU
 * time per answer and its peak memory, as measureLoad reads them.
 */
export async function measureManyPagesLoad(
  serverUrl: string,
  paths: string[],
  {
    seconds = 10,
    warmupSeconds = 2,
    connections = CONNECTIONS,
    serverPid,
  }: { seconds?: number; warmupSeconds?: number; connections?: number; serverPid?: number } = {},
): Promise<LoadResult & { pages: number }> {
  const pathsFile = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-paths-")), "paths.txt");
  writeFileSync(pathsFile, paths.join("\n"));
  const bytes = await bodyBytes(serverUrl + paths[0], { "accept-encoding": "br" });
  const loadPages = async (runSeconds: number) => {
    const { stdout } = await run(
      process.execPath,
      [manyPagesScript, serverUrl, pathsFile, String(connections), String(runSeconds)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as autocannon.Result;
  };
  try {
    if (warmupSeconds > 0) await loadPages(warmupSeconds);
    const result = await withServerFigures(serverPid, async () =>
      loadResult(
        `${serverUrl} (${paths.length} pages)`,
        connections,
        await loadPages(seconds),
        bytes,
      ),
    );
    return { ...result, pages: paths.length };
  } finally {
    rmSync(path.dirname(pathsFile), { recursive: true, force: true });
  }
}
