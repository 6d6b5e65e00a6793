import { describe, expect, it } from "vitest";
import { busiestFunctions, categoryOf, cpuShares, type CpuProfile } from "./cpu-profile";

const frame = (functionName: string, url: string) => ({ functionName, url });

describe("categoryOf", () => {
  it("names code by where it lives", () => {
    const nodeModules = "file:///app/node_modules";
    expect(categoryOf(frame("renderElement", `${nodeModules}/react-dom/cjs/server.js`))).toBe(
      "React (react-dom)",
    );
    expect(categoryOf(frame("Je", `${nodeModules}/@electric-sql/pglite/dist/index.js`))).toBe(
      "PGlite (JS and WebAssembly)",
    );
    expect(categoryOf(frame("wasm-function[9609]", "wasm://wasm/0123abcd"))).toBe(
      "PGlite (JS and WebAssembly)",
    );
    expect(categoryOf(frame("menuItemMarkup", "file:///app/build/server/index.js"))).toBe(
      "the portal's server code",
    );
    expect(categoryOf(frame("processChunkSync", "node:zlib"))).toBe("compression (zlib)");
    expect(categoryOf(frame("write", "node:buffer"))).toBe("Node: strings to bytes");
    expect(categoryOf(frame("info", `${nodeModules}/pino/lib/proto.js`))).toBe("library: pino");
    expect(categoryOf(frame("(garbage collector)", ""))).toBe("garbage collection");
  });
});

describe("cpuShares", () => {
  it("shares out the busy time, counting native code with its caller and leaving idle out", () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame("(root)", ""), children: [2, 4, 5, 6] },
        {
          id: 2,
          callFrame: frame("renderPage", "file:///app/build/server/index.js"),
          children: [3],
        },
        { id: 3, callFrame: frame("", "") },
        { id: 4, callFrame: frame("processChunkSync", "node:zlib") },
        { id: 5, callFrame: frame("(idle)", "") },
        { id: 6, callFrame: frame("(garbage collector)", "") },
      ],
      samples: [2, 3, 3, 4, 5, 5, 5, 6],
      timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
    };
    expect(cpuShares(profile)).toEqual([
      { what: "the portal's server code", share: 0.6, busyMs: 3 },
      { what: "compression (zlib)", share: 0.2, busyMs: 1 },
      { what: "garbage collection", share: 0.2, busyMs: 1 },
    ]);
  });
});

describe("busiestFunctions", () => {
  it("names the functions of one category by their time, native callees included", () => {
    const server = "file:///app/build/server/index.js";
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame("(root)", ""), children: [2, 4, 5, 6] },
        { id: 2, callFrame: frame("menuItemMarkup", server), children: [3] },
        { id: 3, callFrame: frame("", "") },
        { id: 4, callFrame: frame("", server) },
        { id: 5, callFrame: frame("processChunkSync", "node:zlib") },
        { id: 6, callFrame: { ...frame("", server), lineNumber: 41 } },
      ],
      samples: [2, 3, 3, 4, 5, 6],
      timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000],
    };
    expect(busiestFunctions(profile, "the portal's server code", 5)).toEqual([
      { what: "menuItemMarkup", share: 0.5, busyMs: 3 },
      { what: "(anonymous)", share: 1 / 6, busyMs: 1 },
      { what: "(anonymous, line 42)", share: 1 / 6, busyMs: 1 },
    ]);
    expect(busiestFunctions(profile, "the portal's server code", 1)).toHaveLength(1);
  });
});
