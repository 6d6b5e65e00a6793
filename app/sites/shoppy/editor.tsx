/** What a shop's editor adds: stock badges, tags, photos, shop tags and payments (its sold-out toggles are the shared row's). */
import { TagsEditor } from "~/components/editor/tags-editor";
import { MAX_IMAGES_PER_ITEM, MAX_TAGS_PER_ITEM } from "~/lib/limits";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { lazyComponent } from "~/components/lazy-component";
import type { SiteEditor } from "~/components/editor/site-editor";
import { ShopInfoFields } from "./shop-info-fields";

/** Loaded when first opened (the item row renders it from then on), not with the editor. */
const ItemPhotosDialog = lazyComponent(() =>
  import("./item-photos-dialog").then((module) => module.ItemPhotosDialog),
).Component;

export const shopEditor: SiteEditor = {
  // Sold out for today says so itself, in the shared row.
  RowBadges: ({ item }) =>
    item.soldOut ? (
      <span className="badge sold-out">{sitePartWords.soldOutBadge}</span>
    ) : item.soldOutUntil === null ? (
      <span className="badge">{sitePartWords.inStockBadge}</span>
    ) : null,
  RowSummary: ({ item }) =>
    item.tags.length > 0 ? (
      <ul
        className="tag-chips compact"
        aria-label={fill(sitePartWords.itemTags, { name: item.name })}
      >
        {item.tags.map((tag) => (
          <li key={tag} className="tag-chip">
            {tag}
          </li>
        ))}
      </ul>
    ) : null,
  MenuDialogs: [
    {
      key: "photos",
      label: (item) =>
        fill(sitePartWords.photosMenu, { count: item.images.length, max: MAX_IMAGES_PER_ITEM }),
      Dialog: ItemPhotosDialog,
    },
  ],
  ItemFields: ({ item, suggestions, fields }) => (
    <TagsEditor
      label={sitePartWords.tags}
      field={fields.tags}
      initial={item?.tags ?? []}
      suggestions={suggestions}
      max={MAX_TAGS_PER_ITEM}
      tooManyMessage={MESSAGES.tooManyItemTags}
    />
  ),
  InfoFields: ShopInfoFields,
};
