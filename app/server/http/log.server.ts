/**
 * The server's log: one JSON object per line on standard output (pino), read by whatever
 * collects the process's output, and printed readably under `npm run dev`. `LOG_LEVEL`
 * (`debug`, `info`, `warn`, `error` or `silent`) chooses how much; at `warn` and above the
 * line per request is left out.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { routeKind } from "./route-kind.server";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

function levelFromEnvironment(): string {
  const wanted = process.env.LOG_LEVEL?.toLowerCase();
  if (wanted && LEVELS.has(wanted)) return wanted;
  // Tests check what is logged through the logger itself, not on their output.
  return process.env.VITEST ? "silent" : "info";
}

/** Lines per request are written in blocks of at least this many bytes… */
const LOG_BLOCK_BYTES = 2048;
/** …or of what has gathered when this much time has passed. */
const LOG_FLUSH_INTERVAL_MS = 1000;

/** A field only the line per request has (see `requestLogger` and `answeredRequestLog`). */
const REQUEST_LINE_FIELD = '"responseTime":';

/** Writes out what the destination holds, unless a write is under way (it then flushes itself). */
function flushLog(destination: ReturnType<typeof pino.destination>) {
  try {
    destination.flush();
  } catch {
    // A flush while the destination is still opening, or after it was closed: nothing to do.
  }
}

function createLogger(): Logger {
  const level = levelFromEnvironment();
  if (process.env.NODE_ENV === "development") {
    // pino-pretty is a development dependency: only `npm run dev` loads it.
    return pino({
      level,
      transport: {
        target: "pino-pretty",
        // The message says it all for a request; the fields are there in production.
        options: { colorize: true, ignore: "pid,hostname,req,res,responseTime,reqId" },
      },
    });
  }
  // Written without waiting on the terminal or pipe, so a slow reader never holds a request.
  // The line per request is written in blocks (a write per line cost a busy server more than
  // serving it a cached page); a quiet server's go out within a second. Any other line goes
  // out at once, after those before it. pino writes out what is left when the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES });
  setInterval(() => flushLog(destination), LOG_FLUSH_INTERVAL_MS).unref();
  const lines = {
    write(line: string) {
      destination.write(line);
      if (!line.includes(REQUEST_LINE_FIELD)) flushLog(destination);
    },
  };
  return pino({ level }, lines);
}

export const logger: Logger = createLogger();

/** A request id a client or proxy may hand us: short, and printable without escaping. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = "x-request-id";

/** The id a request was given (see `requestLogger`), for lines logged while it is answered. */
export function requestIdOf(request: Request): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** An error a route caught and answered itself: logged once, with the request's id. */
export function logRequestError(request: Request, message: string, error: unknown): void {
  logger.error({ err: error, reqId: requestIdOf(request) }, message);
}

/**
 * One line per request, when its answer is sent: method, path (never the query string,
 * which may carry a reset or confirmation token), kind of route, status, duration and the
 * request id. The id is the `X-Request-Id` the request came with, when it looks like one,
 * or a new one; either way the answer carries it back, and React Router's request sees it
 * (`requestIdOf`). No header is logged, so no cookie or authorization ever is.
 */
export function requestLogger(base: Logger = logger) {
  return pinoHttp({
    logger: base,
    genReqId: assignRequestId,
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => {
        const path = pathOf(req);
        return { method: req.method, path, route: routeKind(req.method ?? "GET", path) };
      },
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      return "info";
    },
    // A 5xx answer with no error behind it (React Router's, whose handleError logged the
    // cause already) needs no stand-in error and stack of its own.
    customErrorObject: (_req, res, _error, value: Record<string, unknown>) =>
      (res as ServerResponse & { err?: unknown }).err ? value : { ...value, err: undefined },
    customSuccessMessage: (req, res, ms) =>
      answeredMessage(req.method ?? "GET", pathOf(req), res.statusCode, ms),
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
  });
}

/**
 * The request's id: the `X-Request-Id` it came with, when that looks like one, or a new
 * one. The answer carries it back, and React Router's request sees it (`requestIdOf`).
 */
function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const id = typeof sent === "string" && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The path a request asked for, without its query string (which may carry a token). */
function pathOf(req: IncomingMessage): string {
  const target = req.url ?? "";
  const queryStart = target.indexOf("?");
  return queryStart === -1 ? target : target.slice(0, queryStart);
}

function answeredMessage(method: string, path: string, status: number, ms: number): string {
  return `${method} ${path} ${status} ${ms} ms`;
}

/** How many pages' loggers `answeredRequestLog` keeps before starting afresh. */
const KEPT_PAGE_LOGGERS = 1000;

/**
 * The same line as `requestLogger` writes, for a request answered without Express (the page
 * cache's front door): given its id at once, and logged as its answer is handed over. The
 * same few pages are answered over and over: each method, path and status gets a child logger
 * that has its `req` and `res` fields written out once, so a line costs writing its id, time
 * and message.
 */
export function answeredRequestLog(base: Logger = logger) {
  const logs = base.isLevelEnabled("info");
  const pageLoggers = new Map<string, Logger>();
  const pageLogger = (method: string, path: string, status: number) => {
    const key = `${method} ${status} ${path}`;
    let pageLog = pageLoggers.get(key);
    if (!pageLog) {
      if (pageLoggers.size >= KEPT_PAGE_LOGGERS) pageLoggers.clear();
      pageLog = base.child({
        req: { method, path, route: routeKind(method, path) },
        res: { status },
      });
      pageLoggers.set(key, pageLog);
    }
    return pageLog;
  };
  return {
    start: assignRequestId,
    answered(req: IncomingMessage, res: ServerResponse, startedAt: number) {
      if (!logs) return;
      const method = req.method ?? "GET";
      const path = pathOf(req);
      const ms = Date.now() - startedAt;
      pageLogger(method, path, res.statusCode).info(
        { reqId: req.headers[REQUEST_ID_HEADER], responseTime: ms },
        answeredMessage(method, path, res.statusCode, ms),
      );
    },
  };
}
