/**
 * Where DATA_DIR keeps what a backup holds, and whether a directory already
 * holds any of it (a restore fills only a directory that holds nothing).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, "db");
}

/** The local-disk storage's root (objects and their metadata); see storage/local-disk.server.ts. */
export function storedFilesDir(dataDir: string): string {
  return path.join(dataDir, "files");
}

/** Written by env.server.ts when AUTH_SECRET is not set; it signs the session cookies. */
export function localAuthSecretFile(dataDir: string): string {
  return path.join(dataDir, "auth-secret");
}

/** The push notifications' key pair the portal made (devices' subscriptions are tied to it). */
export function localVapidKeysFile(dataDir: string): string {
  return path.join(dataDir, "vapid-keys.json");
}

/**
 * A database directory that exists but is empty is what an interrupted first
 * start leaves: it holds nothing to lose.
 */
export function holdsDatabase(dataDir: string): boolean {
  const dir = embeddedDatabaseDir(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Empty folders (storage creates them as it goes) are not files. */
export function holdsStoredFiles(dataDir: string): boolean {
  const dir = storedFilesDir(dataDir);
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some(
    (entry) => !entry.isDirectory(),
  );
}

/** Every stored object (not its metadata), to tell the operator how many files a backup holds. */
export function countStoredObjects(filesDir: string): number {
  const objects = path.join(filesDir, "objects");
  if (!existsSync(objects)) return 0;
  return readdirSync(objects, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  ).length;
}
