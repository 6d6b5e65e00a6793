/**
 * Every form a route action receives is read here, and nowhere else:
 *
 * - only web forms (urlencoded or multipart), bounded in bytes, fields and
 *   part headers while they stream in, so no body can stall the process;
 * - no NUL character (PostgreSQL cannot store it in text) and no other control
 *   character but tab and line breaks, which are silently removed;
 * - no list index in a field name beyond any form's needs, and for Conform
 *   submissions only the fields the zod schema declares: a name such as
 *   `redirectTo[99999999]` would otherwise make Conform allocate an array of a
 *   hundred million slots, and echo it back in `reply()`.
 *
 * The HTTP server refuses bodies over the limit before any of this runs (see
 * request-limits.server.ts); the byte bound here keeps the rule where the
 * actions are, for callers that are not behind that server (tests, scripts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUploadHandler,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import type { z } from "zod";
import { MESSAGES } from "~/lib/messages";

/** A plain form (sign-in, an item, a site's info) is a few KB; 64 KB leaves room for any of ours. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * Our largest form is an item's edit with every option: 4 groups of 12 choices, each choice
 * with its id, name, price change and sold-out box, about 250 fields in all.
 */
export const MAX_FORM_FIELDS = 300;
/** Longest field name any of our forms uses is under 30 characters. */
const MAX_FIELD_NAME_LENGTH = 200;
/** A multipart part's headers are a name and a file name; browsers send a few hundred bytes. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Index bound for array fields whose schema gives no maximum. */
const DEFAULT_MAX_LIST_LENGTH = 100;
/** No list of ours comes near this; a larger index in a name is an attack on list parsing. */
const MAX_FIELD_INDEX = 999;
const FIELD_INDEX = /\[(\d+)\]/g;
/** Conform's reserved field names; each carries a small JSON document. */
const INTENT = "__intent__";
const STATE = "__state__";
const MAX_RESERVED_FIELD_LENGTH = 4 * 1024;

export class FormReadError extends Error {
  override name = "FormReadError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ReadFormOptions {
  /** Largest body accepted, in bytes. */
  maxBytes?: number;
  /** Files the form may carry (default none); each goes to `onFile`. */
  maxFiles?: number;
  maxFileBytes?: number;
  onFile?: FileUploadHandler;
}

const WEB_FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads the request's body as a web form within the given bounds. Throws a
 * FormReadError (4xx) for anything else: another content type, a body or a
 * part header too large, too many fields or files, a malformed multipart body,
 * field names no form of ours has, or a NUL character.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const { maxBytes = FORM_BODY_LIMIT_BYTES, maxFiles = 0, onFile } = options;
  // The multipart parser bounds every part by this, text fields included.
  const maxFileBytes = options.maxFileBytes ?? maxBytes;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  // A post with no body at all is an empty form (a client posting a form without fields).
  const declaredEmpty =
    Number(request.headers.get("content-length") ?? 0) === 0 &&
    !request.headers.has("transfer-encoding");
  if (!contentType && declaredEmpty) return new FormData();
  if (!WEB_FORM_TYPES.some((type) => contentType.startsWith(type))) {
    throw new FormReadError(MESSAGES.formNotAForm, 415);
  }
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    throw new FormReadError(MESSAGES.formTooLarge, 413);
  }

  let raw: FormData;
  try {
    raw = await parseFormData(
      request,
      {
        maxFiles,
        maxFileSize: maxFileBytes,
        maxParts: MAX_FORM_FIELDS,
        maxHeaderSize: MAX_PART_HEADER_BYTES,
        maxTotalSize: maxBytes,
      },
      // Without a handler, files would be kept in memory whole.
      onFile ?? (() => undefined),
    );
  } catch (error) {
    throw formReadErrorFor(error);
  }

  const form = new FormData();
  for (const [name, value] of raw) {
    if (!isPlausibleFieldName(name)) throw new FormReadError(MESSAGES.formUnreadable, 400);
    if (typeof value !== "string") {
      form.append(name, value);
      continue;
    }
    if (value.includes("\u0000")) throw new FormReadError(MESSAGES.formNulCharacter, 400);
    if (name === INTENT || name === STATE) checkReservedField(name, value);
    form.append(name, withoutControlCharacters(value));
  }
  return form;
}

function isPlausibleFieldName(name: string): boolean {
  if (name.length > MAX_FIELD_NAME_LENGTH) return false;
  for (const [, index] of name.matchAll(FIELD_INDEX)) {
    if (Number(index) > MAX_FIELD_INDEX) return false;
  }
  return true;
}

/** Like readForm, but answers the refusal itself: throws React Router's 4xx response. */
export async function readFormOrRefuse(
  request: Request,
  options?: ReadFormOptions,
): Promise<FormData> {
  try {
    return await readForm(request, options);
  } catch (error) {
    if (error instanceof FormReadError) throw refusal(error);
    throw error;
  }
}

/** The thrown answer for a form the server cannot read; the error page shows the message. */
function refusal(error: FormReadError) {
  return data({ message: error.message }, { status: error.status });
}

function formReadErrorFor(error: unknown): FormReadError {
  if (error instanceof FormReadError) return error;
  if (error instanceof MaxTotalSizeExceededError || error instanceof MaxFileSizeExceededError) {
    return new FormReadError(MESSAGES.formTooLarge, 413);
  }
  if (error instanceof MaxPartsExceededError) {
    return new FormReadError(MESSAGES.formTooManyFields, 413);
  }
  if (error instanceof MaxFilesExceededError) {
    return new FormReadError(MESSAGES.formTooManyFiles, 400);
  }
  // A malformed multipart body, a part header over the bound, a body cut off by the client.
  return new FormReadError(MESSAGES.formUnreadable, 400);
}

// C0 controls but tab, line feed and carriage return; DEL. NUL is refused before this.
// eslint-disable-next-line no-control-regex -- control characters are what it strips
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}

/**
 * Conform's parse, given only the fields `schema` declares (and Conform's
 * reserved fields, which readForm has already checked).
 */
export function parseSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(declaredFieldsOnly(formData, schema), { schema });
}

function declaredFieldsOnly(formData: FormData, schema: z.ZodType): FormData {
  const declared = new FormData();
  for (const [name, value] of formData) {
    if (name === INTENT || name === STATE || acceptsFieldName(schema, name)) {
      declared.append(name, value);
    }
  }
  return declared;
}

/** Conform throws on anything but JSON in these; only what a plain submit can carry passes. */
function checkReservedField(name: string, value: string): void {
  let parsed: unknown;
  try {
    if (value.length > MAX_RESERVED_FIELD_LENGTH) throw new Error("too long");
    parsed = JSON.parse(value);
  } catch {
    throw new FormReadError(MESSAGES.formUnreadable, 400);
  }
  const isObject = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  // Our forms validate in the browser; the only intent a plain submit carries is "validate".
  const allowed =
    name === STATE ? isObject : isObject && (parsed as { type?: unknown }).type === "validate";
  if (!allowed) throw new FormReadError(MESSAGES.formUnreadable, 400);
}

type PathSegment = string | number;

/** `hours[2].open` → ["hours", 2, "open"]; null for names Conform would not read as a path. */
export function fieldPath(name: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  const pattern = /(?:^|\.)([^.[\]]+)|\[(\d{1,6})\]/y;
  let position = 0;
  while (position < name.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(name);
    if (!match) return null;
    segments.push(match[1] !== undefined ? match[1] : Number(match[2]));
    position = pattern.lastIndex;
  }
  return segments.length > 0 && typeof segments[0] === "string" ? segments : null;
}

/** Whether `name` leads somewhere in the schema's shape, with list indexes within bounds. */
export function acceptsFieldName(schema: z.ZodType, name: string): boolean {
  const path = fieldPath(name);
  return path !== null && acceptsPath(schema, path);
}

interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  checks?: { _zod: { def: { check?: string; maximum?: number } } }[];
}

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

function acceptsPath(schema: z.ZodType, path: PathSegment[]): boolean {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return acceptsPath(definition.innerType!, path);
    case "pipe":
      // A preprocess step reads anything: the shape is what it feeds into.
      return definitionOf(definition.in!).type === "transform"
        ? acceptsPath(definition.out!, path)
        : acceptsPath(definition.in!, path);
    case "union":
      return definition.options!.some((option) => acceptsPath(option, path));
    case "object": {
      if (path.length === 0) return false;
      const [key, ...rest] = path;
      if (typeof key !== "string" || !Object.hasOwn(definition.shape!, key)) return false;
      return acceptsPath(definition.shape![key]!, rest);
    }
    case "array": {
      // A list is also sent as repeated fields of one name.
      if (path.length === 0) return true;
      const [index, ...rest] = path;
      return typeof index === "number" && index < maxListLength(definition)
        ? acceptsPath(definition.element!, rest)
        : false;
    }
    default:
      // A single value: the name must end here.
      return path.length === 0;
  }
}

function maxListLength(definition: SchemaDefinition): number {
  for (const check of definition.checks ?? []) {
    const { check: kind, maximum } = check._zod.def;
    if (kind === "max_length" && typeof maximum === "number") return maximum;
  }
  return DEFAULT_MAX_LIST_LENGTH;
}

/** A text field's value; "" when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
