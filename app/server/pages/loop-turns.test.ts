import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createLoopTurns } from "./loop-turns.server";

describe("loop turns", () => {
  it("start one piece of work per turn of the event loop, in the order asked", async () => {
    const turns = createLoopTurns();
    const started: number[] = [];
    const all = [1, 2, 3].map((piece) => turns().then(() => started.push(piece)));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1]);
    await nextTurn();
    expect(started).toEqual([1, 2]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
    await Promise.all(all);
  });

  it("let a turn's other callbacks run between two pieces", async () => {
    const turns = createLoopTurns();
    const order: string[] = [];
    const first = turns().then(() => order.push("first"));
    const second = turns().then(() => order.push("second"));
    // Queued after the first piece's turn was scheduled: it runs before the second piece.
    setImmediate(() => order.push("a connection accepted"));
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "a connection accepted", "second"]);
  });

  it("is ready again once it has run dry", async () => {
    const turns = createLoopTurns();
    await turns();
    let started = false;
    const later = turns().then(() => (started = true));
    await nextTurn();
    expect(started).toBe(true);
    await later;
  });
});
