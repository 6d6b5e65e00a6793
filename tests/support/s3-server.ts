/**
 * A real S3-compatible server (s3rver) on loopback, for tests of the S3 storage
 * driver: a free port, a fresh temporary directory and one empty bucket.
 *
 * It runs in a child process because s3rver encrypts ListObjectsV2 continuation
 * tokens with DES, which OpenSSL 3 only offers with Node's legacy provider; the
 * flag cannot be turned on inside the test process.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { S3StorageOptions } from "../../app/server/storage/s3.server";

export interface RunningS3Server {
  /** Options that point the S3 driver at this server's bucket. */
  storageOptions: S3StorageOptions;
  stop(): Promise<void>;
}

/**
 * Runs in the child: starts s3rver, reports its port on stdout, and stops on
 * SIGTERM or when the parent goes away (stdin closes).
 */
const CHILD_SCRIPT = `
const [modulePath, optionsJson] = process.argv.slice(1);
const S3rver = require(modulePath);
const server = new S3rver(JSON.parse(optionsJson));
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().catch(() => {}).finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.stdin.on("end", stop).resume();
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + "\\n"),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`;

const STARTUP_TIMEOUT_MS = 15_000;

export async function startS3Server(bucket = "test-bucket"): Promise<RunningS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "portal-s3rver-"));
  const options = {
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  };
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      "-e",
      CHILD_SCRIPT,
      createRequire(import.meta.url).resolve("s3rver"),
      JSON.stringify(options),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("s3rver did not start in time")),
        STARTUP_TIMEOUT_MS,
      );
      child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code}`)));
      createInterface({ input: child.stdout }).once("line", (line) => {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
    });
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  return {
    storageOptions: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
