import { useId, useLayoutEffect, useRef, useState } from "react";
import { lazyComponent } from "../lazy-component";
import { useFetcher } from "react-router";
import {
  itemFailure,
  PRICE_INPUT_MAX_LENGTH,
  type EditorItem,
  type ItemActionResult,
} from "~/lib/items";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { optionsSummary } from "~/lib/item-options";
import { MESSAGES } from "~/lib/messages";
import { formatPrice, priceAmount } from "~/lib/price";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { soldOutWords } from "~/lib/i18n/portal/sold-out";
import { siteOf, type ProductType } from "~/sites";
import { ConfirmDialog } from "../confirm-dialog";
import { Field, type FieldState } from "../form";
import { OnceOpened } from "../once-opened";
import { ItemActionsMenu } from "./item-menu";
import { useSiteCurrency } from "./site-currency";
import { useSiteEditor } from "./site-editor";

/**
 * The edit dialog with its form and Radix's Dialog, which the site types' dialogs share:
 * fetched when a row's menu is first reached for, not with the page.
 */
const EditItemDialogLazy = lazyComponent(() =>
  import("./item-dialogs").then((module) => module.EditItemDialog),
);
const EditItemDialog = EditItemDialogLazy.Component;

/**
 * One item of the editor's list: its photo, name and badges, the inline price and
 * flags, and the rest (edit, images, delete) in its actions menu. On a phone the
 * row stays short; the site type adds its own badges, toggles and menu entries
 * (app/sites/{type}/editor.tsx). The menu and each dialog load their code when first
 * opened, so fifty rows cost the page no more script than one.
 */
export function ItemRow({
  item: listed,
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
  const { RowBadges, RowSummary, RowToggles, MenuDialogs = [] } = useSiteEditor();
  const sellsOut = siteOf(type).items?.sellsOut ?? false;
  const currency = useSiteCurrency();
  // The one dialog open: "edit", "delete" or the key of one the site type adds.
  const [openDialog, setOpenDialog] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A saved price shows at once from the save's answer, without the list being loaded again;
  // it stands until the list itself brings a different price (a refresh, another change).
  const [savedPrice, setSavedPrice] = useState<{ over: number; cents: number } | null>(null);
  const priceCents = savedPrice?.over === listed.priceCents ? savedPrice.cents : listed.priceCents;
  const item = priceCents === listed.priceCents ? listed : { ...listed, priceCents };
  const thumbnail = item.thumbnailUrl;
  const headingId = `item-${item.id}-name`;
  const openChange = (key: string) => (open: boolean) => setOpenDialog(open ? key : null);
  return (
    <li className="item-row card" aria-labelledby={headingId}>
      {thumbnail ? (
        // Rows below the fold load their photo when scrolled near.
        <img
          className="item-thumb"
          src={thumbnail}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="item-thumb placeholder" aria-hidden="true">
          {editorWords.noPhoto}
        </div>
      )}
      <div className="item-main">
        <h3 id={headingId} className="item-name">
          {item.name}
        </h3>
        <p className="item-meta">
          {categories && item.category ? <span className="badge">{item.category}</span> : null}
          <span className="item-meta-price muted">{formatPrice(item.priceCents, currency)}</span>
          {item.options.length > 0 ? (
            <span className="item-meta-options muted">
              {optionsSummary(item.options, {
                sizeCount: editorWords.sizeCount,
                groupCount: editorWords.groupCount,
              })}
            </span>
          ) : null}
          {item.backText ? (
            <span className="badge sold-out">
              {fill(soldOutWords.soldOutTodayBadge, { moment: item.backText })}
            </span>
          ) : null}
          {RowBadges ? <RowBadges item={item} /> : null}
        </p>
        {RowSummary ? <RowSummary item={item} /> : null}
        {item.description ? <p className="item-description muted">{item.description}</p> : null}
      </div>
      <div className="item-controls">
        {/* A new stored price (after a save or a refresh) starts the form again. */}
        <PriceForm
          key={item.priceCents}
          item={item}
          onSaved={(cents) => setSavedPrice({ over: listed.priceCents, cents })}
        />
        <FlagToggle
          item={item}
          intent="toggle-star"
          on={item.star}
          label={editorWords.star}
          icons={["☆", "★"]}
          accessibleName={fill(editorWords.starItem, { name: item.name })}
        />
        {sellsOut ? (
          <>
            <FlagToggle
              item={item}
              intent="toggle-sold-out"
              on={item.soldOut}
              label={sitePartWords.soldOut}
              icons={["○", "●"]}
              accessibleName={fill(sitePartWords.soldOutOf, { name: item.name })}
            />
            <SoldOutTodayToggle item={item} />
          </>
        ) : null}
        {RowToggles ? <RowToggles item={item} /> : null}
      </div>
      <div className="item-menu">
        <ItemActionsMenu
          itemName={item.name}
          triggerRef={menuButton}
          entries={[
            { key: "edit", label: editorWords.editItem },
            ...MenuDialogs.map((entry) => ({ key: entry.key, label: entry.label(item) })),
            { key: "delete", label: editorWords.deleteItem, danger: true },
          ]}
          onSelect={setOpenDialog}
          onPreload={EditItemDialogLazy.prefetch}
        />
      </div>
      <OnceOpened open={openDialog === "edit"}>
        <EditItemDialog
          item={item}
          type={type}
          categories={categories}
          tagSuggestions={tagSuggestions}
          open={openDialog === "edit"}
          onOpenChange={openChange("edit")}
          returnFocusTo={menuButton}
        />
      </OnceOpened>
      {MenuDialogs.map(({ key, Dialog }) => (
        <OnceOpened key={key} open={openDialog === key}>
          <Dialog
            productId={productId}
            item={item}
            open={openDialog === key}
            onOpenChange={openChange(key)}
            returnFocusTo={menuButton}
          />
        </OnceOpened>
      ))}
      <ConfirmDialog
        title={fill(editorWords.deleteItemTitle, { name: item.name })}
        description={editorWords.deleteItemDescription}
        confirmLabel={editorWords.deleteItemConfirm}
        pendingLabel={editorWords.deleting}
        fields={{ intent: "delete-item", itemId: item.id }}
        open={openDialog === "delete"}
        onOpenChange={openChange("delete")}
        returnFocusTo={menuButton}
      />
    </li>
  );
}

/**
 * The inline price editor: its own request, so other rows stay usable while it saves. Fifty
 * of these hydrate with the list, so it is a plain form rather than a Conform one: the only
 * check the browser can make is the empty field (the length is the input's own limit), and
 * the server checks everything again and answers with the spec's messages.
 */
function PriceForm({
  item,
  onSaved,
}: {
  item: EditorItem;
  /** The price as stored, once the server has answered. */
  onSaved: (priceCents: number) => void;
}) {
  const fetcher = useFetcher<ItemActionResult>();
  const saving = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const savedCents = answer?.result.status === "success" ? answer.priceCents : undefined;
  // Before paint, so the field never shows the old price between the answer and the new one.
  useLayoutEffect(() => {
    if (savedCents !== undefined) onSaved(savedCents);
    // Once per answer; onSaved is a new function on every render of the row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const currency = useSiteCurrency();
  const formId = useId();
  // "empty": refused here before sending; "answer": the server's refusal, until the field changes.
  const [shown, setShown] = useState<"none" | "empty" | "answer">("none");
  const refusal = shown === "answer" ? answer?.result.error : undefined;
  const field: FieldState = {
    id: `${formId}-price`,
    name: "price",
    formId,
    errorId: `${formId}-price-error`,
    initialValue: priceAmount(item.priceCents, currency),
    maxLength: PRICE_INPUT_MAX_LENGTH,
    errors: shown === "empty" ? [MESSAGES.priceRequired] : (refusal?.price ?? undefined),
  };
  const formErrors = saving ? undefined : refusal?.[""];
  return (
    <fetcher.Form
      method="post"
      id={formId}
      className="inline-price"
      noValidate
      aria-describedby={formErrors?.length ? `${formId}-error` : undefined}
      onSubmit={(event) => {
        const price = new FormData(event.currentTarget).get("price");
        if (typeof price === "string" && price.trim() !== "") {
          setShown("answer");
          return;
        }
        event.preventDefault();
        setShown("empty");
        event.currentTarget.querySelector<HTMLInputElement>('input[name="price"]')?.focus();
      }}
      onInput={() => {
        if (shown !== "none") setShown("none");
      }}
    >
      <input type="hidden" name="intent" value="update-price" />
      <input type="hidden" name="itemId" value={item.id} />
      <Field
        field={field}
        label={fillNodes(editorWords.inlinePrice, {
          ofItem: (
            <span className="visually-hidden">
              {fill(editorWords.inlinePriceOf, { name: item.name })}
            </span>
          ),
        })}
      >
        <input inputMode="decimal" autoComplete="off" />
      </Field>
      <button type="submit" className="button secondary small" disabled={saving}>
        {saving
          ? editorWords.saving
          : fillNodes(editorWords.savePrice, {
              what: <span className="visually-hidden">{editorWords.savePriceWhat}</span>,
            })}
      </button>
      {formErrors?.length ? (
        <p id={`${formId}-error`} className="field-error" role="alert">
          {formErrors.join(" ")}
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
        <span aria-hidden="true">{shown ? icons[1] : icons[0]}</span>{" "}
        <span className="toggle-label">{label}</span>
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * "Sold out today": one tap marks the item sold out until the site's next opening (the server
 * works out when, in the site's zone); pressed, one tap puts it back on sale.
 */
function SoldOutTodayToggle({ item }: { item: EditorItem }) {
  const fetcher = useFetcher<ItemActionResult>();
  const pending = fetcher.formData?.get("intent");
  const on = item.soldOutUntil !== null;
  const shown = pending === "sell-out" ? true : pending === "back-on-sale" ? false : on;
  const failure = fetcher.state === "idle" ? itemFailure(fetcher.data) : null;
  return (
    <fetcher.Form method="post" className="flag-toggle">
      <input type="hidden" name="intent" value={shown ? "back-on-sale" : "sell-out"} />
      <input type="hidden" name="itemId" value={item.id} />
      {shown ? null : <input type="hidden" name="span" value="today" />}
      <button
        type="submit"
        className={shown ? "button small toggle on" : "button secondary small toggle"}
        aria-pressed={shown}
        aria-label={fill(soldOutWords.soldOutTodayOf, { name: item.name })}
        title={soldOutWords.soldOutToday}
      >
        <span aria-hidden="true">{shown ? "◑" : "◔"}</span>{" "}
        <span className="toggle-label">{soldOutWords.soldOutTodayShort}</span>
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
