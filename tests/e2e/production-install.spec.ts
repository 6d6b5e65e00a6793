/**
 * Installs the portal the way a deployment (and the Dockerfile's runtime stage) does:
 * only DEPLOYMENT_FILES copied from the existing build into an empty directory, then
 * `npm ci --omit=dev`, then `node server.js` in production, then an operator command.
 * A runtime import that is only a devDependency, or a file the server or `npm run admin`
 * reads that the list leaves out, fails here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEPLOYMENT_FILES } from "./deployment-files";
import { freePort, tempDataDir } from "./server-process";

/** A cold npm cache downloads every production package; a warm one takes seconds. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;
const START_TIMEOUT_MS = 60_000;
const EXAMPLE_RESTAURANT = "/r/rosas-trattoria-examplemenu";

interface Finished {
  code: number | null;
  output: string;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** SIGTERM, then SIGKILL if the server has not exited within 15 seconds. */
async function stop(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

test("the Dockerfile's runtime stage copies exactly the deployment files", () => {
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const copied = [...dockerfile.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap(([, sources]) =>
    sources!.split(/\s+/).map((source) => source.replace(/^\/app\//, "")),
  );
  expect(copied.toSorted()).toEqual([...DEPLOYMENT_FILES].sort());
});

test("a copy of the deployment files, installed without devDependencies, serves the example sites and runs operator commands", async ({
  request,
}) => {
  test.setTimeout(INSTALL_TIMEOUT_MS + 2 * START_TIMEOUT_MS);

  const checkout = process.cwd();
  if (!existsSync(path.join(checkout, "build", "server", "index.js"))) {
    throw new Error("No build in build/: run `npm run build` before the Playwright suite.");
  }
  const missing = DEPLOYMENT_FILES.filter((file) => !existsSync(path.join(checkout, file)));
  expect(missing, "paths named in tests/e2e/deployment-files.ts but absent here").toEqual([]);

  const root = mkdtempSync(path.join(os.tmpdir(), "portal-install-"));
  const dataDir = tempDataDir();
  let server: ChildProcess | undefined;
  let serverOutput = "";
  try {
    for (const file of DEPLOYMENT_FILES) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      cpSync(path.join(checkout, file), path.join(root, file), { recursive: true });
    }

    // The caller's environment, as on a deployment host (npm cache, registry, proxies),
    // but nothing that could make Node find this checkout's node_modules.
    const installEnv = { ...process.env };
    delete installEnv.NODE_PATH;
    delete installEnv.NODE_ENV;
    const install = await run(
      "npm",
      ["ci", "--omit=dev", "--ignore-scripts=false", "--no-audit", "--no-fund"],
      { cwd: root, env: installEnv, timeoutMs: INSTALL_TIMEOUT_MS },
    );
    expect(install.code, `npm ci --omit=dev failed:\n${install.output}`).toBe(0);

    const port = await freePort();
    const url = `http://localhost:${port}`;
    server = spawn(process.execPath, ["server.js"], {
      cwd: root,
      // Only what a deployment sets; no NODE_PATH or other way back into the checkout.
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        AUTH_SECRET: "production-install-test-secret-0123456789abcdef",
        MAIL: "off",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk) => (serverOutput += chunk));
    server.stderr!.on("data", (chunk) => (serverOutput += chunk));

    const deadline = Date.now() + START_TIMEOUT_MS;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      if (server.exitCode !== null) {
        throw new Error(`the installed server exited with ${server.exitCode}:\n${serverOutput}`);
      }
      ready = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready, `the installed server did not become ready:\n${serverOutput}`).toBe(true);

    const home = await request.get(`${url}/`);
    expect(home.status(), serverOutput).toBe(200);
    // The browser assets came along: the first stylesheet, script or picture the landing page links.
    const asset = (await home.text()).match(/"(\/assets\/[^"]+\.(?:css|js|jpg))"/)?.[1];
    expect(asset, "the landing page links no built asset").toBeTruthy();
    expect((await request.get(`${url}${asset}`)).status()).toBe(200);

    expect((await request.get(`${url}/readyz`)).status()).toBe(200);

    const restaurant = await request.get(`${url}${EXAMPLE_RESTAURANT}`);
    expect(restaurant.status(), serverOutput).toBe(200);
    const html = await restaurant.text();
    expect(html.replaceAll("&#x27;", "'")).toContain("Rosa's Trattoria");
    const pictures = [...new Set(html.match(/\/files\/[^"'&\s)]+/g) ?? [])];
    expect(pictures.length, "the example restaurant shows no stored picture").toBeGreaterThan(0);
    for (const picture of pictures) {
      expect((await request.get(`${url}${picture}`)).status(), picture).toBe(200);
    }

    // Operator commands run where the server ran, once it has stopped (the embedded
    // database admits one process at a time).
    expect(await stop(server), serverOutput).toBe(0);
    const admin = await run("npm", ["run", "admin", "--", "list-users"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: os.homedir(), MAIL: "off", DATA_DIR: dataDir },
      timeoutMs: START_TIMEOUT_MS,
    });
    expect(admin.code, `npm run admin failed:\n${admin.output}`).toBe(0);
  } finally {
    if (server) await stop(server);
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
