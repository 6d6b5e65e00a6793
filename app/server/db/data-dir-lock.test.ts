import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
const hasProc = existsSync("/proc/self/stat") && existsSync("/proc/sys/kernel/random/boot_id");

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
}
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** A pid that certainly belonged to a process: one that has just exited. */
function pidOfExitedProcess(): number {
  return spawnSync("true").pid;
}

function writeLock(dir: string, record: Record<string, unknown>): string {
  const content = JSON.stringify({ holder: "the portal server", ...record });
  writeFileSync(path.join(dir, "db.lock"), content);
  return content;
}

/** The mutex that a process which crashed while replacing `staleContent` would leave. */
function leaveTakeoverOf(dir: string, staleContent: string): void {
  const hash = createHash("sha256").update(staleContent).digest("hex").slice(0, 16);
  writeFileSync(
    path.join(dir, `db.lock.takeover-${hash}`),
    JSON.stringify({ pid: pidOfExitedProcess(), hostname: os.hostname(), holder: "a takeover" }),
  );
}

const lockContent = (dir: string) => readFileSync(path.join(dir, "db.lock"), "utf8");

describe("acquireDataDirLock", () => {
  it("takes and releases the lock", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "test");
    const record: unknown = JSON.parse(lockContent(dir));
    expect(record).toMatchObject({ pid: process.pid, holder: "test", hostname: os.hostname() });
    lock.release();
    expect(existsSync(path.join(dir, "db.lock"))).toBe(false);
    acquireDataDirLock(dir, "test").release();
    // Nothing but the lock itself is ever left behind.
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses while a live process holds it, naming the holder", () => {
    const dir = tempDir();
    // The parent process (the test runner) is alive and is not us; a lock from
    // before start times were recorded is trusted on its pid alone.
    writeLock(dir, { pid: process.ppid });
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(
      /in use by the portal server \(process \d+\)/,
    );
  });

  it.runIf(hasProc)("refuses a live holder whose start time and boot match", () => {
    const dir = tempDir();
    const content = writeLock(dir, {
      pid: process.ppid,
      hostname: os.hostname(),
      startTime: startTimeOf(process.ppid),
      bootId: bootId(),
    });
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(
      `The embedded database in ${dir} is in use by the portal server (process ${process.ppid}).`,
    );
    expect(lockContent(dir)).toBe(content);
  });

  it("refuses a second lock in the same process", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "the portal server");
    try {
      expect(() => acquireDataDirLock(dir, "seed")).toThrow(`(process ${process.pid})`);
    } finally {
      lock.release();
    }
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = tempDir();
    writeLock(dir, { pid: pidOfExitedProcess(), hostname: os.hostname() });
    const lock = acquireDataDirLock(dir, "server");
    expect(JSON.parse(lockContent(dir))).toMatchObject({ pid: process.pid });
    lock.release();

    writeLock(dir, { pid: 2 ** 22 + 12345, holder: "crashed" });
    acquireDataDirLock(dir, "server").release();
  });

  it.runIf(hasProc)("takes over a lock whose pid now belongs to another process", () => {
    const dir = tempDir();
    for (const pid of [process.ppid, 1]) {
      writeLock(dir, {
        pid,
        hostname: os.hostname(),
        startTime: String(Number(startTimeOf(pid)) + 1),
        bootId: bootId(),
      });
      const lock = acquireDataDirLock(dir, "server");
      expect(JSON.parse(lockContent(dir))).toMatchObject({ pid: process.pid });
      lock.release();
    }
  });

  it.runIf(hasProc)("takes over a lock written before the machine restarted", () => {
    const dir = tempDir();
    writeLock(dir, {
      pid: process.ppid,
      hostname: os.hostname(),
      startTime: startTimeOf(process.ppid),
      bootId: "00000000-0000-0000-0000-000000000000",
    });
    acquireDataDirLock(dir, "server").release();
  });

  it("takes over a lock carrying our pid that this process never took", () => {
    // A restarted container runs the server under the same pid again.
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, hostname: os.hostname(), token: "from-before" });
    acquireDataDirLock(dir, "server").release();
  });

  it("takes over a lock that names no process", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "db.lock"), "");
    acquireDataDirLock(dir, "server").release();
  });

  it("refuses a lock taken on another host, naming the host", () => {
    const dir = tempDir();
    writeLock(dir, { pid: pidOfExitedProcess(), hostname: "web-2.example" });
    expect(() => acquireDataDirLock(dir, "seed")).toThrow(
      /in use by the portal server \(process \d+ on host web-2\.example\)/,
    );
  });

  it("release removes only its own lock", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "server");
    // Someone deleted ours by hand, and another process locked meanwhile.
    const other = writeLock(dir, { pid: process.ppid, hostname: os.hostname() });
    lock.release();
    expect(lockContent(dir)).toBe(other);
  });

  it("is not blocked by a takeover that a dead process left half done", () => {
    const dir = tempDir();
    const stale = writeLock(dir, { pid: pidOfExitedProcess(), hostname: os.hostname() });
    leaveTakeoverOf(dir, stale);
    writeFileSync(path.join(dir, `db.lock.tmp-${pidOfExitedProcess()}-abc`), "");
    const lock = acquireDataDirLock(dir, "server");
    expect(readdirSync(dir)).toEqual(["db.lock"]);
    lock.release();
  });
});

/**
 * Processes that wait for "go <dir>" on stdin, then try to lock <dir> and answer
 * "won" or the error; the winner holds the lock until "release".
 */
const RACER = `
import { createInterface } from "node:readline";
const { acquireDataDirLock } = await import(process.env.LOCK_MODULE);
let lock = null;
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir] = line.split(" ");
  if (command === "go") {
    try {
      lock = acquireDataDirLock(dir, "racer " + process.pid);
      console.log("won");
    } catch (error) {
      console.log(error.name + ": " + error.message);
    }
  } else if (command === "release") {
    lock?.release();
    lock = null;
    console.log("released");
  }
}
`;

describe("acquireDataDirLock in processes starting at the same instant", () => {
  const racers: Array<{ child: ChildProcess; next: () => Promise<string> }> = [];
  afterAll(() => racers.forEach(({ child }) => child.kill()));

  async function startRacers(count: number) {
    const modulePath = new URL("./data-dir-lock.server.ts", import.meta.url).pathname;
    for (let i = 0; i < count; i++) {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", RACER],
        { env: { ...process.env, LOCK_MODULE: modulePath }, stdio: ["pipe", "pipe", "inherit"] },
      );
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async () => String((await lines.next()).value);
      racers.push({ child, next });
    }
    for (const racer of racers) expect(await racer.next()).toBe("ready");
  }

  async function race(dir: string): Promise<string[]> {
    for (const { child } of racers) child.stdin!.write(`go ${dir}\n`);
    const outcomes = await Promise.all(racers.map(({ next }) => next()));
    for (const { child } of racers) child.stdin!.write("release\n");
    await Promise.all(racers.map(({ next }) => next()));
    return outcomes;
  }

  it("lets exactly one of eight take over a stale lock, round after round", async () => {
    await startRacers(8);
    for (let round = 0; round < 12; round++) {
      const dir = tempDir();
      // By turns: left by a process that exited; with a pid since reused; and with
      // its takeover left half done by a process that crashed.
      const kind = round % 3;
      const stale = writeLock(
        dir,
        kind === 1 && hasProc
          ? {
              pid: process.pid,
              hostname: os.hostname(),
              startTime: String(Number(startTimeOf(process.pid)) - 1),
              bootId: bootId(),
            }
          : { pid: pidOfExitedProcess(), hostname: os.hostname() },
      );
      if (kind === 2) leaveTakeoverOf(dir, stale);
      const outcomes = await race(dir);
      expect(outcomes.filter((outcome) => outcome === "won")).toHaveLength(1);
      for (const outcome of outcomes.filter((outcome) => outcome !== "won")) {
        expect(outcome).toMatch(/^DataDirBusyError: .* in use by racer \d+ \(process \d+\)/);
      }
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 60_000);
});
