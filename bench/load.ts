/**
 * HTTP load with autocannon: a fixed number of keep-alive connections, each sending the
 * next request as soon as the last answer arrived, as many visitors at once would.
 * Requests carry no Accept-Encoding, so the page and the static file travel as the same
 * uncompressed bytes and only the work of producing them differs.
 *
 * autocannon runs as its own plain Node process (its command line, with `--json`): in this
 * process, under the TypeScript loader, it sends half as many requests a second, and the
 * server's figures would be the load generator's.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import type autocannon from "autocannon";

const run = promisify(execFile);
const autocannonCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("autocannon/package.json")),
  "autocannon.js",
);

export const CONNECTIONS = 50;

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  /** Successful (2xx) answers per second over the whole run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: any of them voids the run. */
  failures: number;
  /** Body bytes of one answer. */
  bytes: number;
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  const { stdout } = await run(
    process.execPath,
    [autocannonCli, "--json", "-c", String(CONNECTIONS), "-d", String(seconds), "-t", "10", url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

/** Warms the server up (JIT, connection pools, the page cache), then measures. */
export async function measureLoad(
  url: string,
  { seconds = 10, warmupSeconds = 2 } = {},
): Promise<LoadResult> {
  const sample = await fetch(url);
  if (!sample.ok) throw new Error(`${url} answered ${sample.status}; nothing to measure.`);
  const bytes = (await sample.arrayBuffer()).byteLength;

  await load(url, warmupSeconds);
  const result = await load(url, seconds);
  return {
    url,
    connections: CONNECTIONS,
    seconds: result.duration,
    requestsPerSecond: Math.round(result["2xx"] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    bytes,
  };
}
