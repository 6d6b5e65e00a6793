import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));

describe("acquireDataDirLock", () => {
  it("takes and releases the lock", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "test");
    expect(existsSync(path.join(dir, "db.lock"))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, "db.lock"))).toBe(false);
    acquireDataDirLock(dir, "test").release();
  });

  it("refuses while a live process holds it, naming the holder", () => {
    const dir = tempDir();
    // The parent process (the test runner) is alive and is not us.
    writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: process.ppid, holder: "the portal server" }),
    );
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(/the portal server \(process \d+\)/);
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: 2 ** 22 + 12345, holder: "crashed" }),
    );
    const lock = acquireDataDirLock(dir, "server");
    lock.release();
  });
});
