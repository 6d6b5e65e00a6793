import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { describeStorageContract } from "./contract";
import { createLocalDiskStorage } from "./local-disk.server";
import { deleteProductFiles, isValidKey, type FileStorage } from "./storage.server";
import { logger } from "../http/log.server";

const bytes = new Uint8Array([1, 2, 3]);
const newStorage = () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "portal-files-"));
  return { root, storage: createLocalDiskStorage(root) };
};

/** Every file under `directory`, relative to it. */
const filesUnder = (directory: string) =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();

describeStorageContract("local disk", async () => {
  const { root, storage } = newStorage();
  return {
    storage,
    storedCacheControl: async (key) => {
      const meta = JSON.parse(readFileSync(path.join(root, "meta", `${key}.json`), "utf8")) as {
        cacheControl?: string;
      };
      return meta.cacheControl;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe("storage keys", () => {
  it.each([
    ["restaurants/abc/info/logo", true],
    ["shoppies/abc/items/def/4", true],
    ["", false],
    ["../etc/passwd", false],
    ["restaurants/../../etc", false],
    ["/absolute/path", false],
    ["restaurants//double", false],
    ["restaurants/a%2F..", false],
    ["restaurants/.hidden", false],
  ])("%j is valid: %s", (key, valid) => {
    expect(isValidKey(key)).toBe(valid);
  });
});

describe("local disk storage", () => {
  it("keeps objects and their metadata in separate trees", async () => {
    const { root, storage } = newStorage();
    await storage.put("restaurants/p1/info/logo", bytes, "image/png");

    expect(readFileSync(path.join(root, "objects/restaurants/p1/info/logo"))).toEqual(
      Buffer.from(bytes),
    );
    expect(
      JSON.parse(readFileSync(path.join(root, "meta/restaurants/p1/info/logo.json"), "utf8")),
    ).toEqual({ contentType: "image/png", cacheControl: "public, max-age=31536000, immutable" });
    expect(await storage.list("restaurants")).toEqual(["restaurants/p1/info/logo"]);
    // The metadata tree is out of reach of keys: "meta/..." names an object under objects/.
    expect(await storage.list("meta")).toEqual([]);
    expect(await storage.read("meta/restaurants/p1/info/logo.json")).toBeNull();

    await storage.delete("restaurants/p1/info/logo");
    expect(filesUnder(root)).toEqual([]);
  });

  it("uses a strong ETag from the sha256 of the bytes", async () => {
    const { storage } = newStorage();
    await storage.put("restaurants/p1/info/logo", bytes, "image/png");
    const digest = createHash("sha256").update(bytes).digest("base64url");
    expect((await storage.read("restaurants/p1/info/logo"))!.etag).toBe(`"${digest}"`);
  });

  it("never lets a reader see a partly written object", async () => {
    const { storage } = newStorage();
    const key = "restaurants/p1/info/background";
    // Large enough that a write in place would be caught half done.
    const versions = [new Uint8Array(128 * 1024).fill(1), new Uint8Array(256 * 1024).fill(2)];
    await storage.put(key, versions[0]!, "image/jpeg");

    const writes = (async () => {
      for (let round = 0; round < 20; round += 1) {
        await storage.put(key, versions[round % 2]!, "image/jpeg");
      }
    })();
    const reads = (async () => {
      for (let round = 0; round < 40; round += 1) {
        const { body } = (await storage.read(key))!;
        const whole = versions.some(
          (version) =>
            version.byteLength === body.byteLength && body.every((byte) => byte === version[0]),
        );
        expect(whole, `a read returned ${body.byteLength} bytes`).toBe(true);
      }
    })();
    await Promise.all([writes, reads]);
  });

  it("leaves no temporary files behind, and lists none while writing", async () => {
    const { root, storage } = newStorage();
    const writes = Array.from({ length: 20 }, (_, index) =>
      storage.put("shoppies/p/items/i1/0", new Uint8Array(64 * 1024).fill(index), "image/jpeg"),
    );
    const listings = Array.from({ length: 20 }, () => storage.list("shoppies/p"));
    for (const listing of await Promise.all(listings)) {
      expect(["", "shoppies/p/items/i1/0"]).toContain(listing.join());
    }
    await Promise.all(writes);
    expect(filesUnder(root)).toEqual([
      path.join("meta", "shoppies/p/items/i1/0.json"),
      path.join("objects", "shoppies/p/items/i1/0"),
    ]);
  });

  it("writes nothing for an invalid key", async () => {
    const { root, storage } = newStorage();
    await expect(storage.put("../escape", bytes, "image/jpeg")).rejects.toThrow(
      /Invalid storage key/,
    );
    expect(existsSync(path.join(root, "..", "escape"))).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });

  it("serves its objects under /files with the version in the query", () => {
    const { storage } = newStorage();
    expect(storage.publicUrl("restaurants/p1/info/logo", "3f2a")).toBe(
      "/files/restaurants/p1/info/logo?v=3f2a",
    );
  });

  it("removes a product's prefixes and ignores storage errors", async () => {
    const { storage } = newStorage();
    await storage.put("restaurants/pid/info/logo", bytes, "image/jpeg");
    await storage.put("restaurants/uid/info/logo", bytes, "image/jpeg");
    await storage.put("shoppies/pid/info/logo", bytes, "image/jpeg");
    await deleteProductFiles(storage, "restaurant", "pid", "uid");
    expect(await storage.list("restaurants")).toEqual([]);
    expect(await storage.list("shoppies")).toEqual(["shoppies/pid/info/logo"]);

    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failing: FileStorage = { ...storage, list: () => Promise.reject(new Error("disk gone")) };
    await expect(deleteProductFiles(failing, "shoppy", "pid", "uid")).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
