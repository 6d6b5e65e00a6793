/**
 * What `npm run admin -- backup` and `restore` need from the configuration, and
 * the setups they leave to other tools: a PostgreSQL server (pg_dump and
 * pg_restore) and an S3 bucket (a bucket copy), which have their own, better ones.
 */
import { createECDH } from "node:crypto";
import { loadEnv, type Env } from "../runtime/env.server";

/** A refusal or a failure an operator can act on, told in one line. */
export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupSettings = Pick<Env, "dataDir" | "databaseUrl" | "storage">;

/**
 * Stands in for AUTH_SECRET while reading the configuration: without one,
 * loadEnv generates a secret into DATA_DIR, which would put a stray file into
 * the directory a restore is about to fill, and into a backup a secret that
 * signed no session. Backups never sign anything, so the value is never used.
 */
const UNUSED_AUTH_SECRET = "backup-and-restore-sign-nothing-with-this-value";

/**
 * The same for the push notifications' VAPID pair, made in memory: without one, loadEnv
 * would make a pair in DATA_DIR. Backups push nothing.
 */
function unusedVapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: Buffer.from(
      ecdh.getPrivateKey().toString("hex").padStart(64, "0"),
      "hex",
    ).toString("base64url"),
  };
}

/** The server's configuration (same variables, same checks), read without side effects. */
export function backupSettingsFromEnvironment(
  source: NodeJS.ProcessEnv = process.env,
): BackupSettings {
  const { dataDir, databaseUrl, storage } = loadEnv({
    ...source,
    AUTH_SECRET: source.AUTH_SECRET || UNUSED_AUTH_SECRET,
    ...(source.VAPID_PUBLIC_KEY || source.VAPID_PRIVATE_KEY ? {} : unusedVapidKeys()),
  });
  return { dataDir, databaseUrl, storage };
}

const RECIPE = 'see "Backups" in docs/operators.md';

/** Backups cover the embedded database and files on disk; anything else has its own tools. */
export function refuseServicesWithTheirOwnTools(settings: BackupSettings): void {
  const external = [
    settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : null,
    settings.storage.driver === "s3" ? "S3 storage (STORAGE_DRIVER=s3)" : null,
  ].filter((name): name is string => name !== null);
  if (external.length === 0) return;
  const tools = [
    settings.databaseUrl ? "pg_dump and pg_restore for the database" : null,
    settings.storage.driver === "s3"
      ? "a bucket copy (aws s3 sync, rclone sync) for the files"
      : null,
  ].filter((tool): tool is string => tool !== null);
  throw new BackupError(
    `This portal uses ${external.join(" and ")}, which backup and restore do not cover: ` +
      `use ${tools.join(", and ")}; ${RECIPE}.`,
  );
}
