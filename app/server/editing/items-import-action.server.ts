/**
 * The editor's CSV import, in two posts that both work without JavaScript:
 *
 * 1. `import-preview` carries the file. It is read and checked (app/server/editing/items-csv.server.ts)
 *    and the answer is the preview, row by row, with the file's text to send back. Nothing is
 *    written.
 * 2. `import-confirm` carries that text back. It is read and checked again from scratch (the
 *    preview is never trusted), and all rows are written in one transaction, or none.
 *
 * Each written row counts as one item write against the owner's write limit (the post
 * itself already counted one).
 */
import { data, type RouterContextProvider } from "react-router";
import {
  IMPORT_CONFIRM_INTENT,
  IMPORT_PREVIEW_INTENT,
  isImportable,
  type ImportResult,
} from "~/lib/items-csv";
import { itemsCsvWords } from "~/lib/i18n/portal/items-csv";
import type { products } from "../db/schema";
import { decodeCsv, parseItemsCsv, previewImport } from "./items-csv.server";
import { logger } from "../http/log.server";
import { importItems, listItems } from "../repositories/items.server";
import type { AppServices } from "../runtime/services.server";
import { countOwnerWrite, tooManyWritesMessage } from "../http/write-limits.server";

type Product = typeof products.$inferSelect;

export function isImportIntent(
  intent: unknown,
): intent is typeof IMPORT_PREVIEW_INTENT | typeof IMPORT_CONFIRM_INTENT {
  return intent === IMPORT_PREVIEW_INTENT || intent === IMPORT_CONFIRM_INTENT;
}

interface ImportRequest {
  services: Pick<AppServices, "db" | "events">;
  context: Readonly<RouterContextProvider>;
  product: Product;
  formData: FormData;
  /** The chosen file's bytes (the form's `file` field). */
  file: Uint8Array | null;
  requestId?: string;
}

const NO_FILE = itemsCsvWords.noFile;
const FAILED = itemsCsvWords.importFailed;

function answer(result: ImportResult, status: number) {
  return data<ImportResult>(result, { status });
}

export async function runImportIntent(
  intent: typeof IMPORT_PREVIEW_INTENT | typeof IMPORT_CONFIRM_INTENT,
  request: ImportRequest,
) {
  try {
    return intent === IMPORT_PREVIEW_INTENT ? await preview(request) : await confirm(request);
  } catch (error) {
    logger.error({ err: error, reqId: request.requestId }, `${intent} failed`);
    return answer({ intent: IMPORT_CONFIRM_INTENT, error: FAILED }, 500);
  }
}

async function preview({ services, product, file }: ImportRequest) {
  const intent = IMPORT_PREVIEW_INTENT;
  if (!file) {
    const empty = { fileErrors: [NO_FILE], rows: [], adds: 0, updates: 0, before: 0, after: 0 };
    return answer({ intent, preview: empty, csv: null }, 400);
  }
  const decoded = decodeCsv(file);
  const parsed = parseItemsCsv(file, product.type);
  const existing = await listItems(services.db, product.id);
  const result = previewImport(parsed, existing);
  const csv = "text" in decoded ? decoded.text : null;
  return answer({ intent, preview: result, csv }, isImportable(result) ? 200 : 422);
}

async function confirm({ services, context, product, formData }: ImportRequest) {
  const intent = IMPORT_CONFIRM_INTENT;
  const csv = formData.get("csv");
  if (typeof csv !== "string" || csv.trim() === "") {
    return answer({ intent, error: NO_FILE }, 400);
  }
  const parsed = parseItemsCsv(csv, product.type);
  const checked = previewImport(parsed, await listItems(services.db, product.id));
  if (!isImportable(checked)) {
    return answer({ intent, preview: checked, csv, error: itemsCsvWords.nothingImported }, 422);
  }
  // The post counted one write; each further row counts one more.
  if (parsed.rows.length > 1) {
    const allowance = await countOwnerWrite(context, "writes", parsed.rows.length - 1);
    if (!allowance.allowed) {
      const message = tooManyWritesMessage("writes", allowance.retryAfterSeconds);
      return answer({ intent, error: message }, 429);
    }
  }
  const written = await importItems(services.events, product, parsed.rows, (existing) =>
    previewImport(parsed, existing),
  );
  if (!written.ok) {
    return written.reason === "refused"
      ? answer({ intent, preview: written.preview, csv, error: itemsCsvWords.nothingImported }, 409)
      : answer({ intent, error: FAILED }, 404);
  }
  return answer({ intent, imported: { added: written.added, updated: written.updated } }, 200);
}
