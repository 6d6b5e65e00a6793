/**
 * Preloaded (`node --import ./bench/stretched-timers.js`) into a server whose instructions
 * per cache hit are counted under callgrind (bench/instructions.ts): the delays of its
 * `setTimeout` and `setInterval` are made `BENCH_TIMER_STRETCH` times longer.
 *
 * Valgrind runs the server fifty to a hundred times slower, and the portal's timers count
 * wall-clock time: the request log hands its gathered lines over 20 ms after the first, and
 * the page views are written every 10 seconds. At full speed a busy server gathers a block of
 * some 180 lines in those 20 ms; under callgrind, one or two. Counted so, a line would carry the
 * hand-over of a whole block, and the view count a database write per few hundred hits rather
 * than per hundreds of thousands. Stretched as the server is slowed, each timer fires as often
 * per request as it does at full speed. Node's own timers (a socket's keep-alive) are not
 * these functions and are left as they are.
 */
const stretch = Number(process.env.BENCH_TIMER_STRETCH ?? 100);
if (!(stretch >= 1)) throw new Error("BENCH_TIMER_STRETCH: a number from 1.");

const { setTimeout: timeout, setInterval: interval } = globalThis;
const stretched = (delay) => (Number(delay) || 0) * stretch;

globalThis.setTimeout = Object.assign(
  (callback, delay, ...args) => timeout(callback, stretched(delay), ...args),
  timeout,
);
globalThis.setInterval = Object.assign(
  (callback, delay, ...args) => interval(callback, stretched(delay), ...args),
  interval,
);
