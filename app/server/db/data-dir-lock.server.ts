/**
 * PGlite has no lock between processes: two processes on one data directory
 * corrupt it. Whoever opens the embedded database (the server, seed, migrate,
 * admin commands) first takes this lock; a live holder makes everyone else stop
 * with a clear message, and a lock left by a dead process is taken over.
 *
 * Why exactly one process wins, even when several start at once over a stale lock:
 * - A lock (or takeover mutex) is written in full to a unique temporary file,
 *   then hard-linked to its name. link() fails with EEXIST when the name is
 *   taken, so one process creates it, and nobody ever reads it half-written.
 * - Its holder counts as alive only if the pid exists and, where /proc tells,
 *   the process start time and the boot id are the recorded ones: a pid since
 *   reused by an unrelated process does not keep the lock. A lock written on
 *   another host cannot be checked, so it counts as alive.
 * - Removing a stale file is the dangerous step (two processes both remove it,
 *   the second removing the lock the first has just made). It is done only while
 *   holding a takeover mutex named after the stale content
 *   (`db.lock.takeover-<hash>`), and only if the file still holds that content.
 *   Every record carries a random token, so replaced content never comes back
 *   and a latecomer taking the same mutex later leaves the new lock alone. After
 *   the removal everyone races link() again, and one wins.
 * - A mutex left by a process that died holding it is removed the same way,
 *   under a mutex named after its own content. No name is ever removed on the
 *   strength of a check that another process could invalidate, so there is no
 *   window in which two processes both believe they hold the lock.
 * The data directory must be on a file system with hard links.
 */
import { createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

export interface DataDirLock {
  release(): void;
}

const LOCK_NAME = "db.lock";
const TAKEOVER_PREFIX = `${LOCK_NAME}.takeover-`;
const TEMP_PREFIX = `${LOCK_NAME}.tmp-`;
/** A takeover is a few file operations; a mutex held longer than this belongs to a stuck process. */
const TAKEOVER_PATIENCE_MS = 5000;

interface HolderRecord {
  pid: number;
  holder: string;
  /** Absent in locks written before hosts and start times were recorded. */
  hostname?: string;
  startTime?: string;
  bootId?: string;
  token?: string;
}

type HolderState = "alive" | "dead" | "elsewhere";

/** Tokens of the locks this process holds, to tell them from stale ones carrying our pid. */
const heldTokens = new Set<string>();

export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_NAME);
  const token = randomBytes(12).toString("hex");
  const content = JSON.stringify({
    ...identifyThisProcess(),
    holder,
    token,
    since: new Date().toISOString(),
  });

  const deadline = Date.now() + TAKEOVER_PATIENCE_MS;
  while (Date.now() < deadline) {
    if (createExclusively(lockFile, content)) {
      heldTokens.add(token);
      removeLeftovers(dataDir);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldTokens.delete(token);
          // Someone may have deleted ours by hand and another process locked since.
          if (readContent(lockFile) === content) rmSync(lockFile, { force: true });
        },
      };
    }
    const current = readContent(lockFile);
    if (current === null) continue;
    const record = parseRecord(current);
    const state = record ? holderState(record) : "dead";
    if (record && state !== "dead") throw busyError(dataDir, record, state);
    if (!removeIfUnchanged(lockFile, current)) pause(10);
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}: another process keeps taking the lock.`);
}

function busyError(dataDir: string, record: HolderRecord, state: HolderState): DataDirBusyError {
  if (state === "elsewhere") {
    return new DataDirBusyError(
      `The embedded database in ${dataDir} is in use by ${record.holder} ` +
        `(process ${record.pid} on host ${record.hostname}). Stop it first, or point DATABASE_URL ` +
        "at a PostgreSQL server to share one database. If that host no longer runs it, delete " +
        `${path.join(dataDir, LOCK_NAME)}.`,
    );
  }
  return new DataDirBusyError(
    `The embedded database in ${dataDir} is in use by ${record.holder} (process ${record.pid}). ` +
      "Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.",
  );
}

/**
 * Deletes `file` if it still holds `expected`, one process at a time (see the
 * top of this file). False means another process is on it: try again shortly.
 */
function removeIfUnchanged(file: string, expected: string): boolean {
  const mutex = path.join(path.dirname(file), TAKEOVER_PREFIX + hashOf(expected));
  const mine = JSON.stringify({
    ...identifyThisProcess(),
    holder: "a lock takeover",
    token: randomBytes(12).toString("hex"),
  });
  if (!createExclusively(mutex, mine)) {
    const other = readContent(mutex);
    if (other === null) return false;
    const record = parseRecord(other);
    // Its holder died mid-takeover: clear that mutex the same way, then try again.
    if (!record || holderState(record) === "dead") removeIfUnchanged(mutex, other);
    return false;
  }
  try {
    if (readContent(file) === expected) rmSync(file, { force: true });
  } finally {
    rmSync(mutex, { force: true });
  }
  return true;
}

/** Clears what a process that crashed between two file operations left behind. */
function removeLeftovers(dataDir: string): void {
  try {
    for (const name of readdirSync(dataDir)) {
      const file = path.join(dataDir, name);
      if (name.startsWith(TEMP_PREFIX)) {
        // Judged by the pid in the name: a live writer's file may still be empty.
        const pid = Number(name.slice(TEMP_PREFIX.length).split("-")[0]);
        if (Number.isInteger(pid) && !processExists(pid)) rmSync(file, { force: true });
      } else if (name.startsWith(TAKEOVER_PREFIX)) {
        const content = readContent(file);
        const record = content === null ? null : parseRecord(content);
        if (content !== null && (!record || holderState(record) === "dead")) {
          removeIfUnchanged(file, content);
        }
      }
    }
  } catch {
    // Leftovers take a few bytes; failing to tidy them must not stop the start.
  }
}

function createExclusively(target: string, content: string): boolean {
  const temp = path.join(
    path.dirname(target),
    `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`,
  );
  writeFileSync(temp, content, { flag: "wx" });
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

function holderState(record: HolderRecord): HolderState {
  if (record.hostname !== undefined && record.hostname !== os.hostname()) return "elsewhere";
  if (record.token !== undefined && heldTokens.has(record.token)) return "alive";
  const currentBootId = readBootId();
  if (record.bootId && currentBootId && record.bootId !== currentBootId) return "dead";
  // Our own pid on a lock that is not ours: left by an earlier process (a restarted container).
  if (record.pid === process.pid || !processExists(record.pid)) return "dead";
  const startTime = readStartTime(record.pid);
  if (record.startTime && startTime && record.startTime !== startTime) return "dead";
  return "alive";
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function identifyThisProcess() {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: readStartTime(process.pid),
    bootId: readBootId(),
  };
}

/** Clock ticks from boot to the process's start (`starttime` in proc(5)), where /proc exists. */
function readStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses; fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}

let bootId: string | null | undefined;
function readBootId(): string | undefined {
  if (bootId === undefined) {
    try {
      bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    } catch {
      bootId = null;
    }
  }
  return bootId ?? undefined;
}

function readContent(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Null for content that names no process: it cannot belong to a live holder. */
function parseRecord(content: string): HolderRecord | null {
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    if (typeof parsed.pid !== "number") return null;
    const text = (key: string) => (typeof parsed[key] === "string" ? parsed[key] : undefined);
    return {
      pid: parsed.pid,
      holder: text("holder") ?? "another process",
      hostname: text("hostname"),
      startTime: text("startTime"),
      bootId: text("bootId"),
      token: text("token"),
    };
  } catch {
    return null;
  }
}

function hashOf(content: string): string {
  return createHash("sha256").update(content).digest("hex").slice(0, 16);
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
