/**
 * The backup/ folder owns `npm run admin -- backup` and `restore`: the archive's format,
 * what DATA_DIR holds, and the settings they need.
 *
 * `npm run admin -- backup <file>`: the embedded database, the files on disk
 * and the local auth secret, in one archive (see archive-format.server.ts).
 *
 * PGlite serves one process, so the backup takes the data-dir lock like any
 * other process opening the database: it runs while the portal is stopped, and
 * a running portal makes it stop with the lock's message. The lock is held only
 * while the data is copied out; compressing happens after it is released.
 */
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { copyFile, cp, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { create as createTar } from "tar";
import { acquireDataDirLock } from "../db/data-dir-lock.server";
import { ARCHIVE_ENTRIES, createManifest } from "./archive-format.server";
import {
  BackupError,
  refuseServicesWithTheirOwnTools,
  type BackupSettings,
} from "./backup-settings.server";
import {
  countStoredObjects,
  embeddedDatabaseDir,
  holdsDatabase,
  localAuthSecretFile,
  localVapidKeysFile,
  storedFilesDir,
} from "./data-dir-layout.server";

export interface BackupSummary {
  archive: string;
  storedFiles: number;
  /** False when the portal signs sessions with AUTH_SECRET from the environment instead. */
  includesAuthSecret: boolean;
}

export async function createBackup(
  settings: BackupSettings,
  archivePath: string,
  holder: string,
): Promise<BackupSummary> {
  refuseServicesWithTheirOwnTools(settings);
  const { dataDir } = settings;
  const archive = path.resolve(archivePath);
  if (isInside(archive, dataDir)) {
    throw new BackupError(
      `Write the backup outside DATA_DIR (${dataDir}): an archive inside it would be lost with it.`,
    );
  }
  const folder = path.dirname(archive);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`Cannot write ${archive}: the folder ${folder} does not exist.`);
  }
  if (existsSync(archive) && statSync(archive).isDirectory()) {
    throw new BackupError(`Cannot write ${archive}: it is a folder; name the archive file.`);
  }
  if (!holdsDatabase(dataDir)) {
    throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  }

  // Beside the archive, so the final rename stays on one file system and an
  // archive that exists is always complete.
  const staging = await mkdtemp(path.join(folder, ".portal-backup-"));
  const partialArchive = `${archive}.partial-${randomBytes(6).toString("hex")}`;
  try {
    const contents = await copyDataDirOut(dataDir, staging, holder);
    await writeFile(
      path.join(staging, ARCHIVE_ENTRIES.manifest),
      `${JSON.stringify(createManifest(contents), null, 2)}\n`,
    );
    // Readable by its owner only: it holds password hashes and the secret that signs sessions.
    await createTar(
      { gzip: true, file: partialArchive, cwd: staging, portable: true, mode: 0o600 },
      [ARCHIVE_ENTRIES.manifest, ...contents],
    );
    await rename(partialArchive, archive);
    return {
      archive,
      storedFiles: countStoredObjects(path.join(staging, ARCHIVE_ENTRIES.files)),
      includesAuthSecret: contents.includes(ARCHIVE_ENTRIES.authSecret),
    };
  } finally {
    await rm(partialArchive, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Copies what the archive holds into `staging` under the data-dir lock; returns the entries written. */
async function copyDataDirOut(dataDir: string, staging: string, holder: string): Promise<string[]> {
  const lock = acquireDataDirLock(dataDir, holder);
  try {
    const contents: string[] = [ARCHIVE_ENTRIES.database];
    await writeFile(
      path.join(staging, ARCHIVE_ENTRIES.database),
      await dumpEmbeddedDatabase(embeddedDatabaseDir(dataDir)),
    );
    const filesDir = storedFilesDir(dataDir);
    if (existsSync(filesDir)) {
      await cp(filesDir, path.join(staging, ARCHIVE_ENTRIES.files), {
        recursive: true,
        // Names starting with a dot are writes the storage had not finished (see
        // local-disk.server.ts): never part of what it serves.
        filter: (source) => !path.basename(source).startsWith("."),
      });
      contents.push(ARCHIVE_ENTRIES.files);
    }
    const secrets = [
      { file: localAuthSecretFile(dataDir), entry: ARCHIVE_ENTRIES.authSecret },
      // Without it, a restored portal makes a new pair and every device must subscribe again.
      { file: localVapidKeysFile(dataDir), entry: ARCHIVE_ENTRIES.vapidKeys },
    ];
    for (const { file, entry } of secrets) {
      if (!existsSync(file)) continue;
      await copyFile(file, path.join(staging, entry));
      contents.push(entry);
    }
    return contents;
  } finally {
    lock.release();
  }
}

/** PGlite's own dump of its data directory: a tar that `loadDataDir` reads back. */
async function dumpEmbeddedDatabase(databaseDir: string): Promise<Uint8Array> {
  const client = new PGlite(databaseDir);
  let dump: Blob;
  try {
    await client.waitReady;
    // Writes every change into the data files, so the dump needs no log replay to be whole.
    await client.query("checkpoint");
    // Uncompressed: the archive around it is gzipped anyway.
    dump = await client.dumpDataDir("none");
  } catch (error) {
    // The first error is the one to report, not a failure to close after it.
    await client.close().catch(() => {});
    throw error;
  }
  await client.close();
  return new Uint8Array(await dump.arrayBuffer());
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
