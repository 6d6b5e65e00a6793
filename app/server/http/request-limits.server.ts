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

/**
 * Refuses a body over its route's bound (413), or one that declares no length (411), from the
 * headers alone. The connection is then settled like that of any answer given before its body
 * was read (unread-bodies.server.ts).
 */
export const limitRequestBodies: RequestHandler = (req, res, next) => {
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return next();
    res.status(411).type("text/plain").send(MESSAGES.formLengthRequired);
    return;
  }
  // Past the bound of a route that takes an image, readUploadForm refuses it from the declared
  // length alone, with the image pipeline's message.
  if (Number(declared) <= bodyLimitFor(req.path) || IMAGE_FORM_ROUTE.test(req.path)) {
    return next();
  }
  res.status(413).type("text/plain").send(MESSAGES.formTooLarge);
};
