/**
 * Where an uncached view's CPU time goes: a V8 CPU profile of the portal under load (as
 * `node --cpu-prof` writes, here taken through the inspector for the load alone), its busy
 * time shared out by what ran (React, the portal's own code, PGlite, compression, garbage
 * collection, Node's HTTP). Self time only, so the shares add up to the whole.
 */

/** The parts of a V8 CPU profile read here. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string };
    children?: number[];
  }>;
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
}

export interface CpuShare {
  what: string;
  /** Of the busy (not idle) time. */
  share: number;
  busyMs: number;
}

/** Native code (no script of its own): counted with the code that called it. */
const NATIVE = "native";

/** What ran, by where its code lives. */
export function categoryOf({ functionName, url }: { functionName: string; url: string }): string {
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8 itself";
  if (url.includes("react-dom")) return "React (react-dom)";
  if (/node_modules\/react\//.test(url)) return "React (react)";
  if (url.includes("pglite") || url.startsWith("wasm:")) return "PGlite (JS and WebAssembly)";
  if (url.includes("build/server")) return "the portal's server code";
  if (url.startsWith("node:")) return nodeCategory(url);
  if (url === "") return functionName.startsWith("RegExp:") ? "regular expressions" : NATIVE;
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return library ? `library: ${library}` : "other";
}

/** Node's own modules, named by what they do for a page view. */
function nodeCategory(url: string): string {
  if (url === "node:zlib") return "compression (zlib)";
  if (url.includes("http") || url === "node:net" || url.includes("stream_base")) {
    return "Node: HTTP and sockets";
  }
  if (url.includes("crypto") || url.includes("hash")) return "Node: hashing (ETag)";
  if (url.includes("buffer")) return "Node: strings to bytes";
  return "Node: other";
}

/** The busy time of a profile, by category, largest first. */
export function cpuShares(profile: CpuProfile): CpuShare[] {
  const parentById = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentById.set(child, node.id);
  }
  const ownCategory = new Map(profile.nodes.map((node) => [node.id, categoryOf(node.callFrame)]));
  const categoryOfNode = (id: number): string => {
    let current: number | undefined = id;
    while (current !== undefined && ownCategory.get(current) === NATIVE) {
      current = parentById.get(current);
    }
    return current === undefined ? "native, called from V8" : ownCategory.get(current)!;
  };
  const categoryById = new Map(profile.nodes.map((node) => [node.id, categoryOfNode(node.id)]));
  const microseconds = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const category = categoryById.get(id) ?? "other";
    microseconds.set(
      category,
      (microseconds.get(category) ?? 0) + (profile.timeDeltas[index] ?? 0),
    );
  });
  microseconds.delete("idle");
  const busy = [...microseconds.values()].reduce((sum, value) => sum + value, 0);
  return [...microseconds]
    .map(([what, us]) => ({ what, share: busy ? us / busy : 0, busyMs: us / 1000 }))
    .sort((a, b) => b.busyMs - a.busyMs);
}
