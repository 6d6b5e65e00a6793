/**
 * `npm start`'s first step (`server.js --build-if-stale`): builds the app when it has no build
 * yet, or when a file the build is made from has changed since (a newer modification time, as
 * a `git pull` or an edit gives); otherwise it does nothing, so that restarting an unchanged
 * checkout serves its first page in a second or two instead of after a whole build. `npm run build` always builds.
 *
 * Plain JavaScript, so that `npm start` needs no TypeScript loader; `npm run bench` uses it too.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What `react-router build` reads: the app, the server entry, assets and configuration. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

/** The file the build writes last: the server bundle. */
export const BUILD_MARKER = path.join("build", "server", "index.js");

/**
 * Newest modification time (ms) among these files and folders under `root`, 0 when none exist.
 * @param {string} root
 * @param {readonly string[]} entries
 * @returns {number}
 */
export function newestModification(root, entries) {
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      const children = readdirSync(full).map((name) => path.join(entry, name));
      newest = Math.max(newest, newestModification(root, children));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/**
 * Whether the checkout at `root` needs a build: none yet, or a source newer than it.
 * @param {string} root
 * @returns {boolean}
 */
export function buildIsStale(root) {
  const built = statSync(path.join(root, BUILD_MARKER), { throwIfNoEntry: false });
  return !built || built.mtimeMs < newestModification(root, BUILD_SOURCES);
}

/**
 * Runs `npm run build` when `buildIsStale`; true when it built. Throws when the build fails.
 * @param {string} root
 * @param {(line: string) => void} [log]
 * @returns {boolean}
 */
export function buildIfStale(root, log = (line) => console.log(line)) {
  if (!buildIsStale(root)) return false;
  log("Building the app (its sources changed since the last build)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("The build failed.");
  return true;
}
