import { useFetcher } from "react-router";
import type { EditorItem, ItemActionResult, ItemKind } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_IMAGES_PER_ITEM } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { centsToDecimalString, formatPrice } from "~/lib/price";
import { ConfirmDialog } from "../confirm-dialog";
import { ImageUploader } from "../image-uploader";
import { EditItemDialog, ReplaceImageDialog } from "./item-dialogs";

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
  tagSuggestions,
}: {
  item: EditorItem;
  productId: string;
  kind: ItemKind;
  categories: string[];
  tagSuggestions: string[];
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
          {kind === "shoppy" ? (
            item.soldOut ? (
              <span className="badge sold-out">Sold Out</span>
            ) : (
              <span className="badge">In Stock</span>
            )
          ) : null}
        </p>
        {kind === "shoppy" && item.tags.length > 0 ? (
          <ul className="tag-chips compact" aria-label={`Tags of ${item.name}`}>
            {item.tags.map((tag) => (
              <li key={tag} className="tag-chip">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {item.description ? <p className="item-description muted">{item.description}</p> : null}
        <PriceForm item={item} />
        {kind === "shoppy" ? <ItemPhotos productId={productId} item={item} /> : null}
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
        {kind === "shoppy" ? (
          <FlagToggle
            item={item}
            intent="toggle-sold-out"
            on={item.soldOut}
            label="Sold out"
            icons={["○", "●"]}
            accessibleName={`Sold out: ${item.name}`}
          />
        ) : null}
        {kind === "restaurant" ? (
          <ReplaceImageDialog productId={productId} item={item} hasImage={Boolean(thumbnail)} />
        ) : null}
        <EditItemDialog
          item={item}
          kind={kind}
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

/**
 * A two-state flag (star, sold out): a toggle button whose pressed state is
 * the flag, showing the asked-for state while it saves. Its visible label
 * stays the same, and its accessible name begins with it.
 */
function FlagToggle({
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
        <span aria-hidden="true">{shown ? icons[1] : icons[0]}</span> {label}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A shop item's photos (up to 5): reorder and remove, and several uploaded at once. */
function ItemPhotos({ productId, item }: { productId: string; item: EditorItem }) {
  const full = item.images.length >= MAX_IMAGES_PER_ITEM;
  return (
    <div className="item-photos">
      {item.images.length > 0 ? (
        <ol className="photo-list" aria-label={`Photos of ${item.name}`}>
          {item.images.map((url, index) => (
            <li key={url} className="photo-slot">
              {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "photo 2" numbers it, as the buttons beside it and the public page do */}
              <img src={url} alt={`${item.name}, photo ${index + 1}`} width={56} height={56} />
              <div className="photo-actions">
                <PhotoAction
                  item={item}
                  index={index}
                  intent="move-image"
                  move="earlier"
                  label={`Move photo ${index + 1} of ${item.name} earlier`}
                  disabled={index === 0}
                >
                  ←
                </PhotoAction>
                <PhotoAction
                  item={item}
                  index={index}
                  intent="move-image"
                  move="later"
                  label={`Move photo ${index + 1} of ${item.name} later`}
                  disabled={index === item.images.length - 1}
                >
                  →
                </PhotoAction>
                <PhotoAction
                  item={item}
                  index={index}
                  intent="remove-image"
                  label={`Remove photo ${index + 1} of ${item.name}`}
                >
                  ×
                </PhotoAction>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <ImageUploader
        productId={productId}
        target="item-images"
        itemId={item.id}
        label={`Photos of ${item.name} (up to ${MAX_IMAGES_PER_ITEM})`}
        multiple
        disabled={full}
        targetBytes={ITEM_IMAGE_TARGET_BYTES}
        failureMessage={MESSAGES.failedToUploadImages}
      />
      {full ? (
        <p className="field-hint">
          {MAX_IMAGES_PER_ITEM} of {MAX_IMAGES_PER_ITEM} photos. Remove one to add another.
        </p>
      ) : null}
    </div>
  );
}

/** One small button that moves or removes a photo, as its own request. */
function PhotoAction({
  item,
  index,
  intent,
  move,
  label,
  disabled = false,
  children,
}: {
  item: EditorItem;
  index: number;
  intent: "move-image" | "remove-image";
  move?: "earlier" | "later";
  label: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<ItemActionResult>();
  const failure = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="index" value={index} />
      {move ? <input type="hidden" name="move" value={move} /> : null}
      <button
        type="submit"
        className="photo-button"
        aria-label={label}
        title={label}
        disabled={disabled || fetcher.state !== "idle"}
      >
        {children}
      </button>
      {failure ? (
        <span className="visually-hidden" role="alert">
          {failure.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
