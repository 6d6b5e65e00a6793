/**
 * A menu's or a shop's items as a CSV file: the columns of each site type, and what an
 * import's preview says. The reading and writing are server-side
 * (app/server/editing/items-csv.server.ts); the editor shows the preview from these types.
 *
 * - One row per item, the first row names the columns (in any order, any case).
 * - `id`: an item's id as exported. A row with the id of an item of this site updates
 *   that item; a row without id adds a new item. Items the file does not name stay as
 *   they are (an import never deletes), and photos are neither exported nor imported.
 * - `price`: a decimal amount in the site's currency ("12.50"), read like the editor's
 *   price field.
 * - Lists (`tags`, `allergens`, `diets`) are one cell, separated by semicolons.
 * - Flags (`popular`, `featured`, `sold_out`): yes or no (also true/false, 1/0, or empty for no).
 * - `options`: the item's sizes and choice groups in one cell, as app/lib/item-options.ts
 *   writes them: `Size: Small=0 | Large=+3; Extras (up to 3): Bacon=+2 | Cheese=+1`.
 * - Row numbers count the header as row 1, as a spreadsheet shows them.
 */
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { MAX_ITEMS_PER_PRODUCT } from "./limits";

/** The largest file an import reads. A full 50-item file with long descriptions is ~60 KB. */
export const CSV_MAX_BYTES = 256 * 1024;
/** At most this many item rows: more could never fit on one site. */
export const CSV_MAX_ROWS = MAX_ITEMS_PER_PRODUCT;

export const LIST_SEPARATOR = ";";

/** The form intents of the import: read the file and show the preview; write the rows. */
export const IMPORT_PREVIEW_INTENT = "import-preview";
export const IMPORT_CONFIRM_INTENT = "import-confirm";

export type CsvColumn =
  | "id"
  | "name"
  | "price"
  | "category"
  | "description"
  | "popular"
  | "featured"
  | "allergens"
  | "diets"
  | "tags"
  | "sold_out"
  | "options";

/** What a row of the preview shows: what will happen to which item, or why it cannot. */
export interface ImportPreviewRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  action: "add" | "update";
  name: string;
  /** The price as it will be stored, in cents; null when the row has none. */
  priceCents: number | null;
  errors: string[];
  /** Worth a look, but not a reason to refuse (a second item with an existing name). */
  notes: string[];
}

export interface ImportPreview {
  /** Problems with the file as a whole (size, encoding, header); no rows are read then. */
  fileErrors: string[];
  rows: ImportPreviewRow[];
  /** Items the import would add and update. */
  adds: number;
  updates: number;
  /** Items on the site before, and after the import. */
  before: number;
  after: number;
}

export type ImportResult =
  | {
      intent: typeof IMPORT_PREVIEW_INTENT;
      preview: ImportPreview;
      /** The file's text, sent back with the confirm form (and read and checked again then). */
      csv: string | null;
    }
  | {
      intent: typeof IMPORT_CONFIRM_INTENT;
      /** Set when the rows were written. */
      imported?: { added: number; updated: number };
      /** Why nothing was written; the preview again when the rows are the reason. */
      error?: string;
      preview?: ImportPreview;
      csv?: string | null;
    };

/** Whether the preview may be confirmed: a readable file, rows, and no row refused. */
export function isImportable(preview: ImportPreview): boolean {
  return (
    preview.fileErrors.length === 0 &&
    preview.rows.length > 0 &&
    preview.rows.every((row) => row.errors.length === 0) &&
    preview.after <= MAX_ITEMS_PER_PRODUCT
  );
}

/** "Row 7: Price is required." */
export function rowErrorText(row: number, message: string): string {
  return fill(editorWords.csvRowError, { row, message });
}

/** Where the export and the template of a product are downloaded. */
export function itemsCsvPath(productId: string, file: "export" | "template"): string {
  return file === "export"
    ? `/user/items-csv/${productId}`
    : `/user/items-csv/${productId}/template`;
}
