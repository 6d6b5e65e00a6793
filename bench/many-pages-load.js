// @ts-check
/**
 * autocannon over many pages: every request asks for a page picked at random from a list,
 * with brotli as phones ask. Plain JavaScript, run by plain Node as its own process, for the
 * reason load.ts gives for the command line.
 *
 *   node bench/many-pages-load.js <server url> <file of paths, one per line> <connections> <seconds>
 *
 * Prints autocannon's result as JSON.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const [serverUrl, pathsFile, connections, seconds] = process.argv.slice(2);
if (!serverUrl || !pathsFile || !connections || !seconds) {
  console.error(
    "usage: node bench/many-pages-load.js <server url> <paths file> <connections> <seconds>",
  );
  process.exit(2);
}
const paths = readFileSync(pathsFile, "utf8").split("\n").filter(Boolean);
if (paths.length === 0) {
  console.error(`${pathsFile} names no page.`);
  process.exit(2);
}

const result = await autocannon({
  url: serverUrl,
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 10,
  headers: { "accept-encoding": "br" },
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        path: paths[Math.floor(Math.random() * paths.length)],
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
