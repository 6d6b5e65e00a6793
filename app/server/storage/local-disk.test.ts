import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createLocalDiskStorage } from "./local-disk.server";
import { deletePrefix, deleteProductFiles, isValidKey, type FileStorage } from "./storage.server";

const bytes = new Uint8Array([1, 2, 3]);
const newStorage = () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "portal-files-"));
  return { root, storage: createLocalDiskStorage(root) };
};

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
  it("puts, lists by prefix and deletes", async () => {
    const { root, storage } = newStorage();
    await storage.put("restaurants/p1/info/logo", bytes, "image/jpeg");
    await storage.put("restaurants/p1/items/i1/image", bytes, "image/jpeg");
    await storage.put("restaurants/p10/info/logo", bytes, "image/jpeg");
    expect(await storage.list("restaurants/p1")).toEqual([
      "restaurants/p1/info/logo",
      "restaurants/p1/items/i1/image",
    ]);
    expect(await storage.list("restaurants/missing")).toEqual([]);
    await storage.delete("restaurants/p1/info/logo");
    expect(existsSync(path.join(root, "restaurants/p1/info/logo"))).toBe(false);
    await expect(storage.put("../escape", bytes, "image/jpeg")).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it("deletes a prefix recursively, 450 at a time", async () => {
    const { storage } = newStorage();
    for (let i = 0; i < 1000; i++)
      await storage.put(`shoppies/p/items/i${i}/0`, bytes, "image/jpeg");
    await storage.put("shoppies/other/info/logo", bytes, "image/jpeg");

    let inFlight = 0;
    let mostInFlight = 0;
    const counting: FileStorage = {
      ...storage,
      delete: async (key) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        await storage.delete(key);
        inFlight -= 1;
      },
    };
    expect(await deletePrefix(counting, "shoppies/p")).toBe(1000);
    expect(mostInFlight).toBe(450);
    expect(await storage.list("shoppies/p")).toEqual([]);
    expect(await storage.list("shoppies/other")).toEqual(["shoppies/other/info/logo"]);
  });

  it("removes a product's prefixes and ignores storage errors", async () => {
    const { storage } = newStorage();
    await storage.put("restaurants/pid/info/logo", bytes, "image/jpeg");
    await storage.put("restaurants/uid/info/logo", bytes, "image/jpeg");
    await storage.put("shoppies/pid/info/logo", bytes, "image/jpeg");
    await deleteProductFiles(storage, "restaurant", "pid", "uid");
    expect(await storage.list("restaurants")).toEqual([]);
    expect(await storage.list("shoppies")).toEqual(["shoppies/pid/info/logo"]);

    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing: FileStorage = { ...storage, list: () => Promise.reject(new Error("disk gone")) };
    await expect(deleteProductFiles(failing, "shoppy", "pid", "uid")).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
