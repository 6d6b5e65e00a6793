/**
 * The floors a cached page is measured against, started in the same run on the same
 * machine, each sending the page's exact bytes (the brotli body and the portal's headers)
 * from memory or from a file:
 * - bare Node: Node's `http` module and nothing else (anchors/bare-node-server.js);
 * - nginx: when it is installed (`apt-get install nginx`), one worker process serving the
 *   pre-compressed file with a generated configuration on a free port.
 * Each runs as a process of its own, so that its CPU time is read from /proc as the
 * portal's is.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/e2e/server-process";

export interface Anchor {
  name: "bare Node" | "nginx";
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Headers of the moment and of the connection: not part of the page's bytes. */
const PER_RESPONSE_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "x-request-id",
]);

/**
 * One answer exactly as sent: its body still compressed (fetch would decompress it) and
 * its headers, less those of the moment and the connection. Anything but a 200 is refused.
 */
export function fetchAsSent(
  url: string,
  headers: Record<string, string>,
  /** A form to post instead of a GET (the order page's review step). */
  form?: Record<string, string>,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const body = form && new URLSearchParams(form).toString();
  const options = body
    ? {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: new URL(url).origin,
        },
      }
    : { headers };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        if (response.statusCode !== 200) {
          return reject(new Error(`${url} answered ${response.statusCode}`));
        }
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
          kept[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ body: Buffer.concat(chunks), headers: kept });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * A cached page as the cache sends it once its copy stops changing (within a few seconds):
 * its brotli copy is squeezed again in the background after the first request for it.
 */
export async function fetchSettledCopy(url: string, headers: Record<string, string>) {
  let sent = await fetchAsSent(url, headers);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await fetchAsSent(url, headers);
    if (again.body.equals(sent.body)) return again;
    sent = again;
  }
  throw new Error(`${url}: the cached copy kept changing`);
}

function stopper(child: ChildProcess, cleanup: () => void) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    cleanup();
  };
}

/**
 * bare Node sending `body` with `headers` to every request. `wrapper`, when given, runs it
 * under another program (valgrind, to count its instructions).
 */
export async function startBareNode(
  body: Buffer,
  headers: Record<string, string>,
  wrapper: string[] = [],
): Promise<Anchor> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-bare-node-"));
  const file = path.join(dir, "page");
  writeFileSync(file, body);
  const script = path.join(import.meta.dirname, "anchors", "bare-node-server.js");
  const [program, ...options] = wrapper.length > 0 ? wrapper : [process.execPath];
  const child = spawn(program!, [...options, script, file, JSON.stringify(headers)], {
    // valgrind's own report goes to standard error: left out, as the render-and-compress
    // anchor's is.
    stdio: ["ignore", "pipe", wrapper.length > 0 ? "ignore" : "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once("exit", (code) => reject(new Error(`bare Node anchor exited with ${code}`)));
  });
  return {
    name: "bare Node",
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })),
  };
}

/** Where Debian puts nginx; null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  return found || null;
}

/**
 * nginx in the foreground as one process (no master), serving the compressed page as a
 * file with the portal's headers; null when nginx is not installed.
 */
export async function startNginx(
  body: Buffer,
  headers: Record<string, string>,
): Promise<Anchor | null> {
  const binary = nginxBinary();
  if (!binary) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  writeFileSync(path.join(dir, "page"), body);
  const port = await freePort();
  // nginx's own Content-Type and Content-Length stand; the rest are the portal's headers.
  const added = Object.entries(headers)
    .filter(([name]) => name !== "content-type")
    .map(([name, value]) => `      add_header ${name} '${value.replaceAll("'", "\\'")}' always;`)
    .join("\n");
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  server_tokens off;
  server {
    listen 127.0.0.1:${port};
    location / {
      root ${dir};
      try_files /page =404;
      default_type '${headers["content-type"] ?? "text/html"}';
      etag off;
      if_modified_since off;
${added}
    }
  }
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const child = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: "nginx",
    url,
    pid: child.pid!,
    stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * The uncached views' anchor (render-compress.js) as a server doing its fixed work anew for
 * every request: React renders a menu of a public page's size and brotli compresses it. Loaded
 * as an uncached page is (the same connections, seconds and headers), its CPU time per request
 * says what this host does now under that load, so a view's CPU time is judged against it.
 * `wrapper`, when given, runs it under another program (valgrind, to count its instructions).
 */
export async function startRenderCompressServer(wrapper: string[] = []) {
  const script = path.join(import.meta.dirname, "anchors", "render-compress.js");
  const [program, ...options] = wrapper.length > 0 ? wrapper : [process.execPath];
  const child = spawn(program!, [...options, script], {
    // React's production build, as the portal renders with.
    env: { ...process.env, NODE_ENV: "production" },
    // valgrind's own report goes to standard error: left out, as the portal's is kept.
    stdio: ["ignore", "pipe", "ignore"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once("exit", (code) =>
      reject(new Error(`the render-and-compress anchor exited with ${code}`)),
    );
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: stopper(child, () => {}) };
}
