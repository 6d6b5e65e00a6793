/**
 * The first start's seed, made in a short-lived process of its own. Rendering the example
 * sites' pictures (sharp, with a thread per core) and writing their rows leaves the server's
 * process with some 120 MB it never gives back: glibc keeps each thread's malloc arena, and
 * PGlite's WebAssembly memory only grows. A process that exits gives all of it back, so the
 * server answers its first request as small as after any restart.
 */
import { spawn } from "node:child_process";
import type { FirstStartSeed } from "./first-start.server";

/** How the seeding process is started: Node with these arguments (server.js and its flag). */
export type SeedProcessArgs = readonly string[];

/**
 * Runs the seeding process to its end and returns what it seeded, as it reports it over IPC.
 * Its log lines are the server's own. Rejects when it fails, with its exit code.
 */
export function seedInChildProcess(args: SeedProcessArgs): Promise<FirstStartSeed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: process.env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let reported: FirstStartSeed | null = null;
    child.on("message", (message: FirstStartSeed) => (reported = message));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0 && reported) return resolve(reported);
      const how = code === 0 ? "it ended without a report" : (signal ?? `exit code ${code}`);
      reject(new Error(`Seeding the first start failed (${how}).`));
    });
  });
}

/** The seeding process's side: says what it seeded to the server that started it. */
export function reportSeed(seed: FirstStartSeed): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return resolve();
    process.send(seed, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}
