import { useFetcher } from "react-router";
import { ImageUploader } from "~/components/image-uploader";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { itemFailure, type EditorItem, type ItemActionResult } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_IMAGES_PER_ITEM } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";

/** A shop item's photos (up to 5): reorder and remove, and several uploaded at once. */
export function ItemPhotos({ productId, item }: { productId: string; item: EditorItem }) {
  const full = item.images.length >= MAX_IMAGES_PER_ITEM;
  return (
    <div className="item-photos">
      {item.images.length > 0 ? (
        <ol className="photo-list" aria-label={fill(siteFieldWords.photosOf, { name: item.name })}>
          {item.images.map((url, index) => (
            <li key={url} className="photo-slot">
              <img
                src={item.imageThumbnails[index] ?? url}
                alt={fill(siteFieldWords.photoAlt, { name: item.name, number: index + 1 })}
                width={56}
                height={56}
              />
              <div className="photo-actions">
                <PhotoAction
                  item={item}
                  index={index}
                  intent="move-image"
                  move="earlier"
                  label={fill(siteFieldWords.movePhotoEarlier, {
                    number: index + 1,
                    name: item.name,
                  })}
                  disabled={index === 0}
                >
                  ←
                </PhotoAction>
                <PhotoAction
                  item={item}
                  index={index}
                  intent="move-image"
                  move="later"
                  label={fill(siteFieldWords.movePhotoLater, {
                    number: index + 1,
                    name: item.name,
                  })}
                  disabled={index === item.images.length - 1}
                >
                  →
                </PhotoAction>
                <PhotoAction
                  item={item}
                  index={index}
                  intent="remove-image"
                  label={fill(siteFieldWords.removePhoto, {
                    number: index + 1,
                    name: item.name,
                  })}
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
        label={fill(siteFieldWords.photosUpload, { name: item.name, max: MAX_IMAGES_PER_ITEM })}
        multiple
        disabled={full}
        targetBytes={ITEM_IMAGE_TARGET_BYTES}
        failureMessage={MESSAGES.failedToUploadImages}
      />
      {full ? (
        <p className="field-hint">
          {fill(siteFieldWords.photosFull, { max: MAX_IMAGES_PER_ITEM })}
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
  const failure = fetcher.state === "idle" ? itemFailure(fetcher.data) : null;
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
          {failure}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
