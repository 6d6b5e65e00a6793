// `npm run admin -- <command>`: operator commands (see "Operator commands" in docs/operators.md).
import { stdin } from "node:process";
import { createBackup } from "../app/server/backup/backup.server";
import {
  BackupError,
  backupSettingsFromEnvironment,
} from "../app/server/backup/backup-settings.server";
import { restoreBackup } from "../app/server/backup/restore.server";
import { DataDirBusyError } from "../app/server/db/data-dir-lock.server";
import { ConfigError } from "../app/server/runtime/env.server";
import type { RunningServices } from "../app/server/runtime/services.server";

const USAGE = `Usage: npm run admin -- <command>

  list-users                          every user with status, limit and product count
  create-user <email> <username>      prints a generated password, or reads one from stdin
  set-status <email> <status>         e.g. valid, suspended (only "valid" may create sites)
  set-max-products <email> <n>        a whole number; the portal never allows more than 3
  delete-user <email>                 the user, their sites, items and files
  backup <file>                       the embedded database, files and auth secret, as one .tar.gz
                                      (stop the portal first)
  restore <file>                      a backup, into an empty or new DATA_DIR`;

const ARITY: Record<string, number> = {
  "list-users": 0,
  "create-user": 2,
  "set-status": 2,
  "set-max-products": 2,
  "delete-user": 1,
  backup: 1,
  restore: 1,
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const [command, ...args] = process.argv.slice(2);
if (!command || !(command in ARITY) || args.length !== ARITY[command]) {
  console.error(command && !(command in ARITY) ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
  process.exit(2);
}

// A password piped in is read before the database opens, so a slow pipe holds nothing.
const pipedPassword = command === "create-user" && !stdin.isTTY ? await readStdin() : "";

/**
 * Backup and restore work on DATA_DIR's files rather than through the app's
 * services: a backup opens the database only to dump it, and a restore into an
 * empty directory must not create a database there first.
 */
async function runArchiveCommand(name: "backup" | "restore", file: string): Promise<void> {
  const holder = `\`npm run admin -- ${name}\``;
  try {
    const settings = backupSettingsFromEnvironment();
    if (name === "backup") {
      const summary = await createBackup(settings, file, holder);
      const files = `${summary.storedFiles} stored file${summary.storedFiles === 1 ? "" : "s"}`;
      const held = summary.includesAuthSecret
        ? `the database, ${files} and the auth secret`
        : `the database and ${files}`;
      console.log(`Backed up ${settings.dataDir} to ${summary.archive}: ${held}.`);
      if (!summary.includesAuthSecret) {
        console.log(
          "The sessions are signed with AUTH_SECRET from the environment: keep that value with the backup.",
        );
      }
    } else {
      const { dataDir, manifest, storedFiles, includesAuthSecret } = await restoreBackup(
        settings,
        file,
        holder,
      );
      const files = `${storedFiles} stored file${storedFiles === 1 ? "" : "s"}`;
      console.log(
        `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}) into ${dataDir}: ` +
          `the database and ${files}. Start the portal to use it.`,
      );
      if (!includesAuthSecret) {
        console.log(
          "The backup holds no auth secret: start the portal with the AUTH_SECRET it had, or its sessions end.",
        );
      }
    }
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirBusyError
    ) {
      console.error(error.message);
    } else {
      console.error(`npm run admin -- ${name} failed:`, error);
    }
    process.exitCode = 1;
  }
}

async function runAccountCommand(services: RunningServices): Promise<void> {
  const {
    AdminError,
    createUser,
    deleteUser,
    generatePassword,
    listUsers,
    setMaxProducts,
    setStatus,
  } = await import("../app/server/accounts/admin.server");
  try {
    switch (command) {
      case "list-users": {
        const rows = await listUsers(services);
        if (rows.length === 0) console.log("No users.");
        for (const row of rows) {
          console.log(
            [
              row.email,
              row.username,
              `status=${row.status}`,
              `max=${row.maxProduct}`,
              `products=${row.products}`,
            ].join("\t"),
          );
        }
        break;
      }
      case "create-user": {
        const [email, username] = args as [string, string];
        const password = pipedPassword || generatePassword();
        await createUser(services, { email, username, password });
        console.log(
          pipedPassword ? `Created ${email}.` : `Created ${email} with the password: ${password}`,
        );
        break;
      }
      case "set-status": {
        const [email, status] = args as [string, string];
        await setStatus(services, email, status);
        console.log(`Status of ${email} set to ${status.trim()}.`);
        break;
      }
      case "set-max-products": {
        const [email, n] = args as [string, string];
        await setMaxProducts(services, email, n);
        console.log(`Product limit of ${email} set to ${n.trim()}.`);
        break;
      }
      case "delete-user": {
        const [email] = args as [string];
        const { products } = await deleteUser(services, email);
        console.log(`Deleted ${email} and ${products} site${products === 1 ? "" : "s"}.`);
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

if (command === "backup" || command === "restore") {
  await runArchiveCommand(command, args[0]!);
} else {
  // Only the account commands load the app's services (accounts, sign-in, mail, storage):
  // a backup or a restore, and above all a refused one, answers without paying for them.
  const { runCommand } = await import("./run-command");
  await runCommand(`npm run admin -- ${command}`, runAccountCommand);
}
