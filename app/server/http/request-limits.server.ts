/**
 * Request bodies are bounded before anything reads them. Every route takes
 * forms of at most FORM_BODY_LIMIT_BYTES, except the two that take an image
 * (the upload route and the editors, whose Add Item posts a photo without
 * JavaScript): they have a larger bound, and past it they still answer, without
 * reading the body, so that the owner sees the image pipeline's message in the
 * editor rather than a bare error page.
 *
 * A body must declare its length: browsers always do for forms, uploads and
 * fetches of FormData, and a declared length is what lets a body be refused
 * before a byte of it is read (Node's parser then delivers no more than it).
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { MESSAGES } from "~/lib/messages";
import { FORM_BODY_LIMIT_BYTES } from "./forms.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "../images/upload-form.server";

/** Routes whose forms carry an image (matched case-insensitively, as React Router matches). */
const IMAGE_FORM_ROUTE = /^\/user\/(upload\/[^/]+|[^/]+\/setup\/[^/]+)(\.data)?\/?$/i;

/** The largest body a request to this path may declare. */
function bodyLimitFor(path: string): number {
  return IMAGE_FORM_ROUTE.test(path) ? MAX_UPLOAD_REQUEST_BYTES : FORM_BODY_LIMIT_BYTES;
}

/**
 * Whether a client that asks before sending its body (`Expect: 100-continue`; curl does past
 * 1 KB) should be told to send it: only when it declares a length within its route's bound.
 * Any other request goes on uninvited, and is answered from its headers alone, below or by
 * the upload reader, before a byte of the body is asked for.
 */
export function mayInviteBody(req: IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  if (declared === undefined) return false;
  let path: string;
  try {
    path = new URL(req.url ?? "/", "http://localhost").pathname;
  } catch {
    return false;
  }
  return Number(declared) <= bodyLimitFor(path);
}

export const limitRequestBodies: RequestHandler = (req, res, next) => {
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return next();
    refuse(req, res, 411, MESSAGES.formLengthRequired);
    return;
  }
  if (Number(declared) <= bodyLimitFor(req.path)) return next();
  if (!IMAGE_FORM_ROUTE.test(req.path)) {
    refuse(req, res, 413, MESSAGES.formTooLarge);
    return;
  }
  // readUploadForm refuses it from the declared length alone.
  closeWhenAnswered(req, res);
  next();
};

function refuse(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: number,
  message: string,
): void {
  closeWhenAnswered(req, res);
  res.status(status).type("text/plain").send(message);
}

/** How long a refused client may go on sending the body nobody reads. */
const LINGER_MS = 5_000;
/** How much of it is read and dropped before the connection is cut all the same. */
const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * Ends the connection once the answer is out, in the way HTTP clients understand: a lingering
 * close, as Apache and nginx do. Node would close the socket as soon as the answer is written;
 * with the client's body still arriving, the kernel then resets the connection, the client's
 * writes fail (EPIPE), and a reset that overtakes the answer on a real network leaves it with
 * ECONNRESET instead of the refusal. Instead the answer goes out with a FIN, and what the
 * client still sends is read and dropped until it has sent it all, or for a few seconds or
 * megabytes at most.
 */
function closeWhenAnswered(req: IncomingMessage, res: Parameters<RequestHandler>[1]): void {
  res.set("Connection", "close");
  const socket = req.socket as Socket & { destroySoon: () => void };
  const closeNow = socket.destroySoon.bind(socket);
  // Node's server calls this once a "Connection: close" answer is finished.
  socket.destroySoon = function lingeringClose(this: Socket) {
    // With the whole body read, there is nothing to wait for.
    if (req.complete) return closeNow();
    this.end();
    const cut = () => this.destroy();
    const timer = setTimeout(cut, LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    let dropped = 0;
    // Node's server already lets the unread body flow (and be dropped); this only counts it.
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) cut();
    });
    req.once("end", cut);
    req.resume();
  };
}
