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
    /** `lineNumber` counts from 0, as V8 gives it. */
    callFrame: { functionName: string; url: string; lineNumber?: number };
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

/** The category of the portal's own code, as built into build/server. */
export const PORTAL_CODE = "the portal's server code";

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
  if (url.includes("build/server")) return PORTAL_CODE;
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

/**
 * Each sample's time, charged to the node that owns it: the sampled node, or for native code
 * the nearest caller with code of its own. Idle time is left out.
 */
function ownedSamples(
  profile: CpuProfile,
): Array<{ owner: CpuProfile["nodes"][number]; us: number }> {
  const parentById = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentById.set(child, node.id);
  }
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const ownerById = new Map<number, CpuProfile["nodes"][number]>();
  for (const node of profile.nodes) {
    let current: number | undefined = node.id;
    while (current !== undefined && categoryOf(nodeById.get(current)!.callFrame) === NATIVE) {
      current = parentById.get(current);
    }
    ownerById.set(node.id, current === undefined ? CALLED_FROM_V8 : nodeById.get(current)!);
  }
  return profile.samples.flatMap((id, index) => {
    const owner = ownerById.get(id);
    return owner && owner.callFrame.functionName !== "(idle)"
      ? [{ owner, us: profile.timeDeltas[index] ?? 0 }]
      : [];
  });
}

/** Native code with no caller of ours: V8's own work outside any script. */
const CALLED_FROM_V8 = { id: -1, callFrame: { functionName: "native, called from V8", url: "" } };

function categoryOfOwner(owner: CpuProfile["nodes"][number]): string {
  return owner === CALLED_FROM_V8 ? owner.callFrame.functionName : categoryOf(owner.callFrame);
}

/** Microseconds by key, as shares of the whole busy time, largest first. */
function sharesBy(
  samples: ReturnType<typeof ownedSamples>,
  keyOf: (owner: CpuProfile["nodes"][number]) => string | null,
): CpuShare[] {
  const busy = samples.reduce((sum, sample) => sum + sample.us, 0);
  const microseconds = new Map<string, number>();
  for (const { owner, us } of samples) {
    const key = keyOf(owner);
    if (key !== null) microseconds.set(key, (microseconds.get(key) ?? 0) + us);
  }
  return [...microseconds]
    .map(([what, us]) => ({ what, share: busy ? us / busy : 0, busyMs: us / 1000 }))
    .sort((a, b) => b.busyMs - a.busyMs);
}

/** The busy time of a profile, by category, largest first. */
export function cpuShares(profile: CpuProfile): CpuShare[] {
  return sharesBy(ownedSamples(profile), categoryOfOwner);
}

/** A function's name; an anonymous one is named by where it starts in its file. */
function functionNameOf({ functionName, lineNumber }: CpuProfile["nodes"][number]["callFrame"]) {
  if (functionName) return functionName;
  return lineNumber === undefined ? "(anonymous)" : `(anonymous, line ${lineNumber + 1})`;
}

/**
 * The functions of one category that took the most of the busy time (native code counted
 * with its caller), largest first: where to look inside "the portal's server code".
 */
export function busiestFunctions(profile: CpuProfile, category: string, count: number): CpuShare[] {
  return sharesBy(ownedSamples(profile), (owner) =>
    categoryOfOwner(owner) === category ? functionNameOf(owner.callFrame) : null,
  ).slice(0, count);
}
