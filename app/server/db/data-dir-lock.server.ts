/**
 * PGlite has no lock between processes: two processes on one data directory
 * corrupt it. Whoever opens the embedded database (the server, seed, migrate,
 * admin commands) first takes this lock; a live holder makes everyone else stop
 * with a clear message, and a lock left by a dead process is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "db.lock");
  const content = JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() });

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const current = readLock(file);
      if (current && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by ${current.holder} (process ${current.pid}). ` +
            "Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.",
        );
      }
      // Stale lock from a process that is gone: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}: another process keeps taking the lock.`);
}

function readLock(file: string): { pid: number; holder: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { pid?: unknown; holder?: unknown };
    if (typeof parsed.pid !== "number") return null;
    return {
      pid: parsed.pid,
      holder: typeof parsed.holder === "string" ? parsed.holder : "another process",
    };
  } catch {
    return null;
  }
}
