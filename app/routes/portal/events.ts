/**
 * The signed-in owner's live-update stream (server-sent events). It carries
 * only this owner's events; the page reloads its data when one arrives.
 */
import { ownerContext, servicesContext } from "~/context";
import type { OwnerEventKind } from "~/server/events/live.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const { live } = context.get(servicesContext);
  const encoder = new TextEncoder();
  // Set once the stream is over, by the server (shutdown) or by the visitor leaving.
  let closed = false;
  let cleanup = async () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The stream went away under us: stop writing to it.
          void cleanup();
        }
      };
      const end = () => {
        if (closed) return;
        closed = true;
        try {
          controller.close();
        } catch {
          // Already closed by the other side.
        }
      };
      const unsubscribe = await live.subscribe(owner.id, {
        onEvent: (kind: OwnerEventKind) => send(`event: ${kind}\ndata: {}\n\n`),
        onResync: () => send(`event: resync\ndata: {}\n\n`),
        onClose: end,
      });
      // Keeps proxies from closing an idle connection.
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      cleanup = async () => {
        clearInterval(heartbeat);
        end();
        await unsubscribe();
      };
      // The visitor may have left while the subscription was being set up.
      if (closed || request.signal.aborted) {
        await cleanup();
        return;
      }
      request.signal.addEventListener("abort", () => void cleanup(), { once: true });
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
    },
    cancel: () => {
      closed = true;
      return cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
