/**
 * The files route as the real HTTP app mounts it: ahead of compression and of
 * the React Router handler, with the disk driver the services were built with.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices } from "../../../tests/support/test-services";
import { createHttpApp } from "../http/http.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
let server: Server;
let baseUrl: string;

// Big enough to be compressed if the route sat behind compression.
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(1000)}</svg>`;

beforeAll(async () => {
  services = await createTestServices();
  const app = createHttpApp({
    services,
    build: () => Promise.reject(new Error("No page should be rendered in this test.")),
    isAccepting: () => true,
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await services?.close();
});

describe("GET /files/* in the HTTP app", () => {
  it("serves an uploaded file uncompressed, with its length and strict headers", async () => {
    const key = "restaurants/p1/info/logo";
    await services.storage.put(key, new TextEncoder().encode(svg), "image/svg+xml");

    const response = await fetch(`${baseUrl}${services.storage.publicUrl(key, "v1")}`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(svg);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String(svg.length));
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a missing file with a plain 404, not a page", async () => {
    const response = await fetch(`${baseUrl}/files/restaurants/p1/info/background?v=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Not found");
  });
});
