/**
 * No module under app/ reaches itself through its imports, type-only imports included:
 * a cycle means two modules that cannot be read, tested or changed apart. Where two parts
 * need each other, the lower one defines what it needs (a type, a context, a callback) and
 * the higher one provides it (docs/ARCHITECTURE.md, "Rooms and floors").
 */
import path from "node:path";
import madge from "madge";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

describe("the module graph of app/", () => {
  it("has no import cycles", { timeout: 60_000 }, async () => {
    const graph = await madge(path.join(root, "app"), {
      baseDir: root,
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "tsconfig.json"),
      // React Router's generated route types (`./+types/…`) import their route by design.
      excludeRegExp: [/^\.react-router\//],
      detectiveOptions: {
        ts: { skipTypeImports: false },
        tsx: { skipTypeImports: false },
      },
    });
    expect(graph.circular()).toEqual([]);
    // The graph is the app's: a path that stopped resolving would hide its cycles.
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.depends("app/server/runtime/services.server.ts")).toContain(
      "app/server/runtime/main.server.ts",
    );
  });
});
