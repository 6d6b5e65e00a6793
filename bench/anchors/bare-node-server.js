/**
 * The bench's floor for one page: Node's own `http` module sending the page's exact bytes,
 * body and headers, from memory, to every request. Nothing of the portal is loaded.
 *
 * node bench/anchors/bare-node-server.js <body file> <headers as JSON>
 * Prints the port it listens on (on 127.0.0.1) once it listens.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]);
const headers = { ...JSON.parse(process.argv[3]), "content-length": String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
