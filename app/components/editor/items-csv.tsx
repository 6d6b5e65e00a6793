import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import {
  CSV_MAX_BYTES,
  IMPORT_CONFIRM_INTENT,
  IMPORT_PREVIEW_INTENT,
  isImportable,
  itemsCsvPath,
  rowErrorText,
  type ImportPreview,
  type ImportResult,
} from "~/lib/items-csv";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { formatPrice } from "~/lib/price";
import { useSiteCurrency } from "./site-currency";

/**
 * Import and export of the items as CSV, on the items tab: download the items or a
 * template, choose a file, see the preview with each row's problems, then Import or
 * Cancel. Plain forms posting to the editor's action, so all of it works without
 * JavaScript; the confirm form carries the file's text back, and the server reads and
 * checks it again before it writes anything.
 */
export function ItemsCsvPanel({
  productId,
  itemCount,
  result,
}: {
  productId: string;
  itemCount: number;
  /** The action's answer to the last import post, if any. */
  result: ImportResult | undefined;
}) {
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const fileId = useId();
  const preview = result?.preview;
  const imported = result?.intent === IMPORT_CONFIRM_INTENT ? result.imported : undefined;
  const confirmError =
    result?.intent === IMPORT_CONFIRM_INTENT && !imported ? result.error : undefined;
  const open = Boolean(result);

  return (
    <details className="items-csv" open={open}>
      <summary>{editorWords.csvTitle}</summary>
      <div className="items-csv-body">
        {imported ? (
          <p className="alert success" role="status">
            {portalPlural(editorWords.csvImported, imported.added + imported.updated, {
              added: imported.added,
              updated: imported.updated,
            })}
          </p>
        ) : null}
        {confirmError && !preview ? (
          <p className="alert error" role="alert">
            {confirmError}
          </p>
        ) : null}
        <p className="items-csv-downloads">
          <a className="button secondary small" href={itemsCsvPath(productId, "export")} download>
            {portalPlural(editorWords.csvExport, itemCount)}
          </a>
          <a className="button secondary small" href={itemsCsvPath(productId, "template")} download>
            {editorWords.csvTemplate}
          </a>
        </p>
        <p className="muted">
          {fill(editorWords.csvHelp, { max: MAX_ITEMS_PER_PRODUCT, size: CSV_MAX_BYTES / 1024 })}
        </p>
        <Form method="post" encType="multipart/form-data" className="items-csv-choose">
          <input type="hidden" name="intent" value={IMPORT_PREVIEW_INTENT} />
          <div className="field">
            <label htmlFor={fileId}>{editorWords.csvFile}</label>
            <input id={fileId} type="file" name="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit" className="button" disabled={busyIntent === IMPORT_PREVIEW_INTENT}>
            {busyIntent === IMPORT_PREVIEW_INTENT ? editorWords.csvReading : editorWords.csvPreview}
          </button>
        </Form>
        {preview ? (
          <ImportPreviewTable
            preview={preview}
            csv={result?.csv ?? null}
            refusal={confirmError}
            busy={busyIntent === IMPORT_CONFIRM_INTENT}
          />
        ) : null}
      </div>
    </details>
  );
}

function ImportPreviewTable({
  preview,
  csv,
  refusal,
  busy,
}: {
  preview: ImportPreview;
  csv: string | null;
  refusal: string | undefined;
  busy: boolean;
}) {
  const currency = useSiteCurrency();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const importable = isImportable(preview);
  const rowErrors = preview.rows.flatMap((row) => row.errors);
  const refusedRows = preview.rows.filter((row) => row.errors.length > 0).length;
  const notes = preview.rows.flatMap((row) => row.notes);
  const titleId = useId();

  // A new preview takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [preview]);

  return (
    <section className="items-csv-preview" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {portalPlural(editorWords.csvPreviewRows, preview.rows.length)}
        {preview.rows.length > 0
          ? fill(editorWords.csvPreviewActions, { adds: preview.adds, updates: preview.updates })
          : ""}
      </h2>
      {importable ? (
        <p>{fill(editorWords.csvBeforeAfter, { before: preview.before, after: preview.after })}</p>
      ) : (
        <div className="alert error" role="alert">
          <p>
            <strong>
              {refusal ? `${refusal} ` : ""}
              {preview.fileErrors.length > 0 || rowErrors.length === 0
                ? editorWords.csvCannotImport
                : portalPlural(editorWords.csvRowsRefused, refusedRows)}
            </strong>
          </p>
          <ul>
            {[...preview.fileErrors, ...rowErrors].map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {notes.length > 0 ? (
        <div className="alert warning">
          <ul>
            {notes.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.rows.length > 0 ? (
        <div className="items-csv-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{editorWords.csvRow}</th>
                <th scope="col">{editorWords.csvItem}</th>
                <th scope="col">{editorWords.csvProblems}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.row} data-refused={row.errors.length > 0 || undefined}>
                  <th scope="row">{row.row}</th>
                  <td>
                    <span className="items-csv-name">
                      {row.name || <span className="muted">{editorWords.csvNoName}</span>}
                    </span>
                    <span className="items-csv-what">
                      {row.action === "add" ? editorWords.csvAdd : editorWords.csvUpdate}
                      {row.priceCents === null ? "" : ` · ${formatPrice(row.priceCents, currency)}`}
                    </span>
                  </td>
                  <td>
                    {row.errors.length > 0 ? (
                      <span className="items-csv-problem">
                        <span aria-hidden="true">✕ </span>
                        {row.errors.map((error) => withoutRowNumber(error, row.row)).join(" ")}
                      </span>
                    ) : (
                      <span className="muted">{editorWords.csvNoProblems}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="items-csv-actions">
        {importable && csv !== null ? (
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value={IMPORT_CONFIRM_INTENT} />
            <input type="hidden" name="csv" value={csv} />
            <button type="submit" className="button" disabled={busy}>
              {busy
                ? editorWords.csvImporting
                : portalPlural(editorWords.csvImport, preview.rows.length)}
            </button>
          </Form>
        ) : null}
        <Link className="button secondary" to="?tab=items" replace>
          {editorWords.cancel}
        </Link>
      </div>
    </section>
  );
}

/** A row's error without the "Row 7: " that begins it, beside the row's own number. */
function withoutRowNumber(error: string, row: number): string {
  const prefix = rowErrorText(row, "");
  return error.startsWith(prefix) ? error.slice(prefix.length) : error;
}
