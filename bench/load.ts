/**
 * HTTP load from this process with autocannon: a fixed number of keep-alive connections,
 * each sending the next request as soon as the last answer arrived, as many visitors at
 * once would. Requests carry no Accept-Encoding, so the page and the static file travel
 * as the same uncompressed bytes and only the work of producing them differs.
 */
import autocannon from "autocannon";

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

function run(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, timeout: 10 },
      (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Warms the server up (JIT, connection pools, the page cache), then measures. */
export async function measureLoad(
  url: string,
  { seconds = 10, warmupSeconds = 2 } = {},
): Promise<LoadResult> {
  const sample = await fetch(url);
  if (!sample.ok) throw new Error(`${url} answered ${sample.status}; nothing to measure.`);
  const bytes = (await sample.arrayBuffer()).byteLength;

  await run(url, warmupSeconds);
  const result = await run(url, seconds);
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
