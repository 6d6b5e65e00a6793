/**
 * Another commit of this project, checked out and built beside this checkout, for the scripts
 * that measure the two in turn on one host (compare-uncached.ts, compare-instructions.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** This checkout's directory. */
export const OURS = path.resolve(import.meta.dirname, "..");

/** Runs a command with its output shown; gives its exit code. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return result.status ?? 1;
}

export function mustRun(command: string, args: string[], cwd: string) {
  if (run(command, args, cwd) !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/**
 * Checks `revision` out in a worktree, builds it and this checkout, hands its directory to
 * `work`, and always removes the worktree afterwards.
 */
export async function withOtherCheckout<T>(
  revision: string,
  work: (theirs: string) => Promise<T> | T,
): Promise<T> {
  const parent = mkdtempSync(path.join(os.tmpdir(), "bench-base-"));
  const theirs = path.join(parent, "checkout");
  mustRun("git", ["worktree", "add", "--detach", theirs, revision], OURS);
  try {
    // The same dependencies serve both when the lockfiles agree.
    const sameLock =
      readFileSync(path.join(OURS, "package-lock.json"), "utf8") ===
      readFileSync(path.join(theirs, "package-lock.json"), "utf8");
    if (sameLock) symlinkSync(path.join(OURS, "node_modules"), path.join(theirs, "node_modules"));
    else mustRun("npm", ["ci", "--no-audit", "--no-fund"], theirs);
    mustRun("npm", ["run", "build"], theirs);
    mustRun("npm", ["run", "build"], OURS);
    return await work(theirs);
  } finally {
    run("git", ["worktree", "remove", "--force", theirs], OURS);
    rmSync(parent, { recursive: true, force: true });
  }
}
