import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { itemFailure, itemPriceSchema, type EditorItem, type ItemActionResult } from "~/lib/items";
import { formatPrice, priceAmount } from "~/lib/price";
import type { ProductType } from "~/sites";
import { editorOf } from "~/sites/editors";
import { ConfirmDialog } from "../confirm-dialog";
import { Field } from "../form";
import { EditItemDialog } from "./item-dialogs";
import { useSiteCurrency } from "./site-currency";

/** The first photo of an item, whichever kind of site it belongs to. */
export function itemThumbnail(item: EditorItem): string {
  return item.imageUrl || item.images[0] || "";
}

/**
 * One item of the editor's list, with its inline price, flags and actions; the
 * site type adds its own badges, details and buttons (app/sites/{type}/editor.tsx).
 */
export function ItemRow({
  item,
  productId,
  type,
  categories,
  tagSuggestions,
}: {
  item: EditorItem;
  productId: string;
  type: ProductType;
  /** The categories in use, or null for a type whose items have none. */
  categories: string[] | null;
  tagSuggestions: string[];
}) {
  const { RowBadges, RowSummary, RowDetails, RowActions } = editorOf(type);
  const currency = useSiteCurrency();
  const thumbnail = itemThumbnail(item);
  const headingId = `item-${item.id}-name`;
  return (
    <li className="item-row card" aria-labelledby={headingId}>
      {thumbnail ? (
        <img className="item-thumb" src={thumbnail} alt="" width={72} height={72} />
      ) : (
        <div className="item-thumb placeholder" aria-hidden="true">
          No photo
        </div>
      )}
      <div className="item-main">
        <h3 id={headingId} className="item-name">
          {item.name}
        </h3>
        <p className="item-meta">
          {categories && item.category ? <span className="badge">{item.category}</span> : null}
          <span className="muted">{formatPrice(item.priceCents, currency)}</span>
          {RowBadges ? <RowBadges item={item} /> : null}
        </p>
        {RowSummary ? <RowSummary item={item} /> : null}
        {item.description ? <p className="item-description muted">{item.description}</p> : null}
        {/* A new stored price (after a save or a refresh) starts the form again. */}
        <PriceForm key={item.priceCents} item={item} />
        {RowDetails ? <RowDetails productId={productId} item={item} /> : null}
      </div>
      <div className="item-actions">
        <FlagToggle
          item={item}
          intent="toggle-star"
          on={item.star}
          label="Star"
          icons={["☆", "★"]}
          accessibleName={`Star ${item.name}`}
        />
        {RowActions ? <RowActions productId={productId} item={item} /> : null}
        <EditItemDialog
          item={item}
          type={type}
          categories={categories}
          tagSuggestions={tagSuggestions}
        />
        <ConfirmDialog
          trigger="Delete"
          triggerLabel={`Delete ${item.name}`}
          triggerClassName="button danger small"
          title={`Delete ${item.name}?`}
          description="The item and its photos are removed from the site. This cannot be undone."
          confirmLabel="Delete item"
          pendingLabel="Deleting…"
          fields={{ intent: "delete-item", itemId: item.id }}
        />
      </div>
    </li>
  );
}

/** The inline price editor: its own request, so other rows stay usable while it saves. */
function PriceForm({ item }: { item: EditorItem }) {
  const fetcher = useFetcher<ItemActionResult>();
  const saving = fetcher.state !== "idle";
  const currency = useSiteCurrency();
  const [form, fields] = useForm<{ itemId: string; price: string }, unknown>({
    lastResult: fetcher.data?.result,
    defaultValue: { itemId: item.id, price: priceAmount(item.priceCents, currency) },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: itemPriceSchema }),
  });
  return (
    <fetcher.Form method="post" className="inline-price" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-price" />
      <input type="hidden" name="itemId" value={item.id} />
      <Field field={fields.price} label={`Price of ${item.name}`}>
        <input inputMode="decimal" autoComplete="off" />
      </Field>
      <button type="submit" className="button secondary small" disabled={saving}>
        {saving ? "Saving…" : "Save price"}
      </button>
      {form.errors?.length && !saving ? (
        <p id={form.errorId} className="field-error" role="alert">
          {form.errors.join(" ")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * A two-state flag (star, sold out): a toggle button whose pressed state is
 * the flag, showing the asked-for state while it saves. Its visible label
 * stays the same, and its accessible name begins with it.
 */
export function FlagToggle({
  item,
  intent,
  on,
  label,
  icons,
  accessibleName,
}: {
  item: EditorItem;
  intent: "toggle-star" | "toggle-sold-out";
  on: boolean;
  label: string;
  /** The off and on glyphs, for sighted users; the pressed state says it to everyone else. */
  icons: [off: string, on: string];
  accessibleName: string;
}) {
  const fetcher = useFetcher<ItemActionResult>();
  const pending = fetcher.formData?.get("value");
  const shown = pending === undefined || pending === null ? on : pending === "true";
  const failure = fetcher.state === "idle" ? itemFailure(fetcher.data) : null;
  return (
    <fetcher.Form method="post" className="flag-toggle">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="value" value={String(!shown)} />
      <button
        type="submit"
        className={shown ? "button small toggle on" : "button secondary small toggle"}
        aria-pressed={shown}
        aria-label={accessibleName}
      >
        <span aria-hidden="true">{shown ? icons[1] : icons[0]}</span> {label}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
