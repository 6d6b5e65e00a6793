import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_MARKER, buildIsStale } from "./build-if-stale.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout with one source file and, when asked, a build; both dated as given (seconds). */
function checkout({ sourceAt, builtAt }: { sourceAt: number; builtAt?: number }) {
  const root = mkdtempSync(path.join(tmpdir(), "build-if-stale-"));
  roots.push(root);
  const source = path.join(root, "app", "routes", "home.tsx");
  mkdirSync(path.dirname(source), { recursive: true });
  writeFileSync(source, "export default 1;");
  utimesSync(source, sourceAt, sourceAt);
  if (builtAt !== undefined) {
    const marker = path.join(root, BUILD_MARKER);
    mkdirSync(path.dirname(marker), { recursive: true });
    writeFileSync(marker, "");
    utimesSync(marker, builtAt, builtAt);
  }
  return root;
}

describe("buildIsStale", () => {
  it("asks for a build when there is none", () => {
    expect(buildIsStale(checkout({ sourceAt: 1_000 }))).toBe(true);
  });

  it("asks for none when the build is newer than every source", () => {
    expect(buildIsStale(checkout({ sourceAt: 1_000, builtAt: 2_000 }))).toBe(false);
  });

  it("asks for a build when a source, however deep, changed after it", () => {
    expect(buildIsStale(checkout({ sourceAt: 3_000, builtAt: 2_000 }))).toBe(true);
  });

  it("reads the configuration as a source too", () => {
    const root = checkout({ sourceAt: 1_000, builtAt: 2_000 });
    writeFileSync(path.join(root, "vite.config.ts"), "");
    utimesSync(path.join(root, "vite.config.ts"), 2_500, 2_500);
    expect(buildIsStale(root)).toBe(true);
  });
});
