/**
 * `npm run admin -- restore <file>`: puts an archive made by `backup` into an
 * empty (or missing) DATA_DIR.
 *
 * Everything is first extracted and loaded into a staging folder; only a whole,
 * loadable copy is then moved into place, by renames. A refusal or a failure
 * leaves DATA_DIR as it was (and removes it if the restore created it).
 *
 * The staging folder lives inside DATA_DIR rather than beside it: DATA_DIR is
 * often a mounted volume, and a rename cannot cross from one file system to
 * another. The data-dir lock keeps a portal from starting on it meanwhile.
 */
import { chmodSync, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { extract as extractTar, list as listTar, type ReadEntry } from "tar";
import { acquireDataDirLock } from "../db/data-dir-lock.server";
import {
  ARCHIVE_ENTRIES,
  FORMAT_VERSION,
  checkManifest,
  isArchiveEntryPath,
  type BackupManifest,
} from "./archive-format.server";
import {
  BackupError,
  refuseServicesWithTheirOwnTools,
  type BackupSettings,
} from "./backup-settings.server";
import {
  countStoredObjects,
  embeddedDatabaseDir,
  holdsDatabase,
  holdsStoredFiles,
  localAuthSecretFile,
  localVapidKeysFile,
  storedFilesDir,
} from "./data-dir-layout.server";

export interface RestoreSummary {
  dataDir: string;
  manifest: BackupManifest;
  storedFiles: number;
  includesAuthSecret: boolean;
}

const STAGING_PREFIX = ".restore-";

/**
 * How the staging folder goes after a refusal. Should anything still write into it as it is
 * removed (PGlite closing on a dump it could not load), a file can appear in a folder being
 * removed: `rm` then fails with ENOTEMPTY, and Node's `rm` tries again a few times instead.
 */
const REMOVE_WHILE_SETTLING = { recursive: true, force: true, maxRetries: 5, retryDelay: 100 };

/** Where PGlite rebuilds the database from its dump, inside the staging folder. */
const STAGED_DATABASE = "db";

export async function restoreBackup(
  settings: BackupSettings,
  archivePath: string,
  holder: string,
): Promise<RestoreSummary> {
  refuseServicesWithTheirOwnTools(settings);
  const { dataDir } = settings;
  const archive = path.resolve(archivePath);
  if (!existsSync(archive) || !statSync(archive).isFile()) {
    throw new BackupError(`There is no file ${archive} to restore.`);
  }
  // Checked before locking too, so that this refusal does not even create the lock file.
  refuseDataDirWithData(dataDir);

  const createdDataDir = !existsSync(dataDir);
  const lock = acquireDataDirLock(dataDir, holder);
  let restored = false;
  try {
    // Again under the lock: a portal may have started on it in between.
    refuseDataDirWithData(dataDir);
    await removeAbandonedStaging(dataDir);
    const staging = await mkdtemp(path.join(dataDir, STAGING_PREFIX));
    try {
      const manifest = await extractArchive(archive, staging);
      await loadDatabaseDump(archive, staging);
      const includesAuthSecret = existsSync(path.join(staging, ARCHIVE_ENTRIES.authSecret));
      await moveIntoPlace(staging, [
        { from: STAGED_DATABASE, to: embeddedDatabaseDir(dataDir) },
        { from: ARCHIVE_ENTRIES.files, to: storedFilesDir(dataDir) },
        { from: ARCHIVE_ENTRIES.authSecret, to: localAuthSecretFile(dataDir) },
        { from: ARCHIVE_ENTRIES.vapidKeys, to: localVapidKeysFile(dataDir) },
      ]);
      restored = true;
      return {
        dataDir,
        manifest,
        storedFiles: countStoredObjects(storedFilesDir(dataDir)),
        includesAuthSecret,
      };
    } finally {
      await rm(staging, REMOVE_WHILE_SETTLING);
    }
  } finally {
    lock.release();
    if (!restored && createdDataDir) await rm(dataDir, REMOVE_WHILE_SETTLING);
  }
}

function refuseDataDirWithData(dataDir: string): void {
  const holds = holdsDatabase(dataDir) ? "a database" : holdsStoredFiles(dataDir) ? "files" : null;
  if (holds) {
    throw new BackupError(
      `DATA_DIR ${dataDir} already holds ${holds}; restore into an empty or new DATA_DIR, or move this one aside first.`,
    );
  }
}

/** Staging folders left by a restore that was killed; the lock says none is running now. */
async function removeAbandonedStaging(dataDir: string): Promise<void> {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) {
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
}

/** Plain files and folders only: a backup never holds links or devices. */
function isPlainEntry(entry: ReadEntry | { isFile(): boolean; isDirectory(): boolean }): boolean {
  if ("type" in entry) {
    return (
      entry.type === "File" ||
      entry.type === "OldFile" ||
      entry.type === "ContiguousFile" ||
      entry.type === "Directory"
    );
  }
  return entry.isFile() || entry.isDirectory();
}

function notABackup(archive: string): BackupError {
  return new BackupError(
    `${archive} is not a backup made by \`npm run admin -- backup\`, or it is damaged.`,
  );
}

/** An error reading the archive itself (not gzip, not tar, cut short), as opposed to the disk. */
function isUnreadableArchive(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === "string" &&
    (code.startsWith("TAR_") || code.startsWith("Z_") || code.startsWith("ERR_ZLIB"))
  );
}

async function extractArchive(archive: string, staging: string): Promise<BackupManifest> {
  try {
    // Read through once before anything is written: an archive cut short, or not a tar at all,
    // is refused before the extraction starts. Refused halfway through one, the tar parser
    // could still be writing an entry into the staging folder while the refusal removes it.
    await listTar({ file: archive, strict: true });
    await extractTar({
      file: archive,
      cwd: staging,
      // Anything the tar parser only warns about (a damaged header, a bad path) is a refusal here.
      strict: true,
      filter: (entryPath, entry) => isArchiveEntryPath(entryPath) && isPlainEntry(entry),
    });
  } catch (error) {
    if (isUnreadableArchive(error)) throw notABackup(archive);
    throw error;
  }
  const manifestFile = path.join(staging, ARCHIVE_ENTRIES.manifest);
  const check = checkManifest(existsSync(manifestFile) ? readFileSync(manifestFile, "utf8") : null);
  if (!check.ok && check.reason === "newer-format") {
    throw new BackupError(
      `${archive} was made by a newer version of the portal (backup format ${check.formatVersion}; ` +
        `this version reads format ${FORMAT_VERSION}). Restore it with that version or a later one.`,
    );
  }
  if (!check.ok || !existsSync(path.join(staging, ARCHIVE_ENTRIES.database))) {
    throw notABackup(archive);
  }
  const secretFile = path.join(staging, ARCHIVE_ENTRIES.authSecret);
  // It signs sessions: readable by the portal's user only, as the portal writes it.
  if (existsSync(secretFile)) chmodSync(secretFile, 0o600);
  const vapidFile = path.join(staging, ARCHIVE_ENTRIES.vapidKeys);
  if (existsSync(vapidFile)) chmodSync(vapidFile, 0o600);
  return check.manifest;
}

/**
 * Has PGlite turn its dump back into a data directory (staging/db), and opens
 * it once: an archive whose database does not start is refused here, before
 * anything moves into DATA_DIR.
 */
async function loadDatabaseDump(archive: string, staging: string): Promise<void> {
  const dumpFile = path.join(staging, ARCHIVE_ENTRIES.database);
  const dump = new Blob([await readFile(dumpFile)]);
  const client = new PGlite(path.join(staging, STAGED_DATABASE), { loadDataDir: dump });
  try {
    await client.waitReady;
    await client.query("select 1");
  } catch (error) {
    await client.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `The database in ${archive} does not load (${reason}); it may be damaged.`,
    );
  }
  await client.close();
  await rm(dumpFile);
}

/**
 * Renames each staged entry to its place. What was there (an empty database
 * folder, an empty files tree, a secret that signed no session) is moved into
 * the staging folder first and put back if a later rename fails.
 */
async function moveIntoPlace(
  staging: string,
  moves: Array<{ from: string; to: string }>,
): Promise<void> {
  const done: Array<{ to: string; setAside: string | null }> = [];
  try {
    for (const { from, to } of moves) {
      const source = path.join(staging, from);
      if (!existsSync(source)) continue;
      let setAside: string | null = null;
      if (existsSync(to)) {
        setAside = path.join(staging, `previous-${path.basename(to)}`);
        await rename(to, setAside);
      }
      done.push({ to, setAside });
      await rename(source, to);
    }
  } catch (error) {
    for (const { to, setAside } of done.reverse()) {
      await rm(to, { recursive: true, force: true });
      if (setAside) await rename(setAside, to);
    }
    throw error;
  }
}
