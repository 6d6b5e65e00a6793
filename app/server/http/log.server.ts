/**
 * The server's log: one JSON object per line on standard output (pino), read by whatever
 * collects the process's output, and printed readably under `npm run dev`. `LOG_LEVEL`
 * (`debug`, `info`, `warn`, `error` or `silent`) chooses how much; at `warn` and above the
 * line per request is left out.
 */
import cluster from "node:cluster";
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

/**
 * Processes sharing one output (`WEB_CONCURRENCY`) write at most what a pipe writes whole
 * (PIPE_BUF on Linux), so that their lines never interleave; one process writes in blocks of
 * 64 KB.
 */
const PIPE_ATOMIC_BYTES = 4096;
const LOG_BLOCK_BYTES = cluster.isWorker ? PIPE_ATOMIC_BYTES : 64 * 1024;
/** Lines per request are handed over when the first of them has waited this long. */
const LOG_GATHER_MS = 20;

/** A field only the line per request has (see `requestLogger` and `answeredRequestLog`). */
const REQUEST_LINE_FIELD = '"responseTime":';

/** What the logger's stream writes to: sonic-boom, in buffer mode. */
interface ByteDestination {
  write(bytes: Buffer): unknown;
  flush(done?: (error?: Error) => void): void;
}

/** The stream's way in for a line known to be a request's, where it has one. */
const writeRequestLine = Symbol("writeRequestLine");
interface LogStream {
  write(line: string): void;
  /** `oneByte`: the line is ASCII, so each character is one byte as it is. */
  [writeRequestLine]?: (line: string, oneByte: boolean) => void;
}

/**
 * The logger's stream. Lines per request are gathered for up to 20 ms, or until they fill a
 * block, and handed to the destination together: each write costs a busy server a hand-over
 * to libuv's thread pool and back, which under load costs more than serving a cached page, so
 * a write per line (or per turn of the event loop) would cost more than the requests it logs.
 * Each line is written into the block's bytes as it comes, so no string of them all is joined,
 * and none is encoded again on its way out. Any other line goes out at once, after those
 * gathered before it.
 */
export function requestLineBlocks(
  openDestination: () => ByteDestination,
  { blockBytes = LOG_BLOCK_BYTES, gatherMs = LOG_GATHER_MS } = {},
) {
  let block: Buffer | null = null;
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (block === null) return;
    destination.write(block.subarray(0, used));
    block = null;
    used = 0;
  };
  // Registered before the destination's own exit handler (pino's), which runs after this one
  // and writes out everything it holds.
  process.on("beforeExit", handOver);
  process.on("exit", handOver);
  const destination = openDestination();
  const gather = (line: string, oneByte: boolean) => {
    // UTF-8 takes at most three bytes for each of a string's UTF-16 units.
    const most = oneByte ? line.length : line.length * 3;
    if (block !== null && used + most > block.length) handOver();
    if (most > blockBytes) {
      // Longer than a block: a write of its own.
      destination.write(Buffer.from(line));
      return;
    }
    block ??= Buffer.allocUnsafe(blockBytes);
    used += block.write(line, used, oneByte ? "latin1" : "utf8");
    // Unreferenced: a server with nothing else to do exits, and hands the lines over then.
    timer ??= setTimeout(handOver, gatherMs).unref();
  };
  return {
    write(line: string) {
      if (line.includes(REQUEST_LINE_FIELD)) return gather(line, false);
      handOver();
      destination.write(Buffer.from(line));
    },
    /** A line known to be one per request (`answeredRequestLog`'s): gathered unread. */
    [writeRequestLine]: gather,
    /** Hands over the lines gathered so far (pino's `logger.flush`). */
    flush(done?: (error?: Error) => void) {
      handOver();
      if (done) destination.flush(done);
    },
  };
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
  // Written without waiting on the terminal or pipe, so a slow reader never holds a request;
  // pino writes out what is left when the process exits.
  const lines = requestLineBlocks(
    () =>
      // Typed for strings; in buffer mode sonic-boom takes bytes, and writes them as they are.
      pino.destination({
        dest: 1,
        sync: false,
        contentMode: "buffer",
        // sonic-boom joins what waits for the write under way up to this many bytes.
        ...(cluster.isWorker ? { maxWrite: PIPE_ATOMIC_BYTES } : {}),
      }) as unknown as ByteDestination,
  );
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
  const id = assignedRequestId(req);
  res.setHeader("X-Request-Id", id);
  return id;
}

/**
 * The request's id: the one a proxy sent when it is well-formed, else a new one; kept on the
 * request for its log line. The answer must carry it as `X-Request-Id`.
 */
function assignedRequestId(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const id = typeof sent === "string" && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
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

/** How many pages' lines `answeredRequestLog` keeps before starting afresh. */
const KEPT_PAGE_LINES = 1000;

/** What a page's request lines share: all but their time, id and duration. */
interface PageLine {
  method: string;
  status: number;
  /** pino's bindings of a child logger with the line's `req` and `res`: `,"pid":…,"res":{…}`. */
  bindings: string;
  /** The message up to its duration, as JSON without its closing quote: `"GET /r/x 200 `. */
  messageStart: string;
  /** Whether both are ASCII, as the rest of the line always is (digits and a checked id). */
  oneByte: boolean;
}

/** "000" to "999": a time's milliseconds as its last three digits. */
const MILLISECOND_DIGITS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, "0"));

/**
 * A time in milliseconds since the epoch as digits, as pino writes it: the second's digits,
 * made once a second, then the millisecond's from a table. A 13-digit number written anew for
 * every line cost about a tenth of writing the line.
 */
function epochMillisecondsText() {
  let second = -1;
  let secondText = "";
  return (time: number): string => {
    const thisSecond = Math.floor(time / 1000);
    if (thisSecond !== second) {
      second = thisSecond;
      secondText = String(thisSecond);
    }
    return secondText + MILLISECOND_DIGITS[time - thisSecond * 1000]!;
  };
}

/** Printable ASCII: what JSON text with no character above U+007E is made of. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The same line as `requestLogger` writes, for a request answered without Express (the page
 * cache's front door): given its id at once, and logged as its answer is handed over.
 *
 * The same few pages are answered over and over, and a hit costs little more than writing
 * the page, so the line is put together here rather than by pino's `info()`: each path,
 * method and status gets its fixed part once (the bindings pino itself writes for a child
 * logger with `req` and `res`, and the message's start, JSON-escaped), and a line adds its
 * time, id and duration, in the order and form pino's own line has them
 * (`{"level":30,"time":…,"pid":…,"hostname":…,"req":…,"res":…,"reqId":…,"responseTime":…,"msg":…}`),
 * to the logger's own stream. A test holds the two lines equal.
 */
export function answeredRequestLog(base: Logger = logger) {
  const logs = base.isLevelEnabled("info");
  const timeText = epochMillisecondsText();
  const stream = (base as unknown as Record<symbol, LogStream>)[pino.symbols.streamSym]!;
  const write =
    stream[writeRequestLine] ?? ((line: string, _oneByte: boolean) => stream.write(line));
  const linePrefix = `{"level":${base.levels.values.info},"time":`;
  // By path, each with its lines by method and status (almost always one: GET, 200).
  const pageLines = new Map<string, PageLine[]>();
  const pageLine = (method: string, path: string, status: number) => {
    let lines = pageLines.get(path);
    const kept = lines?.find((line) => line.status === status && line.method === method);
    if (kept) return kept;
    if (!lines) {
      if (pageLines.size >= KEPT_PAGE_LINES) pageLines.clear();
      pageLines.set(path, (lines = []));
    }
    const child = base.child({
      req: { method, path, route: routeKind(method, path) },
      res: { status },
    });
    const bindings = (child as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!;
    const messageStart = JSON.stringify(`${method} ${path} ${status} `).slice(0, -1);
    const line: PageLine = {
      method,
      status,
      bindings,
      messageStart,
      oneByte: PRINTABLE_ASCII.test(bindings) && PRINTABLE_ASCII.test(messageStart),
    };
    lines.push(line);
    return line;
  };
  return {
    start: assignRequestId,
    /** The request's id, for an answer that writes its headers at once (it must send it). */
    requestId: assignedRequestId,
    answered(req: IncomingMessage, res: ServerResponse, startedAt: number) {
      if (!logs) return;
      const now = Date.now();
      const ms = now - startedAt;
      const line = pageLine(req.method ?? "GET", pathOf(req), res.statusCode);
      // The id is one `start` checked against REQUEST_ID_PATTERN or made: nothing to escape.
      const id = req.headers[REQUEST_ID_HEADER] as string;
      write(
        `${linePrefix}${timeText(now)}${line.bindings},"reqId":"${id}","responseTime":${ms},"msg":${line.messageStart}${ms} ms"}\n`,
        line.oneByte,
      );
    },
  };
}
