import type { IncomingMessage, ServerResponse } from "node:http";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { answeredRequestLog, REQUEST_ID_HEADER } from "./log.server";

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
