/**
 * A running portal's V8, reached through Node's inspector: a full garbage collection before
 * a memory reading, and CPU profiles of a load.
 */
import WebSocket from "ws";

/**
 * Lets the bench reach a portal's inspector: it is given a free port but stays closed
 * until the bench opens it, so the process runs as it would without it.
 */
export const INSPECTOR_ON_DEMAND = { NODE_OPTIONS: "--inspect-port=0" };

/** How long the inspector may take to open and to answer. */
const INSPECTOR_TIMEOUT_MS = 60_000;

/**
 * Opens the inspector of a portal started with `INSPECTOR_ON_DEMAND` and gives its address.
 * SIGUSR1 opens it, and it prints its address on the process's output: read it before the
 * portal's own lines push it out of what is kept.
 */
export async function openInspector(pid: number, output: () => string): Promise<string> {
  process.kill(pid, "SIGUSR1");
  return waitFor(() => /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1]);
}

/** One session with a portal's inspector; what it starts (a profile) lasts as long as it. */
export class InspectorSession {
  private nextId = 1;
  private readonly answers = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();

  private constructor(private readonly socket: WebSocket) {
    // A session that ends (the portal stopped) fails what it still waits for, at once.
    const failAll = (error: Error) => {
      for (const waiting of this.answers.values()) waiting.reject(error);
      this.answers.clear();
    };
    socket.on("error", failAll);
    socket.on("close", () => failAll(new Error("the inspector closed")));
    socket.on("message", (message) => {
      const answer = JSON.parse((message as Buffer).toString("utf8")) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiting = answer.id === undefined ? undefined : this.answers.get(answer.id);
      if (!waiting) return;
      this.answers.delete(answer.id!);
      if (answer.error) waiting.reject(new Error(`the inspector refused: ${answer.error.message}`));
      else waiting.resolve(answer.result);
    });
  }

  static async connect(address: string): Promise<InspectorSession> {
    const socket = new WebSocket(address);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new InspectorSession(socket);
  }

  /** Runs one inspector command and gives its result. */
  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the inspector did not answer ${method} in time`)),
        INSPECTOR_TIMEOUT_MS,
      );
      this.answers.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Forces a full garbage collection in a portal, so a memory reading right after shows what
 * is held, not what V8 has yet to collect (it does so on its own only after a quiet spell
 * of uncertain length).
 */
export async function collectGarbage(inspectorAddress: string): Promise<void> {
  const session = await InspectorSession.connect(inspectorAddress);
  try {
    await session.send("HeapProfiler.collectGarbage");
  } finally {
    session.close();
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
