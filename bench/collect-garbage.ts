import WebSocket from "ws";

/**
 * Lets `collectGarbage` reach a portal: Node's inspector is given a free port but stays
 * closed until the bench opens it, so the process runs as it would without it.
 */
export const INSPECTOR_ON_DEMAND = { NODE_OPTIONS: "--inspect-port=0" };

/** How long the inspector may take to open and to answer. */
const INSPECTOR_TIMEOUT_MS = 30_000;

/**
 * Opens the inspector of a portal started with `INSPECTOR_ON_DEMAND` and gives its address.
 * SIGUSR1 opens it, and it prints its address on the process's output: read it before the
 * portal's own lines push it out of what is kept.
 */
export async function openInspector(pid: number, output: () => string): Promise<string> {
  process.kill(pid, "SIGUSR1");
  return waitFor(() => /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1]);
}

/**
 * Forces a full garbage collection through a portal's inspector, so a memory reading right
 * after shows what is held, not what V8 has yet to collect (it does so on its own only
 * after a quiet spell of uncertain length).
 */
export async function collectGarbage(inspectorAddress: string): Promise<void> {
  const socket = new WebSocket(inspectorAddress);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the inspector did not collect garbage in time")),
        INSPECTOR_TIMEOUT_MS,
      );
      socket.on("error", reject);
      socket.on("open", () =>
        socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })),
      );
      socket.on("message", (message) => {
        const answer = JSON.parse((message as Buffer).toString("utf8")) as {
          id?: number;
          error?: { message: string };
        };
        if (answer.id !== 1) return;
        clearTimeout(timer);
        if (answer.error) reject(new Error(`the inspector refused: ${answer.error.message}`));
        else resolve();
      });
    });
  } finally {
    socket.close();
  }
}

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + INSPECTOR_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the portal's inspector did not open");
}
