/**
 * Starts extra portal servers for the tests that need their own process:
 * restarts, signals, a second server on one data directory, real client
 * addresses, PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { closeSync, cpSync, mkdtempSync, openSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PortalProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
}

/** Starts a server on an empty `dataDir` and stops it: the directory its first start leaves. */
export async function makeDataDirTemplate(dataDir: string, seedDemo: boolean): Promise<void> {
  const portal = await startPortal({ DATA_DIR: dataDir, SEED_DEMO: String(seedDemo) });
  const code = await portal.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${portal.output()}`);
}

export const templateName = (seedDemo: boolean) => (seedDemo ? "seeded" : "migrated");

const templates = new Map<boolean, Promise<string>>();

/** The data directory a server left after its first start, made once in this run or worker. */
function template(seedDemo: boolean): Promise<string> {
  // Made once for the whole run by Playwright's global setup (tests/e2e/global-setup.ts);
  // without it (a bench) each worker makes its own when first asked.
  const madeForTheRun = process.env.E2E_DATA_DIR_TEMPLATES;
  if (madeForTheRun) return Promise.resolve(path.join(madeForTheRun, templateName(seedDemo)));
  let made = templates.get(seedDemo);
  if (!made) {
    made = (async () => {
      const dir = tempDataDir();
      await makeDataDirTemplate(dir, seedDemo);
      return dir;
    })();
    templates.set(seedDemo, made);
  }
  return made;
}

/**
 * Makes what preparedDataDir() copies, both kinds at once: for a beforeAll hook, so that
 * the first test to need one does not spend its own time on it.
 */
export async function prepareDataDirTemplates(): Promise<void> {
  // One after the other: two first starts at once, beside the other worker's tests, can
  // take a busy two-core machine past a start's deadline.
  await template(false);
  await template(true);
}

/**
 * A new data directory whose database is already created and migrated, and with
 * `seedDemo` also seeded (the demo owner and the example sites), as a server leaves it
 * after its first start: a copy of one this worker made once. Creating a database
 * takes a server several seconds, so tests that start servers for other reasons use
 * this; tests of a first start itself use tempDataDir().
 */
export async function preparedDataDir({ seedDemo = false } = {}): Promise<string> {
  const dataDir = tempDataDir();
  cpSync(await template(seedDemo), dataDir, { recursive: true });
  return dataDir;
}

/** How much of a server's latest output is kept. */
const KEPT_OUTPUT_CHARS = 1_000_000;

export async function startPortal(
  env: Record<string, string>,
  {
    waitReady = true,
    logFile,
    command = [process.execPath],
    cwd,
  }: {
    waitReady?: boolean;
    /**
     * What runs `server.js`: Node by default; the bench puts valgrind in front of it to count
     * the server's instructions.
     */
    command?: string[];
    /** The checkout whose build is served: this one by default. */
    cwd?: string;
    /**
     * Where the server's standard output (its log) goes, as a deployment's collector would
     * take it; `output()` then holds its standard error only. Kept in memory by default.
     */
    logFile?: string;
  } = {},
): Promise<PortalProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const logDescriptor = logFile === undefined ? null : openSync(logFile, "a");
  const [program, ...programArguments] = command;
  const child = spawn(program!, [...programArguments, "server.js"], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      PUBLIC_URL: url,
      SEED_DEMO: "false",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", logDescriptor ?? "pipe", "pipe"],
  });
  // The child has its own copy of the descriptor.
  if (logDescriptor !== null) closeSync(logDescriptor);
  // The latest output only: a server under load logs a line per request, which would
  // outgrow any string (it is kept to explain a failed start or a test's failure).
  let output = "";
  const keep = (chunk: Buffer) => {
    output += String(chunk);
    if (output.length > KEPT_OUTPUT_CHARS * 2) output = output.slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const portal: PortalProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  if (waitReady) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return portal;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill("SIGKILL");
    throw new Error(`server did not become ready:\n${output}`);
  }
  return portal;
}

/** A form POST from a chosen local address (any 127.x.y.z reaches localhost on Linux). */
export function postForm(
  port: number,
  pathname: string,
  form: Record<string, string>,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        localAddress: options.localAddress,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
