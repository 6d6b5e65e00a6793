import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_FILES_URL_PATH, createLocalDiskStorage } from "./local-disk.server";
import { keyFromRequestPath, serveStoredFiles } from "./serve-files.server";
import type { FileStorage } from "./storage.server";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends the path exactly as written: fetch would normalise `..` and `//`
 * before they ever reach the server, hiding what an attacker can send.
 */
function rawRequest(
  port: number,
  requestPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: requestPath,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

let root: string;
let storage: FileStorage;
let server: http.Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "portal-serve-files-"));
  storage = createLocalDiskStorage(path.join(root, "files"));
  await storage.put("restaurants/p1/info/logo", new TextEncoder().encode(SVG), "image/svg+xml");
  await storage.put(
    "restaurants/p1/items/i1/image",
    new Uint8Array([0xff, 0xd8, 0xff]),
    "image/jpeg",
  );
  // Something beside the storage root that must stay out of reach.
  writeFileSync(path.join(root, "secret.txt"), "do not serve");

  const app = express();
  app.use(LOCAL_FILES_URL_PATH, serveStoredFiles(storage));
  app.use((_req, res) => res.status(418).send("fell through"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe("serving stored files", () => {
  it("answers a stored object with its type and strict headers, ignoring the version query", async () => {
    const { etag } = (await storage.read("restaurants/p1/info/logo"))!;
    const response = await rawRequest(port, "/files/restaurants/p1/info/logo?v=3f2a");

    expect(response.status).toBe(200);
    expect(response.body).toBe(SVG);
    expect(response.headers).toMatchObject({
      "content-type": "image/svg+xml",
      "content-length": String(Buffer.byteLength(SVG)),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      etag,
    });
  });

  it("serves the URL the driver hands out", async () => {
    const response = await rawRequest(
      port,
      storage.publicUrl("restaurants/p1/items/i1/image", "abc"),
    );
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["content-length"]).toBe("3");
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await rawRequest(port, "/files/restaurants/p1/info/logo", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.body).toBe("");
    expect(response.headers["content-length"]).toBe(String(Buffer.byteLength(SVG)));
    expect(response.headers["content-type"]).toBe("image/svg+xml");
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it("answers 304 when If-None-Match holds the current ETag", async () => {
    const { etag } = (await storage.read("restaurants/p1/info/logo"))!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await rawRequest(port, "/files/restaurants/p1/info/logo?v=1", {
        headers: { "If-None-Match": ifNoneMatch },
      });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.body).toBe("");
      expect(response.headers.etag).toBe(etag);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }

    const stale = await rawRequest(port, "/files/restaurants/p1/info/logo", {
      headers: { "If-None-Match": '"an-older-version"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(SVG);
  });

  it.each([
    "/files/../package.json",
    "/files/../secret.txt",
    "/files/%2e%2e/secret.txt",
    "/files/%2E%2E/%2E%2E/package.json",
    "/files/..%2fsecret.txt",
    "/files/restaurants%2Fp1%2Finfo%2Flogo",
    "/files/restaurants/p1/info/log%6f",
    "/files/restaurants\\p1\\info\\logo",
    "/files/..\\secret.txt",
    "/files//etc/passwd",
    "/files/restaurants//p1/info/logo",
    "/files/restaurants/p1/info/logo/",
    "/files/restaurants/p1/info",
    "/files/restaurants",
    "/files/",
    "/files",
    "/files/meta/restaurants/p1/info/logo.json",
    "/files/objects/restaurants/p1/info/logo",
    "/files/restaurants/p1/info/.logo.tmp",
    "/files/restaurants/p1/info/background",
    "/files/restaurants/p1/info/logo%00",
  ])("answers %s with a plain 404", async (requestPath) => {
    const response = await rawRequest(port, requestPath);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body).toBe("Not found");
  });

  it("refuses methods other than GET and HEAD", async () => {
    const response = await rawRequest(port, "/files/restaurants/p1/info/logo", {
      method: "DELETE",
    });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(await storage.read("restaurants/p1/info/logo")).not.toBeNull();
  });
});

describe("keyFromRequestPath", () => {
  it.each([
    ["/restaurants/p1/info/logo", "restaurants/p1/info/logo"],
    ["/restaurants/p1/info/logo?v=1", "restaurants/p1/info/logo"],
    ["/shoppies/p/items/i/4?v=a?b", "shoppies/p/items/i/4"],
    ["restaurants/p1/info/logo", null],
    ["/", null],
    ["//etc/passwd", null],
    ["/%2e%2e/x", null],
  ])("%j gives %j", (relativeUrl, key) => {
    expect(keyFromRequestPath(relativeUrl)).toBe(key);
  });
});
