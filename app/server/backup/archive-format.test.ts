import { describe, expect, it } from "vitest";
import {
  ARCHIVE_FORMAT,
  FORMAT_VERSION,
  checkManifest,
  createManifest,
  isArchiveEntryPath,
} from "./archive-format.server";

describe("backup archive format", () => {
  it("reads back the manifest it writes", () => {
    const manifest = createManifest(["database.tar", "files"], new Date("2026-01-02T03:04:05Z"));
    expect(checkManifest(JSON.stringify(manifest))).toEqual({ ok: true, manifest });
    expect(manifest).toMatchObject({
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: "2026-01-02T03:04:05.000Z",
    });
  });

  it("refuses what is not a manifest of ours, and formats newer than it reads", () => {
    for (const text of [null, "", "not json", "[]", "42", '{"format":"other","formatVersion":1}']) {
      expect(checkManifest(text)).toEqual({ ok: false, reason: "not-a-backup" });
    }
    expect(checkManifest(JSON.stringify({ format: ARCHIVE_FORMAT, formatVersion: 1.5 }))).toEqual({
      ok: false,
      reason: "not-a-backup",
    });
    expect(
      checkManifest(JSON.stringify({ format: ARCHIVE_FORMAT, formatVersion: FORMAT_VERSION + 1 })),
    ).toEqual({ ok: false, reason: "newer-format", formatVersion: FORMAT_VERSION + 1 });
  });

  it("extracts only the entries a backup writes", () => {
    for (const entry of [
      "manifest.json",
      "./database.tar",
      "auth-secret",
      "files/",
      "files/objects/restaurants/x/info/logo",
    ]) {
      expect(isArchiveEntryPath(entry), entry).toBe(true);
    }
    for (const entry of [
      "db.lock",
      "filesystem",
      "mail/x.eml",
      "../files/x",
      "manifest.json.bak",
    ]) {
      expect(isArchiveEntryPath(entry), entry).toBe(false);
    }
  });
});
