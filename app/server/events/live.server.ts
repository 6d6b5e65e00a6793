/**
 * Live updates for open portal pages. Writes that change an owner's product
 * list name the owner on their transaction's changes (`services.events`),
 * which sends a PostgreSQL NOTIFY inside it (so it is delivered only on
 * commit, to every server process); each process LISTENs only while at least
 * one page is subscribed, and hands each event only to the pages of the owner
 * it concerns.
 */
import type { DatabaseHandle } from "../db/client.server";
import { OWNER_EVENTS_CHANNEL, parseOwnerEvent, type OwnerEventKind } from "./events.server";

export type { OwnerEventKind } from "./events.server";

export interface OwnerEventSubscriber {
  onEvent(kind: OwnerEventKind): void;
  /** Events may have been missed (the listening connection dropped): reload. */
  onResync(): void;
  /** The server is shutting down: end the stream. */
  onClose(): void;
}

export interface LiveBus {
  subscribe(ownerUid: string, subscriber: OwnerEventSubscriber): Promise<() => Promise<void>>;
  /** Number of open subscriptions, and whether this process is listening. */
  stats(): { subscribers: number; listening: boolean };
  /** Ends every open stream and stops listening. */
  close(): Promise<void>;
}

export function createLiveBus(database: Pick<DatabaseHandle, "listen">): LiveBus {
  const byOwner = new Map<string, Set<OwnerEventSubscriber>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let count = 0;

  const dispatch = (payload: string) => {
    const event = parseOwnerEvent(payload);
    if (!event) return;
    for (const subscriber of byOwner.get(event.ownerUid) ?? []) subscriber.onEvent(event.kind);
  };
  const resyncAll = () => {
    for (const subscribers of byOwner.values()) for (const s of subscribers) s.onResync();
  };

  const remove = async (ownerUid: string, subscriber: OwnerEventSubscriber) => {
    const subscribers = byOwner.get(ownerUid);
    if (!subscribers?.delete(subscriber)) return;
    count -= 1;
    if (subscribers.size === 0) byOwner.delete(ownerUid);
    if (count === 0 && listening) {
      // Nobody is watching: give the listening connection back.
      const stop = listening;
      listening = null;
      await (
        await stop.catch(() => async () => {})
      )();
    }
  };

  let closed = false;

  return {
    async subscribe(ownerUid, subscriber) {
      // Shutting down: a page reconnecting on a kept-alive socket is ended at once,
      // or it would hold the server open until the grace period runs out.
      if (closed) {
        subscriber.onClose();
        return async () => {};
      }
      let subscribers = byOwner.get(ownerUid);
      if (!subscribers) byOwner.set(ownerUid, (subscribers = new Set()));
      subscribers.add(subscriber);
      count += 1;
      if (!listening) {
        listening = database.listen(OWNER_EVENTS_CHANNEL, dispatch, { onReconnect: resyncAll });
        // A failed start must not stay cached for the next subscriber.
        listening.catch(() => (listening = null));
      }
      try {
        await listening;
      } catch (error) {
        await remove(ownerUid, subscriber);
        throw error;
      }
      return () => remove(ownerUid, subscriber);
    },
    stats: () => ({ subscribers: count, listening: listening !== null }),
    async close() {
      closed = true;
      const all = [...byOwner.entries()].flatMap(([owner, subs]) =>
        [...subs].map((s) => [owner, s] as const),
      );
      for (const [, subscriber] of all) subscriber.onClose();
      await Promise.all(all.map(([owner, subscriber]) => remove(owner, subscriber)));
    },
  };
}
