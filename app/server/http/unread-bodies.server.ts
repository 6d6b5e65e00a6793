/**
 * What becomes of a request's body when its answer goes out before the body was read: a
 * refusal from the headers alone (413 and 411 here, 403 for a foreign Origin, 401 from the
 * sign-in guard, 429 from the write limits, 415 from the form reader, an image refused by its
 * declared length) or a form whose reader stopped partway (too many fields). Every answer
 * passes through `settleUnreadBodies`, the first layer of the Express app, so no route has to
 * think of it, and the connection is always left in a state HTTP clients understand:
 *
 * - the whole body had arrived, or what is left of it is small (DRAIN_BYTES): the answer
 *   keeps the connection alive, and the body is read to its end and dropped once the answer
 *   is out, so the next request on the connection is read;
 * - more is still to come: the answer says `Connection: close`, goes out with a FIN, and what
 *   the client still sends is read and dropped (a lingering close, as Apache and nginx do)
 *   until it has sent it all, or for a few seconds or megabytes at most.
 *
 * Without this, a body that a reader had begun and paused (React Router's request stream
 * does) was neither read nor dropped: the connection stayed open but deaf, its next request
 * never read, until Node's header timeout destroyed it with the body still unread and the
 * kernel answered the client with a reset (ECONNRESET). And closing the socket as soon as the
 * answer is written, with the client's body still arriving, has the same effect: the reset
 * can overtake the answer, and the client sees ECONNRESET instead of the refusal.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { FORM_BODY_LIMIT_BYTES } from "./forms.server";

/** How long a refused client may go on sending the body nobody reads. */
export const LINGER_MS = 5_000;
/** How much of it is read and dropped before the connection is cut all the same. */
export const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * A body declared this small is read to its end and dropped after an early answer, which then
 * keeps its connection: the largest plain form (forms.server.ts) is no longer than this.
 */
export const DRAIN_BYTES = FORM_BODY_LIMIT_BYTES;

/** Whether the request says a body follows (a declared length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  if (declared !== undefined) return Number(declared) !== 0;
  return req.headers["transfer-encoding"] !== undefined;
}

/**
 * Whether the connection can be kept once the answer is out, when that answer was written
 * before the body was read to its end: the whole body had arrived, or what may be left of it
 * is small and the client sends it in any case. A client that asked before sending its body
 * (`Expect: 100-continue`) may or may not send it after a refusal, so its connection is closed.
 */
function mayKeepConnection(req: IncomingMessage): boolean {
  if (req.complete) return true;
  const declared = req.headers["content-length"];
  return (
    declared !== undefined && Number(declared) <= DRAIN_BYTES && req.headers.expect === undefined
  );
}

/**
 * The shared rule for every answer given before its request's body was read: see the file's
 * comment. Installed once, ahead of every other layer; costs nothing for a request without a
 * body.
 */
export const settleUnreadBodies: RequestHandler = (req, res, next) => {
  if (hasBody(req)) watchAnswer(req, res);
  next();
};

function watchAnswer(req: IncomingMessage, res: ServerResponse): void {
  let closing = false;
  let headWritten = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  // Every way of answering (send, end, a stream, flushHeaders) writes the head through this.
  res.writeHead = (...args: unknown[]) => {
    if (!headWritten && !res.headersSent) {
      headWritten = true;
      if (!mayKeepConnection(req)) {
        closing = true;
        res.setHeader("Connection", "close");
        lingerWhenClosing(req);
      }
    }
    return writeHead(...args);
  };
  // Node drops an unread body only when nobody began reading it; a reader that began and
  // paused (React Router's request stream) would otherwise hold it, and the connection, still.
  res.once("finish", () => {
    if (!closing) dropUnread(req);
  });
}

/**
 * Reads what is left of the body and throws it away (counting it with `onChunk`), whoever had
 * begun to read it: the answer is out, and nobody may use the body any more.
 */
function dropUnread(req: IncomingMessage, onChunk?: (chunk: Buffer) => void): void {
  if (req.readableEnded || req.destroyed) return;
  req.removeAllListeners("data");
  if (onChunk) req.on("data", onChunk);
  req.resume();
}

/**
 * Node's server calls `socket.destroySoon()` once a `Connection: close` answer is finished;
 * here that becomes a lingering close. The answer is flushed and followed by a FIN, what the
 * client still sends is dropped, and the socket is destroyed when the body has all arrived
 * (or the client closed its side), or after LINGER_MS or LINGER_BYTES at most: by then the
 * client has had its answer, and a reset can no longer overtake it.
 */
function lingerWhenClosing(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon: () => void };
  const closeNow = socket.destroySoon.bind(socket);
  socket.destroySoon = function lingeringClose(this: Socket) {
    // With the whole body read, there is nothing to wait for.
    if (req.complete) return closeNow();
    this.end();
    const cut = () => {
      if (this.writableFinished) this.destroy();
      else this.once("finish", () => this.destroy());
    };
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", cut);
    req.once("end", cut);
    let dropped = 0;
    dropUnread(req, (chunk) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) this.destroy();
    });
  };
}
