/**
 * Work that starts one piece per turn of the event loop, in the order it was asked for.
 *
 * Node (libuv 1.45 and later) accepts one new connection per turn of its event loop. A turn
 * runs every callback that is ready, and a public page rendered from PGlite runs whole inside
 * its request's callback: on a server busy with 50 connections, one turn rendered some 50
 * pages, and a visitor's new connection waited for up to 50 such turns, seconds, before the
 * server even read its request. Rendering one page per turn keeps each turn a few
 * milliseconds long, so new connections are taken in as fast as pages are rendered, and
 * the views waiting are rendered first come, first served. It costs no throughput: the same
 * work is done, in shorter turns.
 */
export type LoopTurns = () => Promise<void>;

export function createLoopTurns(): LoopTurns {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const startNext = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(startNext);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(startNext);
      }
    });
}
