// @ts-check
/**
 * autocannon against one page with a fresh random query string on every request, counting
 * how the page cache answered each (its `X-Page-Cache` header). Plain JavaScript, run by
 * plain Node as its own process, for the reason load.ts gives for the command line.
 *
 *   node bench/random-query-load.js <page url> <connections> <seconds>
 *
 * Prints autocannon's result as JSON, with `pageCache`: answers counted by that header.
 */
import autocannon from "autocannon";

const [pageUrl, connections, seconds] = process.argv.slice(2);
if (!pageUrl || !connections || !seconds) {
  console.error("usage: node bench/random-query-load.js <page url> <connections> <seconds>");
  process.exit(2);
}
const { pathname } = new URL(pageUrl);

/** Eight random characters (36^8 values): two requests of a run almost never share one. */
const fresh = () => Math.random().toString(36).slice(2, 10).padEnd(8, "0");

/** @type {Record<string, number>} */
const pageCache = { hit: 0, miss: 0, bypass: 0, none: 0 };

const result = await autocannon({
  url: pageUrl,
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 10,
  requests: [
    {
      // A tracked link's parameters, and a parameter nobody has heard of.
      setupRequest: (request) => ({
        ...request,
        path: `${pathname}?utm_source=qr&utm_content=${fresh()}&${fresh()}=1`,
      }),
      onResponse: (_status, _body, _context, headers) => {
        // Header names come as the server wrote them.
        const outcome = String(headers?.["X-Page-Cache"] ?? headers?.["x-page-cache"] ?? "none");
        pageCache[outcome] = (pageCache[outcome] ?? 0) + 1;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, pageCache }));
