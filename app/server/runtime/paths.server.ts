import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root, found from this module's location so it is right both
 * from the sources (tests, scripts) and from the bundle in build/server.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

const PROJECT_ROOT = findProjectRoot();

export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
