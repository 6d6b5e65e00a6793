/**
 * What every FileStorage driver promises. Each driver's test file calls
 * `describeStorageContract` once, against the real backend (a temporary
 * directory, a real S3-compatible server), so the drivers cannot drift apart.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  STORED_FILE_CACHE_CONTROL,
  InvalidStorageKeyError,
  deletePrefix,
  type FileStorage,
} from "./storage.server";

export interface StorageUnderTest {
  /** A driver over an empty backend of its own. */
  storage: FileStorage;
  /** The Cache-Control the backend itself holds for `key`, read without the driver. */
  storedCacheControl(key: string): Promise<string | undefined>;
  /** Removes the backend's data once the test is over. */
  cleanup?(): Promise<void>;
}

const LARGE_TEST_TIMEOUT_MS = 60_000;

const INVALID_KEYS = [
  "",
  "../escape",
  "restaurants/../../etc/passwd",
  "/absolute/path",
  "restaurants//double",
  "restaurants/p1/",
  "restaurants\\p1\\info\\logo",
  "restaurants/p1%2Finfo",
  "restaurants/.hidden",
];

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Puts many small objects, a bounded number at a time so no backend is flooded. */
async function putMany(storage: FileStorage, keys: string[]): Promise<void> {
  const concurrency = 50;
  for (let start = 0; start < keys.length; start += concurrency) {
    await Promise.all(
      keys
        .slice(start, start + concurrency)
        .map((key) => storage.put(key, bytesOf(key), "image/jpeg")),
    );
  }
}

export function describeStorageContract(
  name: string,
  makeStorage: () => Promise<StorageUnderTest>,
): void {
  describe(`${name}: storage contract`, () => {
    let subject: StorageUnderTest;
    let storage: FileStorage;

    beforeEach(async () => {
      subject = await makeStorage();
      storage = subject.storage;
    });
    afterEach(async () => {
      await subject.cleanup?.();
    });

    it("reads back the stored bytes with their content type", async () => {
      const body = new Uint8Array([0, 1, 2, 250, 255]);
      await storage.put("restaurants/p1/info/logo", body, "image/png");

      const stored = await storage.read("restaurants/p1/info/logo");
      expect(stored).not.toBeNull();
      expect(Array.from(stored!.body)).toEqual(Array.from(body));
      expect(stored!.contentType).toBe("image/png");
      expect(stored!.etag).toMatch(/^"[^"]+"$/);

      expect(await storage.read("restaurants/p1/info/background")).toBeNull();
      // A prefix of stored keys is not an object.
      expect(await storage.read("restaurants/p1/info")).toBeNull();
    });

    it("stores every object with a year-long immutable Cache-Control", async () => {
      await storage.put("restaurants/p1/info/logo", bytesOf("logo"), "image/jpeg");
      expect(await subject.storedCacheControl("restaurants/p1/info/logo")).toBe(
        "public, max-age=31536000, immutable",
      );
      expect((await storage.read("restaurants/p1/info/logo"))!.cacheControl).toBe(
        STORED_FILE_CACHE_CONTROL,
      );
    });

    it("replaces the bytes, content type and ETag on overwrite", async () => {
      const key = "shoppies/p1/items/i1/0";
      await storage.put(key, bytesOf("first version"), "image/jpeg");
      const first = (await storage.read(key))!;

      await storage.put(key, bytesOf("second, longer version"), "image/webp");
      const second = (await storage.read(key))!;
      expect(new TextDecoder().decode(second.body)).toBe("second, longer version");
      expect(second.contentType).toBe("image/webp");
      expect(second.etag).not.toBe(first.etag);

      await storage.put(key, bytesOf("first version"), "image/jpeg");
      expect((await storage.read(key))!.etag).toBe(first.etag);
      expect(await storage.list("shoppies/p1")).toEqual([key]);
    });

    it("lists the keys under a prefix, sorted, without its neighbours", async () => {
      await storage.put("restaurants/p1/items/i2/image", bytesOf("b"), "image/jpeg");
      await storage.put("restaurants/p1/info/logo", bytesOf("a"), "image/jpeg");
      await storage.put("restaurants/p1/items/i1/image", bytesOf("c"), "image/jpeg");
      await storage.put("restaurants/p10/info/logo", bytesOf("d"), "image/jpeg");
      await storage.put("shoppies/p1/info/logo", bytesOf("e"), "image/jpeg");

      expect(await storage.list("restaurants/p1")).toEqual([
        "restaurants/p1/info/logo",
        "restaurants/p1/items/i1/image",
        "restaurants/p1/items/i2/image",
      ]);
      expect(await storage.list("restaurants/p10")).toEqual(["restaurants/p10/info/logo"]);
      expect(await storage.list("restaurants/p10/info/logo")).toEqual([
        "restaurants/p10/info/logo",
      ]);
      expect(await storage.list("restaurants/p1/info/log")).toEqual([]);
      expect(await storage.list("restaurants/missing")).toEqual([]);
      expect(await storage.list("restaurants")).toHaveLength(4);
    });

    it(
      "lists more than a thousand objects (beyond one S3 page)",
      async () => {
        const keys = Array.from(
          { length: 1100 },
          (_, index) => `restaurants/big/items/i${index}/image`,
        );
        await putMany(storage, keys);
        await storage.put("restaurants/big2/info/logo", bytesOf("x"), "image/jpeg");

        expect(await storage.list("restaurants/big")).toEqual([...keys].sort());
      },
      LARGE_TEST_TIMEOUT_MS,
    );

    it("deletes one object; deleting a missing key is not an error", async () => {
      await storage.put("restaurants/p1/info/logo", bytesOf("a"), "image/jpeg");
      await storage.put("restaurants/p1/info/background", bytesOf("b"), "image/jpeg");

      await storage.delete("restaurants/p1/info/logo");
      await storage.delete("restaurants/p1/info/logo");
      await storage.delete("restaurants/never/info/logo");

      expect(await storage.read("restaurants/p1/info/logo")).toBeNull();
      expect(await storage.list("restaurants/p1")).toEqual(["restaurants/p1/info/background"]);
    });

    it(
      "deletes exactly a prefix, at most 450 at a time",
      async () => {
        const keys = Array.from({ length: 1000 }, (_, index) => `shoppies/p/items/i${index}/0`);
        await putMany(storage, keys);
        await storage.put("shoppies/p2/info/logo", bytesOf("neighbour"), "image/jpeg");
        await storage.put("shoppies/other/info/logo", bytesOf("other"), "image/jpeg");

        // Watches the calls deletePrefix makes, whichever way the driver deletes.
        const deleteManyBatches: number[] = [];
        let inFlight = 0;
        let mostInFlight = 0;
        const watched: FileStorage = {
          ...storage,
          delete: async (key) => {
            inFlight += 1;
            mostInFlight = Math.max(mostInFlight, inFlight);
            try {
              await storage.delete(key);
            } finally {
              inFlight -= 1;
            }
          },
          deleteMany:
            storage.deleteMany &&
            (async (batch) => {
              deleteManyBatches.push(batch.length);
              await storage.deleteMany!(batch);
            }),
        };

        expect(await deletePrefix(watched, "shoppies/p")).toBe(1000);
        if (storage.deleteMany) expect(deleteManyBatches).toEqual([450, 450, 100]);
        else expect(mostInFlight).toBe(450);

        expect(await storage.list("shoppies/p")).toEqual([]);
        expect(await storage.list("shoppies")).toEqual([
          "shoppies/other/info/logo",
          "shoppies/p2/info/logo",
        ]);
      },
      LARGE_TEST_TIMEOUT_MS,
    );

    it.each(INVALID_KEYS)("rejects the invalid key %j in every operation", async (key) => {
      const body = bytesOf("x");
      await expect(storage.put(key, body, "image/jpeg")).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.read(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.list(key)).rejects.toThrow(InvalidStorageKeyError);
      expect(() => storage.publicUrl(key, "v1")).toThrow(InvalidStorageKeyError);
      if (storage.deleteMany) {
        await expect(storage.deleteMany(["restaurants/p1/info/logo", key])).rejects.toThrow(
          InvalidStorageKeyError,
        );
      }
    });

    it("rejects a content type that could break a response header", async () => {
      await expect(
        storage.put("restaurants/p1/info/logo", bytesOf("x"), "image/png\r\nSet-Cookie: a=b"),
      ).rejects.toThrow(/content type/);
      await expect(storage.put("restaurants/p1/info/logo", bytesOf("x"), "")).rejects.toThrow(
        /content type/,
      );
      expect(await storage.list("restaurants")).toEqual([]);
    });

    it("puts the version into the public URL, so new bytes get a new URL", () => {
      const key = "restaurants/p1/info/logo";
      const first = storage.publicUrl(key, "abc123");
      const second = storage.publicUrl(key, "def456");

      expect(first).toContain(key);
      expect(new URL(first, "http://portal.test").searchParams.get("v")).toBe("abc123");
      expect(second).not.toBe(first);
      expect(second).toContain("v=def456");
      expect(storage.publicUrl(key, "abc123")).toBe(first);
      expect(storage.publicUrl(key, "a b&c")).toContain("v=a%20b%26c");
    });
  });
}
