import { Suspense, useEffect, useState } from "react";
import { data, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { CopyLinkButton } from "~/components/copy-link-button";
import { DeleteProductSection } from "~/components/delete-product-dialog";
import { SiteEditorProvider } from "~/components/editor/site-editor";
import { EditorTabs, parseEditorTab, PreviewTabs } from "~/components/editor/editor-tabs";
import { ItemList } from "~/components/editor/item-list";
import { ItemsCsvPanel } from "~/components/editor/items-csv";
import { ItemsMore } from "~/components/editor/items-more";
import type { OrdersTabData } from "~/components/editor/order-settings";
import { SiteCurrencyProvider } from "~/components/editor/site-currency";
import {
  AddItemPanel,
  awaitTabOnScreen,
  BookingSettingsPanel,
  OrderSettingsPanel,
  preloadTab,
  ProfileEditorPanel,
  SiteInfoPanel,
} from "~/components/editor/tab-panels";
import {
  PreviewDraftProvider,
  SitePreview,
  type PreviewDraft,
} from "~/components/editor/site-preview";
import type { ProfileEditorValues } from "~/components/profile-editor";
import { siteLanguage } from "~/lib/i18n/languages";
import { servicesContext } from "~/context";
import { siteCurrency } from "~/lib/currency";
import { onlyQueryChanged } from "~/lib/revalidation";
import { storedOptions } from "~/lib/item-options";
import { isSavedInPlace, itemFailure, type EditorItem, type ItemActionResult } from "~/lib/items";
import { IMPORT_CONFIRM_INTENT, IMPORT_PREVIEW_INTENT, type ImportResult } from "~/lib/items-csv";
import { normalizeTags } from "~/lib/limits";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import {
  orderSettingsFormValues,
  SAVE_ORDERS_INTENT,
  type SaveOrderSettingsResult,
} from "~/lib/order-settings-form";
import {
  isBookingsTabIntent,
  isBookingsTabResult,
  type BookingsTabData,
  type BookingsTabResult,
} from "~/lib/booking-settings-form";
import type { SaveInfoResult } from "~/lib/profile-info";
import { isProductType, siteOf } from "~/sites";
import { editorOf } from "~/sites/editors";
import { CategoryOrder } from "~/sites/restaurant/category-order";
import {
  CATEGORY_ORDER_INTENT,
  type CategoryOrderResult,
} from "~/sites/restaurant/category-order-form";
import { orderedCategories } from "~/sites/restaurant/menu";
import type { OwnInfoFields } from "~/sites/site";
import { saveCategoryOrder } from "~/server/editing/category-order-action.server";
import { pageMeta } from "~/lib/seo";
import { fontStyleOf } from "~/lib/themes";
import { CARD_PAYMENTS_FLASH, takeFlash } from "~/server/http/flash.server";
import { FormReadError } from "~/server/http/forms.server";
import { listThumbnailUrl } from "~/server/images/renditions.server";
import { readUploadForm } from "~/server/images/upload-form.server";
import { saveSiteInfo } from "~/server/editing/info-action.server";
import { isItemIntent, runItemIntent } from "~/server/editing/item-actions.server";
import { isImportIntent, runImportIntent } from "~/server/editing/items-import-action.server";
import { roleMay } from "~/lib/site-access";
import { accountEmailOf } from "~/server/accounts/accounts.server";
import { requireSite } from "~/server/access/site-access.server";
import { momentText } from "~/server/orders/order-inbox.server";
import { backAt } from "~/lib/sold-out";
import { saveOrderSettingsForm } from "~/server/orders/order-settings-action.server";
import {
  loadBookingsTab,
  runBookingsTabIntent,
} from "~/server/bookings/booking-settings-action.server";
import { loadOrderSettings } from "~/server/orders/orders.server";
import {
  cardPaymentsView,
  loadCardPaymentsChoice,
  loadPaymentAccount,
} from "~/server/payments/payment-accounts.server";
import { listItems } from "~/server/repositories/items.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { ownSiteLink } from "~/server/share/site-links.server";
import type { Route } from "./+types/setup";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import setupStylesHref from "./setup.css?url";
import { logRequestError, requestIdOf } from "~/server/http/log.server";
import { countOwnerWrite, tooManyWritesMessage } from "~/server/http/write-limits.server";

export const links: Route.LinksFunction = () => stylesheetLinks(setupStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(siteAdminWords.editSite, { name: args.data.name })
      : siteAdminWords.editorTitle,
    description: siteAdminWords.editorDescription,
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isProductType(params.type)) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const { product, role } = await requireSite(context, params.pid, "site.edit", params.type);
  const services = context.get(servicesContext);
  const { db, env, storage } = services;
  const site = siteOf(product.type);
  // The tab's own code, so the server renders it in full (app/components/lazy-component.ts).
  const tab = parseEditorTab(new URL(request.url).searchParams.get("tab"), site.items?.tabLabels);
  await preloadTab(tab, site.items !== null);

  let info: ProfileEditorValues | null = null;
  let ownInfo: OwnInfoFields = {};
  let categoryOrder: string[] = [];
  let timeZone = "";
  let orders: OrdersTabData | null = null;
  // A restaurant's Reservations tab.
  let bookings: BookingsTabData | null = null;
  let loadError: string | null = null;
  try {
    const row = await loadProductInfo(db, product.id);
    if (!row) throw new Error("info row missing");
    if (site.items) {
      const currency = siteCurrency(row.currency);
      const settings = await loadOrderSettings(db, product.id);
      const payments = services.payments;
      orders = {
        values: orderSettingsFormValues(settings, currency, {
          paypalUsername: row.paypalUsername,
          venmoUsername: row.venmoUsername,
        }),
        enabled: settings.enabled,
        accountEmail: await accountEmailOf(db, product.ownerUid),
        currency,
        // Only while the operator set up card payments: else nothing of cards is shown.
        cardPayments:
          payments && roleMay(role, "site.payments")
            ? {
                ...cardPaymentsView(
                  payments,
                  await loadPaymentAccount(db, product.id),
                  await loadCardPaymentsChoice(db, product.id),
                ),
                action: `/user/payments/${product.id}`,
                flash: null,
              }
            : null,
      };
    }
    if (site.items?.tabLabels.bookings) {
      bookings = await loadBookingsTab(db, product.id, row.timeZone, publicPagesNow(env).getTime());
    }
    info = {
      name: row.name,
      phone: row.contact.phone,
      email: row.contact.email,
      address: row.address,
      logoUrl: row.logoUrl,
      bgUrl: row.bgUrl,
      colors: row.colors,
      fontStyle: fontStyleOf(row.fontStyle),
      hours: row.hours,
      specialHours: row.specialHours,
      timeZone: row.timeZone,
      language: siteLanguage(row.language).code,
    };
    ownInfo = site.info.ownFields(row);
    categoryOrder = row.categoryOrder;
    timeZone = row.timeZone;
  } catch (error) {
    logRequestError(request, "loading info failed", error);
    loadError = MESSAGES.failedToLoad;
  }

  let items: EditorItem[] | null = null;
  let itemsError: string | null = null;
  if (site.items) {
    const now = publicPagesNow(env).getTime();
    try {
      items = (await listItems(db, product.id)).map((row) => ({
        id: row.id,
        name: row.name,
        priceCents: row.priceCents,
        category: row.category,
        description: row.description,
        star: row.star,
        imageUrl: row.imageUrl,
        tags: row.tags,
        soldOut: row.soldOut,
        ...soldOutToday(row, timeZone, now),
        images: row.images,
        thumbnailUrl: listThumbnailUrl(storage, row.imageUrl || row.images[0] || ""),
        imageThumbnails: row.images.map((url) => listThumbnailUrl(storage, url)),
        allergens: row.allergens,
        diets: row.diets,
        options: storedOptions(row.options),
      }));
    } catch (error) {
      logRequestError(request, "loading items failed", error);
      itemsError = MESSAGES.failedToLoadItems;
    }
  }

  // Set when an upload without JavaScript failed and came back here, or by the Card payments
  // section's forms (./card-payments.ts); shown once.
  const flash = await takeFlash(env, request);
  const cardPaymentsFlash = flash.flash?.topic === CARD_PAYMENTS_FLASH ? flash.flash : null;
  if (orders?.cardPayments && cardPaymentsFlash) {
    orders = { ...orders, cardPayments: { ...orders.cardPayments, flash: cardPaymentsFlash } };
  }
  const page = {
    id: product.id,
    name: product.name,
    type: product.type,
    info,
    ownInfo,
    categoryOrder,
    orders,
    bookings,
    loadError,
    items,
    itemsError,
    uploadError: flash.flash?.topic ? null : flash.message,
    // What only the owner does leaves the header for staff (app/lib/site-access.ts).
    domainsOffered: env.customDomains !== null && roleMay(role, "site.domain"),
    staffPath: roleMay(role, "site.staff") ? `/user/staff/${product.id}` : null,
    ...(await ownSiteLink(services, product)),
  };
  return flash.clear ? data(page, { headers: { "Set-Cookie": flash.clear } }) : page;
}

/** An item's "sold out today", as its row shows it: until when, in the site's words. */
function soldOutToday(
  row: { soldOut: boolean; soldOutUntil: Date | null },
  timeZone: string,
  now: number,
): Pick<EditorItem, "soldOutUntil" | "backText"> {
  const until = backAt(row, now);
  return {
    soldOutUntil: until,
    backText: until === null ? null : momentText(until, timeZone, now),
  };
}

/**
 * Set when a save's reload starts, cleared when the editor's fresh data arrives. A tab
 * switch made before that reload finished cancels it, so that switch must load instead:
 * otherwise the editor would show, and save again, the values from before the save.
 */
let reloadAfterSaveOwed = false;

/** Switching tabs, searching and sorting only change the URL: nothing to reload. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { formMethod, defaultShouldRevalidate } = args;
  if (isSavedInPlace(args)) return false;
  if (formMethod) reloadAfterSaveOwed ||= defaultShouldRevalidate;
  if (onlyQueryChanged(args) && !reloadAfterSaveOwed) return false;
  return defaultShouldRevalidate;
}

/**
 * The Info form's answer, an item write's, the category order's, or a form the editor
 * cannot read or run.
 */
type ActionResult =
  | SaveInfoResult
  | SaveOrderSettingsResult
  | BookingsTabResult
  | ItemActionResult
  | CategoryOrderResult
  | ImportResult
  | { error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { product } = await requireSite(
    context,
    params.pid,
    "site.edit",
    isProductType(params.type) ? params.type : undefined,
  );
  const services = context.get(servicesContext);
  let formData: FormData;
  let file: Uint8Array | null;
  try {
    ({ formData, file } = await readUploadForm(request));
  } catch (error) {
    if (error instanceof FormReadError) {
      return data<ActionResult>({ error: error.message }, { status: error.status });
    }
    throw error;
  }

  const intent = formData.get("intent");
  const items = siteOf(product.type).items;
  // A CSV file of items: its preview, or its rows written (not an image upload).
  if (items && isImportIntent(intent)) {
    return runImportIntent(intent, {
      services,
      context,
      product,
      formData,
      file,
      requestId: requestIdOf(request),
    });
  }
  // A photo posted with Add Item (without JavaScript) is an upload like any other.
  if (file) {
    const allowance = await countOwnerWrite(context, "uploads");
    if (!allowance.allowed) {
      const message = tooManyWritesMessage("uploads", allowance.retryAfterSeconds);
      return data<ActionResult>({ error: message }, { status: 429 });
    }
  }
  if (intent === "save-info") {
    return saveSiteInfo(
      services.events,
      product.ownerUid,
      product,
      formData,
      publicPagesNow(services.env),
      requestIdOf(request),
    );
  }
  if (intent === SAVE_ORDERS_INTENT && items) {
    return saveOrderSettingsForm(services, product, formData, requestIdOf(request));
  }
  if (isBookingsTabIntent(intent) && items?.tabLabels.bookings) {
    const info = await loadProductInfo(services.db, product.id);
    return runBookingsTabIntent(
      services,
      { id: product.id, timeZone: info?.timeZone ?? "" },
      intent,
      formData,
      requestIdOf(request),
    );
  }
  if (intent === CATEGORY_ORDER_INTENT && items?.categories) {
    return saveCategoryOrder(services.events, product, formData, requestIdOf(request));
  }
  if (items && isItemIntent(items, intent)) {
    return runItemIntent(intent, {
      services,
      product,
      formData,
      file,
      items,
      requestId: requestIdOf(request),
      now: publicPagesNow(services.env).getTime(),
    });
  }
  return data<ActionResult>({ error: siteAdminWords.editorCannotDoThat }, { status: 400 });
}

function isItemResult(result: ActionResult | undefined): result is ItemActionResult {
  return (
    result !== undefined &&
    "intent" in result &&
    result.intent !== "save-info" &&
    result.intent !== SAVE_ORDERS_INTENT &&
    result.intent !== CATEGORY_ORDER_INTENT &&
    !isBookingsTabResult(result) &&
    !isImportResult(result)
  );
}

function isImportResult(result: ActionResult | undefined): result is ImportResult {
  return (
    result !== undefined &&
    "intent" in result &&
    (result.intent === IMPORT_PREVIEW_INTENT || result.intent === IMPORT_CONFIRM_INTENT)
  );
}

function isCategoryOrderResult(result: ActionResult | undefined): result is CategoryOrderResult {
  return result !== undefined && "intent" in result && result.intent === CATEGORY_ORDER_INTENT;
}

function isOrderSettingsResult(
  result: ActionResult | undefined,
): result is SaveOrderSettingsResult {
  return result !== undefined && "intent" in result && result.intent === SAVE_ORDERS_INTENT;
}

function isInfoResult(result: ActionResult | undefined): result is SaveInfoResult {
  return result !== undefined && "intent" in result && result.intent === "save-info";
}

/** Shown for the moment a tab's code is on its way (app/components/editor/tab-panels.ts). */
function TabLoading() {
  return (
    <p className="muted" role="status">
      {siteAdminWords.loading}
    </p>
  );
}

export default function Setup(props: Route.ComponentProps) {
  // Every price the editor shows or starts a field from is in the site's currency.
  return (
    <SiteCurrencyProvider value={siteCurrency(props.loaderData.ownInfo.currency)}>
      <SetupPage {...props} />
    </SiteCurrencyProvider>
  );
}

function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    reloadAfterSaveOwed = false;
  }, [loaderData]);
  const [searchParams] = useSearchParams();
  const tab = parseEditorTab(searchParams.get("tab"), siteOf(loaderData.type).items?.tabLabels);
  // The phone's Preview tab; wide screens show the preview beside the form all the time.
  const [previewOpen, setPreviewOpen] = useState(searchParams.get("preview") === "1");
  const previewToggle = { open: previewOpen, onOpenChange: setPreviewOpen };
  const [previewDraft, setPreviewDraft] = useState<PreviewDraft | null>(null);
  const itemResult = isItemResult(actionData) ? actionData : undefined;
  const infoResult = isInfoResult(actionData) ? actionData : undefined;
  const categoryOrderResult = isCategoryOrderResult(actionData) ? actionData : undefined;
  const ordersResult = isOrderSettingsResult(actionData) ? actionData : undefined;
  const bookingsResult = isBookingsTabResult(actionData) ? actionData : undefined;
  const importResult = isImportResult(actionData) ? actionData : undefined;
  const refusal =
    actionData && "error" in actionData && !("intent" in actionData) ? actionData.error : null;
  const itemRefusal = itemResult?.intent === "add-item" ? null : itemFailure(itemResult);
  const type = loaderData.type;
  const site = siteOf(type);
  // Rendered in full by the server, the tab hydrates once its code arrives: until then the
  // page does not count as hydrated.
  awaitTabOnScreen(tab, site.items !== null);
  // Null for a type whose items have no category (a shop's): its forms leave the field out.
  // In the menu's order, which the editor's category sort and suggestions follow too.
  const categories = site.items?.categories
    ? orderedCategories(
        (loaderData.items ?? []).map((item) => item.category),
        loaderData.categoryOrder,
      )
    : null;
  // Only a menu of two or more categories has an order to choose.
  const orderable = categories !== null && categories.length > 1;
  // A shop's own tags first, then any others its items already use.
  const tagSuggestions = normalizeTags(
    [...(loaderData.ownInfo.tags ?? []), ...(loaderData.items ?? []).flatMap((item) => item.tags)],
    Number.POSITIVE_INFINITY,
  ).tags;

  return (
    <div className="container editor">
      <div className="page-header editor-header">
        <div className="editor-title">
          <h1>{loaderData.name}</h1>
          <p className="muted">{fill(siteAdminWords.siteTypeEditor, { type: site.label })}</p>
        </div>
        <div className="card-actions editor-actions">
          <a
            className="button secondary"
            href={loaderData.publicPath}
            target="_blank"
            rel="noreferrer"
          >
            {siteAdminWords.viewPublic}
          </a>
          <Link className="button secondary" to={`/user/share/${loaderData.id}`}>
            {siteAdminWords.share}
          </Link>
          {loaderData.domainsOffered ? (
            <Link className="button secondary" to={`/user/domain/${loaderData.id}`}>
              {siteAdminWords.domain}
            </Link>
          ) : null}
          {loaderData.staffPath ? (
            <Link className="button secondary" to={loaderData.staffPath}>
              {siteAdminWords.staff}
            </Link>
          ) : null}
          <CopyLinkButton
            url={loaderData.publicUrl}
            label={fill(siteAdminWords.copyLinkTo, { name: loaderData.name })}
            productId={loaderData.id}
          />
        </div>
      </div>
      {loaderData.uploadError ? (
        <p className="alert error" role="alert">
          {tab === "info" || !site.items ? site.info.failedMessage : site.items.imageFailureMessage}{" "}
          {loaderData.uploadError}
        </p>
      ) : null}
      {/* Without JavaScript, a refused item change or an unreadable form comes back with the page. */}
      {itemRefusal || refusal ? (
        <p className="alert error" role="alert">
          {itemRefusal ?? refusal}
        </p>
      ) : null}

      <SiteEditorProvider value={editorOf(type)}>
        <PreviewDraftProvider value={setPreviewDraft}>
          <div className="editor-workspace" data-previewing={previewOpen}>
            <div className="editor-main">
              {site.items ? (
                <EditorTabs
                  current={tab}
                  labels={site.items.tabLabels}
                  preview={previewToggle}
                  // A failed fetch is tried again when the tab renders.
                  onIntent={(next) => void preloadTab(next, true).catch(() => {})}
                />
              ) : (
                <PreviewTabs preview={previewToggle} />
              )}
              <div className="editor-panel">
                <Suspense fallback={<TabLoading />}>
                  {tab === "items" && site.items ? (
                    <ItemList
                      productId={loaderData.id}
                      type={type}
                      items={loaderData.items}
                      loadError={loaderData.itemsError}
                      categories={categories}
                      tagSuggestions={tagSuggestions}
                      more={
                        <ItemsMore
                          contents={
                            orderable
                              ? siteAdminWords.moreCategoryOrderAndCsv
                              : siteAdminWords.moreCsvFiles
                          }
                          open={Boolean(categoryOrderResult ?? importResult)}
                        >
                          {categories && orderable ? (
                            <CategoryOrder categories={categories} result={categoryOrderResult} />
                          ) : null}
                          <ItemsCsvPanel
                            productId={loaderData.id}
                            itemCount={loaderData.items?.length ?? 0}
                            result={importResult}
                          />
                        </ItemsMore>
                      }
                    />
                  ) : null}
                  {tab === "add" && site.items ? (
                    <AddItemPanel.Component
                      productId={loaderData.id}
                      type={type}

                      items={site.items}
                      itemCount={loaderData.items?.length ?? 0}
                      categories={categories}
                      tagSuggestions={tagSuggestions}
                      serverResult={itemResult?.intent === "add-item" ? itemResult : undefined}
                    />
                  ) : null}
                  {tab === "orders" && site.items ? (
                    loaderData.orders ? (
                      <OrderSettingsPanel.Component
                        type={type}
                        definition={site.items.orders}
                        data={loaderData.orders}
                        publicPath={loaderData.publicPath}
                        result={ordersResult}
                      />
                    ) : (
                      <p className="alert error" role="alert">
                        {loaderData.loadError ?? MESSAGES.failedToLoad}
                      </p>
                    )
                  ) : null}
                  {tab === "bookings" && site.items ? (
                    loaderData.bookings ? (
                      <BookingSettingsPanel.Component
                        data={loaderData.bookings}
                        result={bookingsResult}
                      />
                    ) : (
                      <p className="alert error" role="alert">
                        {loaderData.loadError ?? MESSAGES.failedToLoad}
                      </p>
                    )
                  ) : null}
                  {tab === "info" || !site.items ? (
                    <>
                      {loaderData.loadError ? (
                        <p className="alert error" role="alert">
                          {loaderData.loadError}
                        </p>
                      ) : null}
                      {loaderData.info && site.items ? (
                        <SiteInfoPanel.Component
                          productId={loaderData.id}
                          type={type}
                          values={loaderData.info}
                          ownValues={loaderData.ownInfo}
                          result={infoResult}
                        />
                      ) : null}
                      {loaderData.info && !site.items ? (
                        <ProfileEditorPanel.Component
                          type={type}
                          values={loaderData.info}
                          ownValues={loaderData.ownInfo}
                          result={infoResult}
                        />
                      ) : null}
                      <DeleteProductSection productId={loaderData.id} name={loaderData.name} />
                    </>
                  ) : null}
                </Suspense>
              </div>
            </div>
            <SitePreview
              src={loaderData.publicPath}
              draft={previewDraft}
              open={previewOpen}
              dataVersion={loaderData}
            />
          </div>
        </PreviewDraftProvider>
      </SiteEditorProvider>
      <p>
        {/* A thumb's target, as the same way back is on the portal's other pages. */}
        <Link className="button secondary" to="/user">
          {navigationWords.backToYourProducts}
        </Link>
      </p>
    </div>
  );
}
