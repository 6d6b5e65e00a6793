/**
 * The backup archive: one .tar.gz whose entries are
 *
 *   manifest.json   what made it, when, and in which format (first, so a look tells)
 *   database.tar    the embedded database as PGlite's own dump (dumpDataDir)
 *   files/…         DATA_DIR/files as the local-disk storage keeps it
 *   auth-secret     DATA_DIR/auth-secret, when the portal generated one
 *   vapid-keys.json DATA_DIR/vapid-keys.json, when the portal generated the push key pair
 *
 * FORMAT_VERSION goes up whenever a restore by an older version would get the
 * archive wrong; a restore refuses archives newer than it understands.
 */
import { readFileSync } from "node:fs";
import { projectPath } from "../runtime/paths.server";

export const ARCHIVE_FORMAT = "site-builder-portal-backup";
export const FORMAT_VERSION = 1;

export const ARCHIVE_ENTRIES = {
  manifest: "manifest.json",
  database: "database.tar",
  files: "files",
  authSecret: "auth-secret",
  vapidKeys: "vapid-keys.json",
} as const;

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** ISO 8601, when the backup was made. */
  createdAt: string;
  /** The portal's version (package.json) that made it. */
  appVersion: string;
  /** The entries besides the manifest, for anyone looking inside by hand. */
  contents: string[];
}

export function portalVersion(): string {
  const packageJson = JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as {
    version?: unknown;
  };
  return typeof packageJson.version === "string" ? packageJson.version : "unknown";
}

export function createManifest(contents: string[], now = new Date()): BackupManifest {
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: now.toISOString(),
    appVersion: portalVersion(),
    contents,
  };
}

export type ManifestCheck =
  | { ok: true; manifest: BackupManifest }
  | { ok: false; reason: "not-a-backup" }
  | { ok: false; reason: "newer-format"; formatVersion: number };

/** Reads a manifest's text; anything but one of ours in a format we read is refused. */
export function checkManifest(text: string | null): ManifestCheck {
  let parsed: unknown;
  try {
    parsed = text === null ? null : JSON.parse(text);
  } catch {
    return { ok: false, reason: "not-a-backup" };
  }
  if (typeof parsed !== "object" || parsed === null) return { ok: false, reason: "not-a-backup" };
  const fields = parsed as Record<string, unknown>;
  const { formatVersion } = fields;
  if (
    fields.format !== ARCHIVE_FORMAT ||
    typeof formatVersion !== "number" ||
    !Number.isInteger(formatVersion) ||
    formatVersion < 1
  ) {
    return { ok: false, reason: "not-a-backup" };
  }
  if (formatVersion > FORMAT_VERSION) return { ok: false, reason: "newer-format", formatVersion };
  return {
    ok: true,
    manifest: {
      format: ARCHIVE_FORMAT,
      formatVersion,
      createdAt: typeof fields.createdAt === "string" ? fields.createdAt : "an unknown date",
      appVersion: typeof fields.appVersion === "string" ? fields.appVersion : "unknown",
      contents: Array.isArray(fields.contents)
        ? fields.contents.filter((entry): entry is string => typeof entry === "string")
        : [],
    },
  };
}

/**
 * Whether a path read from an archive is one a backup writes: anything else
 * (a link, a device, a name outside this list) is skipped on extraction, so a
 * crafted archive cannot place anything else in DATA_DIR.
 */
export function isArchiveEntryPath(entryPath: string): boolean {
  const normalized = entryPath.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  return (
    normalized === ARCHIVE_ENTRIES.manifest ||
    normalized === ARCHIVE_ENTRIES.database ||
    normalized === ARCHIVE_ENTRIES.authSecret ||
    normalized === ARCHIVE_ENTRIES.vapidKeys ||
    normalized === ARCHIVE_ENTRIES.files ||
    normalized.startsWith(`${ARCHIVE_ENTRIES.files}/`)
  );
}
