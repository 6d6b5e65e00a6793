import { useFetcher } from "react-router";
import type { EditorItem, ItemActionResult } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_IMAGES_PER_ITEM } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { centsToDecimalString, formatPrice } from "~/lib/price";
import { ConfirmDialog } from "../confirm-dialog";
import { ImageUploader } from "../image-uploader";
import { EditItemDialog, ReplaceImageDialog } from "./item-dialogs";

export type ItemKind = "restaurant" | "shoppy";

/** The first photo of an item, whichever kind of site it belongs to. */
export function itemThumbnail(item: EditorItem): string {
  return item.imageUrl || item.images[0] || "";
}

/** One item of the editor's list, with its inline price, flags and actions. */
export function ItemRow({
  item,
  productId,
  kind,
  categories,
}: {
  item: EditorItem;
  productId: string;
  kind: ItemKind;
  categories: string[];
}) {
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
          {item.category ? <span className="badge">{item.category}</span> : null}
          <span className="muted">{formatPrice(item.priceCents)}</span>
        </p>
        {item.description ? <p className="item-description muted">{item.description}</p> : null}
        <PriceForm item={item} />
        {kind === "shoppy" ? <ItemPhotos productId={productId} item={item} /> : null}
      </div>
      <div className="item-actions">
        <FlagToggle
          item={item}
          intent="toggle-star"
          on={item.star}
          onLabel="★ Starred"
          offLabel="☆ Star"
          accessibleName={`Star ${item.name}`}
        />
        {kind === "shoppy" ? (
          <FlagToggle
            item={item}
            intent="toggle-sold-out"
            on={item.soldOut}
            onLabel="Sold Out"
            offLabel="In Stock"
            accessibleName={`${item.name} sold out`}
          />
        ) : null}
        {kind === "restaurant" ? (
          <ReplaceImageDialog productId={productId} item={item} hasImage={Boolean(thumbnail)} />
        ) : null}
        <EditItemDialog item={item} categories={categories} />
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
  const failure = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : null;
  const inputId = `price-${item.id}`;
  return (
    <fetcher.Form method="post" className="inline-price">
      <input type="hidden" name="intent" value="update-price" />
      <input type="hidden" name="itemId" value={item.id} />
      <label htmlFor={inputId}>Price of {item.name}</label>
      <input
        // A new stored price (after a save or a refresh) resets the field.
        key={item.priceCents}
        id={inputId}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={centsToDecimalString(item.priceCents)}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${inputId}-error` : undefined}
      />
      <button type="submit" className="button secondary small" disabled={saving}>
        {saving ? "Saving…" : "Save price"}
      </button>
      {failure ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {failure.error} {failure.fieldErrors?.price?.join(" ")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A two-state flag (star, sold out) that shows the asked-for state while it saves. */
function FlagToggle({
  item,
  intent,
  on,
  onLabel,
  offLabel,
  accessibleName,
}: {
  item: EditorItem;
  intent: "toggle-star" | "toggle-sold-out";
  on: boolean;
  onLabel: string;
  offLabel: string;
  accessibleName: string;
}) {
  const fetcher = useFetcher<ItemActionResult>();
  const pending = fetcher.formData?.get("value");
  const shown = pending === undefined || pending === null ? on : pending === "true";
  const failure = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : null;
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
        {shown ? onLabel : offLabel}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A shop item's photos (up to 5), several uploaded at once, each with its own progress. */
function ItemPhotos({ productId, item }: { productId: string; item: EditorItem }) {
  return (
    <div className="item-photos">
      {item.images.length > 0 ? (
        <div className="thumbs">
          {item.images.map((url, i) => (
            <img key={url} src={url} alt={`${item.name}, photo ${i + 1}`} width={56} height={56} />
          ))}
        </div>
      ) : null}
      <ImageUploader
        productId={productId}
        target="item-images"
        itemId={item.id}
        label={`Photos of ${item.name} (up to ${MAX_IMAGES_PER_ITEM})`}
        multiple
        targetBytes={ITEM_IMAGE_TARGET_BYTES}
        failureMessage={MESSAGES.failedToUploadImages}
      />
    </div>
  );
}
