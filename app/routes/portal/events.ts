/**
 * The signed-in person's live-update stream (server-sent events). It carries their own
 * events and those of the owners whose sites they work on (app/lib/site-access.ts); the page
 * reloads its data when one arrives. A change to their own memberships (added, removed, a new
 * role) comes as one of their own events: the stream then follows the owners anew, so a
 * removed person stops hearing of the site at once, and their page, reloading, drops it.
 */
import { ownerContext, servicesContext } from "~/context";
import { ownersWorkedFor } from "~/server/access/staff.server";
import type { OwnerEventKind } from "~/server/events/live.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(ownerContext);
  const { live, db } = context.get(servicesContext);
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
      const following = new Map<string, () => Promise<void>>();
      // One update of whom to follow at a time, in the order they were asked for.
      let updating: Promise<void> = Promise.resolve();
      const follow = () =>
        (updating = updating.then(async () => {
          if (closed) return;
          const wanted = new Set([user.id, ...(await ownersWorkedFor(db, user.id))]);
          for (const [key, stop] of following) {
            if (wanted.has(key)) continue;
            following.delete(key);
            await stop();
          }
          for (const key of wanted) {
            if (following.has(key) || closed) continue;
            following.set(
              key,
              await live.subscribe(key, {
                onEvent: (kind: OwnerEventKind) => {
                  if (key === user.id) void follow().catch(() => end());
                  send(`event: ${kind}\ndata: {}\n\n`);
                },
                onResync: () => send(`event: resync\ndata: {}\n\n`),
                onClose: end,
              }),
            );
          }
        }));
      await follow();
      const unsubscribe = async () => {
        await updating.catch(() => {});
        const stops = [...following.values()];
        following.clear();
        await Promise.all(stops.map((stop) => stop()));
      };
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
