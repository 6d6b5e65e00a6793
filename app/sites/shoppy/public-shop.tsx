import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";
import { lowestPriceCents } from "~/lib/item-options";
import { useMarkupHtml } from "~/components/markup-html";
import { shownItemPrice } from "~/lib/item-options-display";
import { paypalPaymentUrl, venmoPaymentUrl } from "./payments";
import {
  shopCountText,
  shopHref,
  SHOP_QUERY_MAX_LENGTH,
  shopItemMatches,
  type ShopFilters,
} from "./shop";
import { PHOTO_PLACEHOLDER, shopCardsMarkup, type PublicShopItem } from "./shop-cards-markup";
import {
  photoAlt,
  photoDotLabel,
  photosHint,
  photosLabel,
  photoText,
  type ShopScriptWords,
} from "./shop-page-script";
import { ENGLISH, fill, type PageLanguage } from "~/lib/i18n/page-language";
import { languageFormats } from "~/lib/i18n/text";
import { PageLanguageProvider, usePageLanguage } from "~/lib/i18n/page-language-context";
import { siteThemeAttributes } from "~/lib/site-theme";
import { jsonLdMarkup, shopOptionLines } from "~/lib/structured-data";
import { publicSiteDescription } from "~/components/public-site";
import {
  PublicSiteFacts,
  PublicSiteHero,
  type PublicSiteHeaderFacts,
} from "~/components/public-site-header";
import { OrderingBanner, type OrderingBannerView } from "~/components/ordering-banner";
import { PublicSiteQuickLine } from "~/components/public-site-quick-line";
import { SiteLanguages, type SiteLanguageLinkView } from "~/components/site-languages";
import { OpenStatus } from "~/components/open-status";

/** Defined beside the markup that writes them; the page's callers know them by this module. */
export type { PublicShopItem };

export interface PublicShopSite extends PublicSiteHeaderFacts {
  colors: { primary: string; secondary: string; text: string };
  fontStyle: string;
  /** The currency prices are shown in (app/lib/currency.ts); US dollars when left out. */
  currency?: string;
  /** Set once the owner takes orders online. */
  ordering?: OrderingBannerView | null;
}

/** The shop's payment handles, already validated; null when not set. */
export interface ShopPayments {
  paypal: string | null;
  venmo: string | null;
}

export interface PublicShopPageProps {
  site: PublicShopSite;
  /** The page's canonical path, which every filter and item address starts with. */
  path: string;
  items: PublicShopItem[];
  tagOptions: string[];
  filters: ShopFilters;
  /** The item the address opens (`?item=`), if it exists. */
  openItemId: string | null;
  payments: ShopPayments;
  jsonLd: unknown;
  /** The site's language; English when left out. */
  page?: PageLanguage;
  /** The site's languages, when it has more than one. */
  languageLinks?: readonly SiteLanguageLinkView[];
}

/** The words the page's script writes (its root's `data-words`), from the page's catalogue. */
export function shopScriptWords(page: PageLanguage): ShopScriptWords {
  const { words } = page;
  return {
    tag: page.language.tag,
    itemCount: words.itemCount,
    itemCountFiltered: words.itemCountFiltered,
    photoOf: words.photoOf,
    photoAlt: words.photoAlt,
    photosOf: words.photosOf,
    photosHint: words.photosHint,
    photoNumber: words.photoNumber,
    soldOutChoice: words.soldOutChoice,
  };
}

/** Photos in the dialog keep their shape inside a 4:3 frame of this size. */
const DETAIL_IMAGE_WIDTH_PX = 800;
const DETAIL_IMAGE_HEIGHT_PX = 600;

/**
 * The item the skeleton is rendered for: every optional part of a detail present (two
 * photos, so the carousel has its hint, arrows, dots and status; a description; a tag;
 * options; and, with SKELETON_PAYMENTS, both payment links), for the script to fill or remove.
 * Its photos are never fetched: the skeleton stays in a `<template>`, and they are lazy.
 */
const SKELETON_ITEM: PublicShopItem = {
  id: "skeleton",
  name: "Item",
  priceCents: 0,
  description: "Description",
  tags: ["Tag"],
  soldOut: false,
  options: [
    {
      id: "g",
      name: "Option",
      min: 0,
      max: 1,
      choices: [{ id: "c", name: "Choice", priceChangeCents: 0, soldOut: false }],
    },
  ],
  featured: false,
  images: ["data:,1", "data:,2"],
};
const SKELETON_PAYMENTS: ShopPayments = { paypal: "paypal", venmo: "venmo" };

/**
 * A shop's public page: hero and one compact line (address, Call, Hours), then the items
 * with a tag filter and a search, then the full contact and hours, so that on a phone the
 * first items show on the first screen; and a dialog for one item with its photos,
 * description, tags and payment links.
 *
 * Everything is rendered here, on the server, and works as plain HTML: the filters are a
 * GET form, each card links to its item's address (`?item=`), and that address renders
 * the dialog open, with Close linking back to the list. The inline script
 * (app/sites/shoppy/shop-page-script.ts) then makes filtering instant and the dialog modal, and
 * drives the carousel. It builds an item's detail from one skeleton rendered here by
 * `ShopItemDetail` and the item's facts as the page already has them (`readShopItems`):
 * its card, and its Product in the JSON-LD (`jsonLd`, which must list each item with its
 * address and photos as this page links them: see `shopItemFacts`); the root element gives
 * it the shop's payment handles. A rendered copy of every item's detail, or a JSON copy of
 * every item's facts, would make most of a large shop's HTML.
 */
export function PublicShopPage({ page = ENGLISH, ...props }: PublicShopPageProps) {
  return (
    <PageLanguageProvider value={page}>
      <ShopPageContent page={page} {...props} />
    </PageLanguageProvider>
  );
}

function ShopPageContent({
  site,
  path,
  items,
  tagOptions,
  filters,
  openItemId,
  payments,
  jsonLd,
  page,
  languageLinks,
}: PublicShopPageProps & { page: PageLanguage }) {
  const { words } = page;
  const scriptWords = shopScriptWords(page);
  const visible = new Set(items.filter((item) => shopItemMatches(item, filters)).map((i) => i.id));
  const openItem = items.find((item) => item.id === openItemId) ?? null;
  const jsonLdHtml = useMarkupHtml(jsonLdMarkup(jsonLd));
  const cardsHtml = useMarkupHtml(
    shopCardsMarkup(items, {
      path,
      filters,
      visible,
      currency: site.currency,
      belowHero: Boolean(site.bgUrl),
      page,
    }),
  );
  return (
    <div
      className="shop-page"
      data-shop=""
      data-paypal={payments.paypal ?? undefined}
      data-venmo={payments.venmo ?? undefined}
      data-words={JSON.stringify(scriptWords)}
      {...siteThemeAttributes(site.colors, site.fontStyle)}
    >
      <script type="application/ld+json" dangerouslySetInnerHTML={jsonLdHtml} />
      <a className="skip-link" href="#items">
        {words.skipToItems}
      </a>
      {/* The status leads the compact line below instead. */}
      <PublicSiteHero site={site} showStatus={false} />

      <main className="site-container shop-main">
        <SiteLanguages links={languageLinks} />
        <PublicSiteQuickLine
          site={site}
          detailsHref="#shop-info"
          detailsLabel={site.opening.keepsHours ? words.hours : words.contact}
          status={site.opening.status ? <OpenStatus status={site.opening.status} /> : undefined}
        />
        <OrderingBanner ordering={site.ordering} />

        <section id="items" className="shop-items" aria-labelledby="items-title">
          <h2 id="items-title">{words.items}</h2>
          <div className="shop-layout">
            <ShopFilterForm path={path} tagOptions={tagOptions} filters={filters} />
            <div className="shop-results">
              <p className="shop-count" role="status">
                {shopCountText(
                  scriptWords,
                  visible.size,
                  items.length,
                  languageFormats(scriptWords.tag),
                )}
              </p>
              {/* The cards are written by a template, not by React: see ./shop-cards-markup.ts. */}
              <ul
                className="shop-grid"
                aria-label={words.items}
                dangerouslySetInnerHTML={cardsHtml}
              />
              <p className="shop-empty" hidden={visible.size > 0}>
                {words.noItemsMatch}
              </p>
            </div>
          </div>
        </section>

        <div id="shop-info" className="shop-info">
          <PublicSiteFacts site={site} />
        </div>
      </main>

      {/*
        What the script builds an item's detail from, with the item's facts, without asking
        the server: the detail's skeleton, with the spare parts a placeholder item cannot
        show at once (the Sold Out badge, the frame for no photo).
      */}
      <template id="shop-item-skeleton">
        <ShopItemDetail
          item={SKELETON_ITEM}
          payments={SKELETON_PAYMENTS}
          currency={site.currency}
          photosOnOpen="lazy"
        />
        <SoldOutBadge />
        <NoPhotos />
      </template>

      <dialog className="shop-dialog" aria-labelledby="shop-detail-title" open={openItem !== null}>
        <div className="shop-dialog-frame">
          <div className="shop-dialog-bar">
            <a className="shop-dialog-close" href={shopHref(path, filters)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
              {words.close}
            </a>
          </div>
          <div className="shop-dialog-content">
            {openItem ? (
              <ShopItemDetail
                item={openItem}
                payments={payments}
                currency={site.currency}
                photosOnOpen="eager"
              />
            ) : null}
          </div>
        </div>
      </dialog>

      <script dangerouslySetInnerHTML={{ __html: SHOP_PAGE_SCRIPT }} />
    </div>
  );
}

/** Search, tag choices with Clear, and Apply: a GET form the server reads, so it needs no script. */
function ShopFilterForm({
  path,
  tagOptions,
  filters,
}: {
  path: string;
  tagOptions: string[];
  filters: ShopFilters;
}) {
  const { words } = usePageLanguage();
  const chosen = new Set(filters.tags);
  return (
    <form
      className="shop-filters"
      method="get"
      action={path}
      role="search"
      aria-label={words.filterItems}
    >
      <div className="shop-search">
        <label htmlFor="shop-search">{words.search}</label>
        <input
          id="shop-search"
          type="search"
          name="q"
          defaultValue={filters.query}
          maxLength={SHOP_QUERY_MAX_LENGTH}
          autoComplete="off"
          aria-describedby="shop-search-hint"
        />
        <p id="shop-search-hint" className="shop-hint">
          {words.searchHint}
        </p>
      </div>
      <fieldset
        className="shop-tags"
        aria-describedby={tagOptions.length ? "shop-tags-hint" : undefined}
      >
        <legend>{words.tags}</legend>
        {tagOptions.length ? (
          <>
            <p id="shop-tags-hint" className="shop-hint">
              {words.tagFilterHint}
            </p>
            <ul className="shop-tag-list">
              {tagOptions.map((tag) => (
                <li key={tag}>
                  <label className="shop-tag">
                    <input
                      type="checkbox"
                      name="tag"
                      value={tag}
                      defaultChecked={chosen.has(tag)}
                    />
                    <span>{tag}</span>
                  </label>
                </li>
              ))}
            </ul>
            <a className="shop-clear" href={shopHref(path, { tags: [], query: filters.query })}>
              {words.clear}
            </a>
          </>
        ) : (
          <p className="shop-hint">{words.noTags}</p>
        )}
      </fieldset>
      <button type="submit" className="shop-apply">
        {words.apply}
      </button>
    </form>
  );
}

/**
 * On a sold-out item's detail, as on its card (./shop-cards-markup.ts); the skeleton holds a
 * spare one for the script.
 */
function SoldOutBadge() {
  const { words } = usePageLanguage();
  return <span className="shop-badge">{words.soldOut}</span>;
}

/**
 * The payment links an item's detail offers: none for an item sold out, else one per
 * handle the shop has, for the price in the shop's currency. The script makes the same
 * for the details it builds (`readShopItems`).
 */
function payLinks(
  item: PublicShopItem,
  payments: ShopPayments,
  currency: string | undefined,
  page: PageLanguage,
) {
  if (item.soldOut) return {};
  // An item with sizes is paid from its lowest price, as its card says ("from $8.00").
  const options = item.options ?? [];
  const priceCents = lowestPriceCents(item.priceCents, options);
  const shown = shownItemPrice(item.priceCents, options, currency, page);
  return {
    ...(payments.paypal ? { paypal: paypalPaymentUrl(payments.paypal, priceCents, currency) } : {}),
    ...(payments.venmo
      ? { venmo: venmoPaymentUrl(payments.venmo, priceCents, item.name, currency, shown) }
      : {}),
  };
}

/**
 * One item in full: its photos, name, price, description, tags, options (each group in a
 * line: `shopOptionLines`) and how to pay.
 * `photosOnOpen` is "eager" for the dialog the server renders open, whose first photo is
 * what the visitor came for; the skeleton kept in a template says "lazy", which also keeps
 * React from asking the browser to preload its placeholder photos.
 *
 * The page's script builds the same markup for any item from that skeleton
 * (`buildShopItemDetail` in app/sites/shoppy/shop-page-script.ts): a change here must be matched
 * there, and tests/e2e/shop-item-detail.spec.tsx compares the two.
 */
export function ShopItemDetail({
  item,
  payments,
  currency,
  photosOnOpen,
}: {
  item: PublicShopItem;
  payments: ShopPayments;
  /** The shop's currency; US dollars when left out. */
  currency?: string;
  photosOnOpen: "eager" | "lazy";
}) {
  const page = usePageLanguage();
  const { words } = page;
  const pay = payLinks(item, payments, currency, page);
  const options = shopOptionLines(item, currency, page);
  return (
    <article className="shop-detail">
      <ShopCarousel item={item} firstPhoto={photosOnOpen} />
      <div className="shop-detail-body">
        <h2 id="shop-detail-title" className="shop-detail-name">
          {item.name}
        </h2>
        <p className="shop-detail-price">
          <span>{shownItemPrice(item.priceCents, item.options ?? [], currency, page)}</span>
          {item.soldOut ? <SoldOutBadge /> : null}
        </p>
        {item.description ? <p className="shop-detail-description">{item.description}</p> : null}
        {item.tags.length ? (
          <ul className="shop-detail-tags" aria-label={words.tags}>
            {item.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
        {options.length ? (
          <dl className="shop-detail-options">
            {options.map((line) => (
              <div key={line.name}>
                <dt>{line.name}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {pay.paypal || pay.venmo ? (
          <div className="shop-pay">
            {pay.paypal ? <PayLink href={pay.paypal}>{words.payWithPaypal}</PayLink> : null}
            {pay.venmo ? <PayLink href={pay.venmo}>{words.payWithVenmo}</PayLink> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

function PayLink({ href, children }: { href: string; children: string }) {
  const { words } = usePageLanguage();
  return (
    <a className="shop-pay-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{words.opensInNewTab}</span>
    </a>
  );
}

/**
 * The item's photos side by side. Without the script they scroll and snap sideways; with
 * it, one shows at a time with arrows, dots and swipes (the controls exist only for 2+).
 */
function ShopCarousel({
  item,
  firstPhoto,
}: {
  item: PublicShopItem;
  firstPhoto: "eager" | "lazy";
}) {
  const page = usePageLanguage();
  const { words } = page;
  const scriptWords = shopScriptWords(page);
  const count = item.images.length;
  if (count === 0) return <NoPhotos />;
  return (
    <div
      className="shop-detail-media shop-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={photosLabel(scriptWords, item.name)}
    >
      <div className="shop-carousel-viewport">
        <ul className="shop-carousel-track">
          {item.images.map((src, index) => (
            <li key={src} className="shop-slide">
              <img
                src={src}
                alt={photoAlt(scriptWords, item.name, index, count)}
                width={DETAIL_IMAGE_WIDTH_PX}
                height={DETAIL_IMAGE_HEIGHT_PX}
                loading={index === 0 && firstPhoto === "eager" ? undefined : "lazy"}
                decoding="async"
                draggable={false}
              />
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <p className="shop-carousel-hint">
          {photosHint(scriptWords, count, languageFormats(scriptWords.tag).rules)}
        </p>
      ) : null}
      {count > 1 ? (
        <div className="shop-carousel-controls">
          <button type="button" className="shop-carousel-prev" aria-label={words.previousPhoto}>
            <Chevron direction="left" />
          </button>
          <button type="button" className="shop-carousel-next" aria-label={words.nextPhoto}>
            <Chevron direction="right" />
          </button>
          <div className="shop-carousel-dots" role="group" aria-label={words.choosePhoto}>
            {item.images.map((src, index) => (
              <button
                key={src}
                type="button"
                aria-label={photoDotLabel(scriptWords, index)}
                aria-current={index === 0 ? "true" : undefined}
              />
            ))}
          </div>
          <p className="shop-carousel-status visually-hidden" aria-live="polite">
            {photoText(scriptWords, 0, count)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}

/** A detail's photo area for an item without photos: the cards' placeholder. */
function NoPhotos() {
  return (
    <div
      className="shop-detail-media"
      dangerouslySetInnerHTML={{ __html: PHOTO_PLACEHOLDER.text }}
    />
  );
}

/** One line for search results and link previews: who, where, and what the shop sells. */
export function publicShopDescription(
  site: PublicShopSite,
  tagOptions: string[],
  page: PageLanguage = ENGLISH,
) {
  const about = publicSiteDescription(site);
  return tagOptions.length
    ? fill(page.words.shopDescription, { about, tags: tagOptions.join(", ") })
    : about;
}
