import { spawnSync } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { answeredRequestLog, REQUEST_ID_HEADER, requestLineBlocks } from "./log.server";

/** A logger writing into an array, as pino's own line would be written. */
function capturingLogger(level = "info") {
  const lines: string[] = [];
  return { lines, logger: pino({ level }, { write: (line: string) => void lines.push(line) }) };
}

function answeredRequest(path: string, status: number) {
  const headers: Record<string, string> = {};
  const req = { method: "GET", url: `${path}?utm_source=qr&token=secret`, headers };
  const res = {
    statusCode: status,
    setHeader: (name: string, value: string) => (headers[`answer ${name}`] = value),
  };
  return { req: req as unknown as IncomingMessage, res: res as unknown as ServerResponse, headers };
}

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe("the front door's line per request", () => {
  it("is the line pino writes for the same request, field for field and byte for byte", () => {
    for (const path of ["/r/harbour-bistro-4k2j", '/s/odd\\path"é\u2028', "/"]) {
      const { lines, logger } = capturingLogger();
      const log = answeredRequestLog(logger);
      const { req, res, headers } = answeredRequest(path, 200);
      log.start(req, res);
      const startedAt = Date.now() - 3;
      log.answered(req, res, startedAt);
      const [fast] = lines;
      const { responseTime, req: logged } = JSON.parse(fast!) as {
        responseTime: number;
        req: { route: string };
      };
      const route = logged.route;
      logger
        .child({ req: { method: "GET", path, route }, res: { status: 200 } })
        .info(
          { reqId: headers[REQUEST_ID_HEADER], responseTime },
          `GET ${path} 200 ${responseTime} ms`,
        );
      expect(withoutTime(fast!)).toBe(withoutTime(lines[1]!));
      expect(fast).not.toContain("secret");
      expect(responseTime).toBeGreaterThanOrEqual(3);
    }
  });

  it("writes the time as the clock's milliseconds since the epoch, as pino does", () => {
    vi.useFakeTimers();
    try {
      const { lines, logger } = capturingLogger();
      const log = answeredRequestLog(logger);
      const times = [
        Date.UTC(2026, 11, 7, 12, 0, 0, 0),
        Date.UTC(2026, 11, 7, 12, 0, 0, 5),
        Date.UTC(2026, 11, 7, 12, 0, 0, 999),
        Date.UTC(2026, 11, 7, 12, 0, 1, 0),
        Date.UTC(2026, 11, 7, 12, 0, 0, 40),
        Date.UTC(2031, 0, 1, 0, 0, 0, 70),
      ];
      for (const time of times) {
        vi.setSystemTime(time);
        const { req, res } = answeredRequest("/r/a", 200);
        log.start(req, res);
        log.answered(req, res, time);
      }
      expect(lines.map((line) => /"time":(\d+),/.exec(line)?.[1])).toEqual(times.map(String));
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes nothing above info, and keeps a line per page apart from another's", () => {
    const quiet = capturingLogger("warn");
    const silent = answeredRequestLog(quiet.logger);
    const one = answeredRequest("/r/a", 200);
    silent.start(one.req, one.res);
    silent.answered(one.req, one.res, Date.now());
    expect(quiet.lines).toEqual([]);

    const { lines, logger } = capturingLogger();
    const log = answeredRequestLog(logger);
    for (const [path, status] of [
      ["/r/a", 200],
      ["/r/b", 200],
      ["/r/a", 404],
    ] as const) {
      const { req, res } = answeredRequest(path, status);
      log.start(req, res);
      log.answered(req, res, Date.now());
    }
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.map((message) => message.replace(/\d+ ms$/, ""))).toEqual([
      "GET /r/a 200 ",
      "GET /r/b 200 ",
      "GET /r/a 404 ",
    ]);
  });
});

describe("the logger's stream", () => {
  const requestLine = (n: number) => `{"reqId":"${n}","responseTime":1,"msg":"GET / 200 1 ms"}\n`;

  function blocksInto(options: { blockBytes?: number } = {}) {
    const written: string[] = [];
    const stream = requestLineBlocks(
      () => ({
        // Each write as the bytes it hands over, read back as UTF-8.
        write: (block: Buffer) => written.push(block.toString("utf8")),
        flush: (done?: (error?: Error) => void) => done?.(),
      }),
      { gatherMs: 5, ...options },
    );
    return { written, stream };
  }
  const gatherTime = () => new Promise((resolve) => setTimeout(resolve, 10));

  it("hands over the lines per request of a few milliseconds together", async () => {
    const { written, stream } = blocksInto();
    const lines = Array.from({ length: 30 }, (_, n) => requestLine(n));
    for (const line of lines) stream.write(line);
    expect(written).toEqual([]);
    await gatherTime();
    expect(written).toEqual([lines.join("")]);
    stream.write(requestLine(31));
    await gatherTime();
    expect(written).toEqual([lines.join(""), requestLine(31)]);
  });

  it("hands over at once a block the next line might not fit in", () => {
    // A line of unknown characters is given room for three bytes each: the fourth might not fit.
    const { written, stream } = blocksInto({ blockBytes: 5 * requestLine(0).length });
    for (const n of [1, 2, 3, 4]) stream.write(requestLine(n));
    expect(written).toEqual([requestLine(1) + requestLine(2) + requestLine(3)]);
  });

  it("never hands over a block larger than one write may be", async () => {
    const { written, stream } = blocksInto({ blockBytes: 1000 });
    const lines = Array.from({ length: 40 }, (_, n) => requestLine(n).replace("GET /", "GET /é"));
    for (const line of lines) stream.write(line);
    await gatherTime();
    expect(written.length).toBeGreaterThan(1);
    expect(written.every((block) => Buffer.byteLength(block) <= 1000)).toBe(true);
    expect(written.join("")).toBe(lines.join(""));
  });

  it("gathers the front door's line as pino writes it, byte for byte, whatever its path", () => {
    // ASCII (written a byte a character), accented, Arabic and an emoji (written as UTF-8).
    for (const path of ["/r/cafe-bistro", "/r/café-\\bistro", "/r/مطعم-🍕"]) {
      const { written, stream } = blocksInto();
      const logger = pino({ level: "info" }, stream);
      const log = answeredRequestLog(logger);
      const { req, res, headers } = answeredRequest(path, 200);
      log.start(req, res);
      log.answered(req, res, Date.now() - 2);
      stream.flush();
      const { responseTime } = JSON.parse(written[0]!) as { responseTime: number };
      logger
        .child({ req: { method: "GET", path, route: "public-page" }, res: { status: 200 } })
        .info(
          { reqId: headers[REQUEST_ID_HEADER], responseTime },
          `GET ${path} 200 ${responseTime} ms`,
        );
      stream.flush();
      expect(written).toHaveLength(2);
      expect(withoutTime(written[0]!)).toBe(withoutTime(written[1]!));
    }
  });

  it("writes a line longer than a block on its own, after the lines gathered before it", () => {
    const { written, stream } = blocksInto({ blockBytes: 1000 });
    const long = requestLine(2).replace("GET /", `GET /${"x".repeat(2000)}`);
    stream.write(requestLine(1));
    stream.write(long);
    stream.write(requestLine(3));
    stream.flush();
    expect(written).toEqual([requestLine(1), long, requestLine(3)]);
  });

  it("writes any other line at once, after the request lines gathered before it", () => {
    const { written, stream } = blocksInto();
    stream.write(requestLine(1));
    stream.write(requestLine(2));
    expect(written).toEqual([]);
    stream.write('{"level":50,"msg":"failed"}\n');
    expect(written).toEqual([requestLine(1) + requestLine(2), '{"level":50,"msg":"failed"}\n']);
  });

  it("loses no line when the process ends, by itself or by process.exit", () => {
    const script = (ending: string) => `
      const { answeredRequestLog, logger } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "log.server.ts"))});
      const log = answeredRequestLog(logger);
      for (const n of [1, 2, 3]) {
        const req = { method: "GET", url: "/r/last-" + n, headers: {} };
        const res = { statusCode: 200, setHeader() {} };
        log.start(req, res);
        log.answered(req, res, Date.now());
      }
      ${ending}`;
    const requestLines = ["/r/last-1", "/r/last-2", "/r/last-3"];
    // pino's own line goes out after the request lines gathered before it. (At process.exit a
    // write still under way is not waited for, so only the request lines' own order is sure.)
    for (const [ending, expected] of [
      ['logger.warn("last words");', [...requestLines, "last words"]],
      ["process.exit(0);", requestLines],
    ] as const) {
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", script(ending)],
        {
          encoding: "utf8",
          env: { ...process.env, VITEST: "", NODE_ENV: "production", LOG_LEVEL: "info" },
        },
      );
      expect(run.status).toBe(0);
      const lines = run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { req?: { path: string }; msg: string });
      expect(lines.map((line) => line.req?.path ?? line.msg)).toEqual(expected);
    }
  });
});
