/**
 * Items to and from CSV (papaparse), as app/lib/items-csv.ts describes the file. Reading
 * never trusts the file: its size, encoding, header and every row are checked, each row
 * with the site type's own Add Item schema (the editor's rules and messages), and nothing
 * here writes. `previewImport` adds what only the site's current items tell (ids, the
 * 50-item cap); the write (`importItems` in repositories/items.server.ts) runs it again
 * inside its transaction.
 */
import Papa from "papaparse";
import { ALLERGENS, DIETS, type DietaryLabel } from "~/lib/dietary";
import { itemsCsvWords } from "~/lib/i18n/portal/items-csv";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import {
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  LIST_SEPARATOR,
  rowErrorText,
  type CsvColumn,
  type ImportPreview,
} from "~/lib/items-csv";
import { ITEM_ID_PATTERN } from "~/lib/items";
import { storedOptions, type OptionGroup } from "~/lib/item-options";
import { withOptionIds } from "~/lib/item-options-schema";
import { formatOptionsCell, parseOptionsCell } from "~/lib/item-options-csv";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { parsePriceToCents, priceAmount } from "~/lib/price";
import { siteOf, type ItemsDefinition, type ProductType } from "~/sites";
import { formSchemasOf, type ItemFormSchemas } from "~/sites/form-schemas";
import type { ItemFields } from "../repositories/items.server";

const BOM = "\uFEFF";

/** Header spellings read as a column: any case, spaces or hyphens for underscores. */
const COLUMN_ALIASES: Record<string, CsvColumn> = {
  star: "popular",
  soldout: "sold_out",
};

const FLAG_COLUMNS = new Set<CsvColumn>(["popular", "featured", "sold_out"]);

const YES = new Set(["yes", "y", "true", "1", "x", "on"]);
const NO = new Set(["no", "n", "false", "0", "", "off"]);

/** What an export writes for an item; the row of the template. */
export interface ExportableItem {
  id: string;
  name: string;
  priceCents: number;
  category: string;
  description: string;
  star: boolean;
  tags: string[];
  soldOut: boolean;
  allergens: string[];
  diets: string[];
  options: OptionGroup[];
}

function cellOf(column: CsvColumn, item: ExportableItem, currency: string): string {
  switch (column) {
    case "id":
      return item.id;
    case "name":
      return item.name;
    case "price":
      return priceAmount(item.priceCents, currency);
    case "category":
      return item.category;
    case "description":
      return item.description;
    case "popular":
    case "featured":
      return item.star ? "yes" : "no";
    case "sold_out":
      return item.soldOut ? "yes" : "no";
    case "tags":
      return item.tags.join(LIST_SEPARATOR);
    case "allergens":
      return item.allergens.join(LIST_SEPARATOR);
    case "diets":
      return item.diets.join(LIST_SEPARATOR);
    case "options":
      return formatOptionsCell(storedOptions(item.options));
  }
}

/**
 * The file: a BOM (so that Excel reads UTF-8), the header, one row per item, CRLF line
 * ends. Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a leading
 * apostrophe, which an import takes off again.
 */
export function toCsv(columns: readonly string[], rows: string[][]): string {
  return (
    BOM +
    Papa.unparse(
      { fields: [...columns], data: rows },
      { newline: "\r\n", escapeFormulae: true, quotes: false },
    ) +
    "\r\n"
  );
}

export function itemsToCsv(
  items: ItemsDefinition,
  rows: readonly ExportableItem[],
  currency: string,
): string {
  const columns = items.csv.columns;
  return toCsv(
    columns,
    rows.map((item) => columns.map((column) => cellOf(column, item, currency))),
  );
}

/** The header and one example row, without an id (an import adds it as a new item). */
export function templateCsv(items: ItemsDefinition): string {
  const columns = items.csv.columns;
  return toCsv(columns, [columns.map((column) => items.csv.example[column] ?? "")]);
}

export interface ParsedRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  id: string | null;
  /** What the row says, for the preview, even when it is refused. */
  name: string;
  priceCents: number | null;
  /** The fields to write: only the file's columns (an update leaves the others as they are). */
  fields: Partial<ItemFields> | null;
  errors: string[];
}

export interface ParsedCsv {
  fileErrors: string[];
  rows: ParsedRow[];
}

const fileError = (message: string): ParsedCsv => ({ fileErrors: [message], rows: [] });

/** The file's text, or why it cannot be read. A leading BOM is dropped. */
export function decodeCsv(
  input: Uint8Array | string,
  /** The largest file of its kind, and what its files are of. */
  limit: { bytes: number; of: string } = { bytes: CSV_MAX_BYTES, of: itemsCsvWords.ofItems },
): { text: string } | { error: string } {
  const size = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input.byteLength;
  if (size > limit.bytes) {
    return {
      error: fill(itemsCsvWords.tooLarge, {
        size: Math.ceil(size / 1024),
        what: limit.of,
        max: limit.bytes / 1024,
      }),
    };
  }
  let text: string;
  if (typeof input === "string") {
    text = input;
  } else {
    if ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff)) {
      return { error: NOT_UTF8 };
    }
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(input);
    } catch {
      return { error: NOT_UTF8 };
    }
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  if (text.includes("\u0000")) return { error: NOT_UTF8 };
  if (text.trim() === "") return { error: itemsCsvWords.fileEmpty };
  return { text };
}

const NOT_UTF8 = itemsCsvWords.notUtf8;

/** The separator of the header line: commas, or the semicolons or tabs some spreadsheets write. */
export function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function columnOf(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return COLUMN_ALIASES[key.replace(/_/g, "")] ?? key;
}

/** A cell as it was typed: trimmed, and without the apostrophe an export puts before =+-@. */
export function cleanCell(value: string | undefined): string {
  const cell = (value ?? "").trim();
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function listOf(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Each entry of a list of allergens or diets as its key; by key or by label, in any case. */
function labelKeys(cell: string, labels: readonly DietaryLabel[]): string[] {
  return listOf(cell).map((part) => {
    const lower = part.toLowerCase();
    const found = labels.find(
      (entry) => entry.key === lower || entry.label.toLowerCase() === lower,
    );
    // An unknown entry is left as written: the schema refuses it, and says which.
    return found?.key ?? part;
  });
}

function columnTitle(column: CsvColumn): string {
  return column.replace(/_/g, " ");
}

/**
 * Reads a file of items for a site of this type: every row checked, none written. Row
 * errors are in the rows ("Row 7: Price is required."); a file that cannot be read at all
 * (size, encoding, empty, header) has file errors and no rows.
 */
export function parseItemsCsv(input: Uint8Array | string, type: ProductType): ParsedCsv {
  const items = siteOf(type).items;
  const schemas = formSchemasOf(type).items;
  if (!items || !schemas) throw new Error(`A ${type} has no items to import.`);
  const decoded = decodeCsv(input);
  if ("error" in decoded) return fileError(decoded.error);

  const parsed = Papa.parse<string[]>(decoded.text, {
    delimiter: delimiterOf(decoded.text),
    skipEmptyLines: false,
  });
  const records = parsed.data;
  const allowed = items.csv.columns;
  const expected = fill(itemsCsvWords.columnsAre, { columns: allowed.join(", ") });

  const header = (records[0] ?? []).map(columnOf);
  if (!header.includes("name") || !header.includes("price")) {
    return fileError(fill(itemsCsvWords.noHeader, { columnsAre: expected }));
  }
  const unknown = header.filter((column) => !allowed.includes(column as CsvColumn));
  if (unknown.length > 0) {
    const named = unknown
      .map((column) =>
        column ? fill(itemsCsvWords.columnQuoted, { column }) : itemsCsvWords.emptyColumn,
      )
      .join(", ");
    return fileError(
      portalPlural(itemsCsvWords.unknownColumns, unknown.length, {
        columns: named,
        columnsAre: expected,
      }),
    );
  }
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  if (repeated.length > 0) {
    return fileError(fill(itemsCsvWords.columnTwice, { column: repeated[0]! }));
  }
  const columns = header as CsvColumn[];

  // Quotes that are never closed, and the like: said on the row where they start.
  const rowProblems = new Map<number, string[]>();
  for (const problem of parsed.errors) {
    if (problem.type === "Delimiter" || problem.row === undefined) continue;
    const message = problem.type === "Quotes" ? itemsCsvWords.quoteOpen : problem.message;
    const list = rowProblems.get(problem.row) ?? [];
    list.push(message);
    rowProblems.set(problem.row, list);
  }

  const rows: ParsedRow[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    // Blank lines (and rows of empty cells) are skipped, but still counted for row numbers.
    if (record.every((cell) => cell.trim() === "")) continue;
    if (rows.length >= CSV_MAX_ROWS) {
      const count = records.slice(1).filter((r) => r.some((cell) => cell.trim() !== "")).length;
      return fileError(fill(itemsCsvWords.tooManyRows, { count, max: MAX_ITEMS_PER_PRODUCT }));
    }
    rows.push(parseRow(index + 1, record, columns, schemas, rowProblems.get(index) ?? []));
  }
  if (rows.length === 0) return fileError(itemsCsvWords.noRows);

  // The same id twice would update one item twice.
  const firstRowOfId = new Map<string, number>();
  for (const row of rows) {
    if (!row.id) continue;
    const first = firstRowOfId.get(row.id);
    if (first === undefined) firstRowOfId.set(row.id, row.row);
    else {
      row.errors.push(
        rowErrorText(row.row, fill(itemsCsvWords.idTwice, { id: row.id, row: first })),
      );
      row.fields = null;
    }
  }
  return { fileErrors: [], rows };
}

function parseRow(
  rowNumber: number,
  record: string[],
  columns: CsvColumn[],
  schemas: ItemFormSchemas,
  problems: string[],
): ParsedRow {
  const errors = problems.map((message) => rowErrorText(rowNumber, message));
  if (record.length > columns.length && record.slice(columns.length).some((c) => c.trim())) {
    errors.push(
      rowErrorText(rowNumber, fill(itemsCsvWords.tooManyCells, { count: columns.length })),
    );
  }
  const cells = new Map<CsvColumn, string>(
    columns.map((column, index) => [column, cleanCell(record[index])]),
  );
  const has = (column: CsvColumn) => cells.has(column);
  const cell = (column: CsvColumn) => cells.get(column) ?? "";

  const flags: Partial<Record<CsvColumn, boolean>> = {};
  for (const column of columns) {
    if (!FLAG_COLUMNS.has(column)) continue;
    const value = cell(column).toLowerCase();
    if (YES.has(value)) flags[column] = true;
    else if (NO.has(value)) flags[column] = false;
    else {
      const message = fill(itemsCsvWords.yesOrNo, { column: columnTitle(column) });
      errors.push(rowErrorText(rowNumber, message));
    }
  }

  const input: Record<string, unknown> = { name: cell("name"), price: cell("price") };
  if (has("category")) input.category = cell("category");
  if (has("description")) input.description = cell("description");
  if (has("tags")) input.tags = listOf(cell("tags"));
  if (has("allergens")) input.allergens = labelKeys(cell("allergens"), ALLERGENS);
  if (has("diets")) input.diets = labelKeys(cell("diets"), DIETS);
  if (has("options")) {
    const options = parseOptionsCell(cell("options"));
    if (options.ok) input.options = options.options;
    else {
      const message = fill(itemsCsvWords.cellProblem, {
        column: columnTitle("options"),
        message: options.error,
      });
      errors.push(rowErrorText(rowNumber, message));
    }
  }

  const id = cell("id") || null;
  if (id !== null && !ITEM_ID_PATTERN.test(id)) {
    errors.push(rowErrorText(rowNumber, unknownIdMessage(id)));
  }

  const checked = schemas.add.safeParse(input);
  const name = cell("name");
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const column = String(issue.path[0] ?? "");
      const title = columnTitle(column as CsvColumn);
      const message = issue.message.toLowerCase().startsWith(title.toLowerCase())
        ? issue.message
        : fill(itemsCsvWords.cellProblem, { column: title, message: issue.message });
      errors.push(rowErrorText(rowNumber, column ? message : issue.message));
    }
  }
  const priceText = cell("price");
  const priceCents = checked.success
    ? checked.data.price
    : priceText
      ? parsePriceToCents(priceText)
      : null;

  if (errors.length > 0 || !checked.success) {
    return { row: rowNumber, id, name, priceCents, fields: null, errors };
  }
  const value = checked.data;
  const fields: Partial<ItemFields> = { name: value.name, priceCents: value.price };
  if (has("category")) fields.category = value.category ?? "";
  if (has("description")) fields.description = value.description;
  if (has("tags")) fields.tags = value.tags ?? [];
  if (has("allergens")) fields.allergens = value.allergens ?? [];
  if (has("diets")) fields.diets = value.diets ?? [];
  if (has("options")) fields.options = withOptionIds(value.options);
  const star = flags.popular ?? flags.featured;
  if (star !== undefined) fields.star = star;
  if (flags.sold_out !== undefined) fields.soldOut = flags.sold_out;
  return { row: rowNumber, id, name: value.name, priceCents: value.price, fields, errors };
}

function unknownIdMessage(id: string): string {
  return fill(itemsCsvWords.unknownId, { id: id.slice(0, 40) });
}

/**
 * The preview of writing `parsed` to a site that has `existing` items: each row an add
 * (no id) or an update (the id of one of them), refused when its id is not the site's, and
 * the whole import refused when the site would pass the 50-item cap.
 */
export function previewImport(
  parsed: ParsedCsv,
  existing: ReadonlyArray<{ id: string; name: string }>,
): ImportPreview {
  const ids = new Set(existing.map((item) => item.id));
  const names = new Map(existing.map((item) => [item.name.trim().toLowerCase(), item.id]));
  const fileErrors = [...parsed.fileErrors];
  const rows = parsed.rows.map((row) => {
    const errors = [...row.errors];
    const notes: string[] = [];
    if (row.id && ITEM_ID_PATTERN.test(row.id) && !ids.has(row.id)) {
      errors.push(rowErrorText(row.row, unknownIdMessage(row.id)));
    }
    const sameName = names.get(row.name.trim().toLowerCase());
    if (!row.id && sameName !== undefined) {
      notes.push(
        rowErrorText(row.row, fill(itemsCsvWords.sameName, { name: row.name, id: sameName })),
      );
    }
    return {
      row: row.row,
      action: row.id ? ("update" as const) : ("add" as const),
      name: row.name,
      priceCents: row.priceCents,
      errors,
      notes,
    };
  });
  const adds = rows.filter((row) => row.action === "add").length;
  const updates = rows.length - adds;
  const after = existing.length + adds;
  if (fileErrors.length === 0 && after > MAX_ITEMS_PER_PRODUCT) {
    fileErrors.push(
      fill(itemsCsvWords.overLimit, {
        before: existing.length,
        adds,
        after,
        max: MAX_ITEMS_PER_PRODUCT,
        over: after - MAX_ITEMS_PER_PRODUCT,
      }),
    );
  }
  return { fileErrors, rows, adds, updates, before: existing.length, after };
}

/** The file name of a download: the site's slug, then what it is. */
export function csvFileName(slug: string, what: "items" | "template"): string {
  const safe = slug.replace(/[^a-z0-9-]+/gi, "").slice(0, 60) || "site";
  return `${safe}-${what}.csv`;
}
