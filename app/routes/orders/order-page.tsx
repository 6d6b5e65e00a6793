import { ORDER_PAGE_SCRIPT } from "virtual:order-page-script";
import type { ReactNode } from "react";
import { useMarkupHtml } from "~/components/markup-html";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { documentLanguage } from "~/lib/i18n/document-language";
import { listText } from "~/lib/i18n/formats";
import { PageLanguageProvider, usePageLanguage } from "~/lib/i18n/page-language-context";
import { fill, pluralText } from "~/lib/i18n/text";
import { PublicSiteError } from "~/components/public-site";
import { pagePrice } from "~/lib/item-options-display";
import {
  CART_WORD_KEYS,
  itemCountText,
  type CartLanguage,
  type PricedLine,
} from "~/lib/order-cart";
import {
  ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  HONEYPOT_FIELD,
  ORDER_NOTE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "~/lib/order-form";
import { pageMeta } from "~/lib/seo";
import { siteThemeAttributes } from "~/lib/site-theme";
import type { ItemsStep, OrderPageSettings, ReviewStep } from "~/server/orders/order-page.server";
import { orderPageAction, orderPageLoader } from "~/server/orders/order-page.server";
import { siteFromPrefix, siteOf, takesOrders, type OrderingType } from "~/sites";
import { publicPrefixOfPath } from "~/sites/product-types";
import { orderSectionsMarkup } from "./order-items-markup";
import { OrderLineText } from "./order-line";
import type { OrderScriptWords } from "./order-page-script";
import siteStylesHref from "~/styles/public-site.css?url";
import orderStylesHref from "./order-page.css?url";
import type { Route } from "./+types/order-page";

// Plain HTML forms: every step works without JavaScript. A small script (./order-page-script.ts)
// adds lines to the cart in the browser, keeps a running total and the sticky bar. The page
// itself is the same for every customer: app/server/pages/public-page-render.server.tsx renders
// it, the page cache keeps it, and its script is allowed by its hash, not a nonce.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesHref },
  { rel: "stylesheet", href: orderStylesHref },
];

/** The order page's site type, from its address's public prefix (`/r/…/order`, `/s/…/order`). */
function typeOf(request: Request): OrderingType {
  const site = siteFromPrefix(publicPrefixOfPath(new URL(request.url).pathname));
  if (!site || !takesOrders(site.type)) throw new Response("Not Found", { status: 404 });
  return site.type;
}

export const loader = (args: Route.LoaderArgs) => orderPageLoader(typeOf(args.request))(args);
export const action = (args: Route.ActionArgs) => orderPageAction(typeOf(args.request))(args);

export const meta: Route.MetaFunction = (args) => {
  const { words } = pageLanguage(args.data?.language);
  return pageMeta(args, {
    title: args.data ? fill(words.orderTitle, { name: args.data.site.name }) : words.order,
    description: args.data ? fill(words.orderDescription, { name: args.data.site.name }) : "",
    standalone: true,
    noIndex: true,
  });
};

type LoaderData = Route.ComponentProps["loaderData"];

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPageView loaderData={loaderData} actionData={actionData} />;
}

/** The page as a GET shows it, for the public page renderer (which never runs an action). */
export function PublicPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return <OrderPageView loaderData={loaderData} actionData={undefined} />;
}

function OrderPageView(props: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageLanguageProvider value={pageLanguage(props.loaderData.language)}>
      <OrderPageContent {...props} />
    </PageLanguageProvider>
  );
}

function OrderPageContent({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { words, language } = usePageLanguage();
  const { dir } = language;
  const { site, status } = loaderData;
  // Back from a card checkout given up, the review comes with the page itself.
  const answer: ItemsStep | ReviewStep | undefined = actionData ?? loaderData.resumed ?? undefined;
  const publicPage = siteOf(loaderData.type).items!.orders.publicPageWords(words);
  return (
    <div className="order-page" {...siteThemeAttributes(site.colors, site.fontStyle)}>
      <header className="order-header">
        <div className="site-container order-header-inner">
          <a className="order-back" href={site.menuPath}>
            <span aria-hidden="true">{dir === "rtl" ? "→" : "←"}</span> {publicPage.name}
          </a>
          <p className="order-site-name">{site.name}</p>
        </div>
      </header>
      <main className="site-container order-main" id="main">
        <h1>{answer?.step === "review" ? words.reviewYourOrder : words.order}</h1>
        <p className={`order-status ${status.accepting ? "is-open" : "is-closed"}`} role="status">
          {status.text}
        </p>
        {!status.accepting ? (
          <p>
            <a className="button secondary" href={site.menuPath}>
              {publicPage.back}
            </a>
          </p>
        ) : answer?.step === "review" ? (
          <ReviewForm data={loaderData} review={answer} />
        ) : (
          <ItemsForm data={loaderData} step={answer} />
        )}
      </main>
      {status.accepting && answer?.step !== "review" ? (
        <script dangerouslySetInnerHTML={{ __html: ORDER_PAGE_SCRIPT }} />
      ) : null}
    </div>
  );
}

/** Step one: the items with their options, and the cart so far. */
function ItemsForm({ data, step }: { data: LoaderData; step: ItemsStep | undefined }) {
  const page = usePageLanguage();
  const { site, sections, settings } = data;
  const lines = step?.lines ?? [];
  const subtotal = step?.subtotalCents ?? 0;
  const itemsHtml = useMarkupHtml(
    orderSectionsMarkup(sections, site.currency, page, step?.itemErrors),
  );
  return (
    <form
      method="post"
      className="order-form"
      data-order-form=""
      data-currency={site.currency}
      data-words={JSON.stringify(orderScriptWords(page))}
      noValidate
    >
      <input type="hidden" name="cart" value={step?.cart ?? ""} />
      <input type="hidden" name="seenTotal" value={String(subtotal)} />
      {step?.formError ? (
        <p className="order-alert" role="alert">
          {step.formError}
        </p>
      ) : null}
      <OrderTerms settings={settings} currency={site.currency} />
      <div className="order-sections" dangerouslySetInnerHTML={itemsHtml} />
      <Cart
        lines={lines}
        subtotal={subtotal}
        currency={site.currency}
        minimumCents={settings.minimumCents}
      />
    </form>
  );
}

/** What the site asks of an order: pickup or delivery, the minimums and the fee. */
function OrderTerms({ settings, currency }: { settings: OrderPageSettings; currency: string }) {
  const page = usePageLanguage();
  const { words } = page;
  const price = (cents: number) => pagePrice(cents, currency, page);
  const ways = [
    settings.pickup ? words.pickup : null,
    settings.delivery ? words.delivery : null,
  ].filter((way): way is string => way !== null);
  const facts = [
    listText(ways, page, "disjunction"),
    settings.minimumCents > 0
      ? fill(words.minimumOrderOf, { price: price(settings.minimumCents) })
      : null,
    settings.delivery && settings.deliveryFeeCents > 0
      ? fill(words.deliveryFeeOf, { price: price(settings.deliveryFeeCents) })
      : null,
    settings.delivery && settings.deliveryMinimumCents > 0
      ? fill(words.deliveryFrom, { price: price(settings.deliveryMinimumCents) })
      : null,
  ].filter(Boolean);
  return (
    <p className="order-terms">
      {facts.join(" · ")}
      {settings.delivery && settings.deliveryNote ? (
        <span className="order-terms-note">{settings.deliveryNote}</span>
      ) : null}
    </p>
  );
}

function Cart({
  lines,
  subtotal,
  currency,
  minimumCents,
}: {
  lines: PricedLine[];
  subtotal: number;
  currency: string;
  minimumCents: number;
}) {
  const page = usePageLanguage();
  const { words } = page;
  const price = (cents: number) => pagePrice(cents, currency, page);
  return (
    <section className="order-cart" id="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">{words.yourOrder}</h2>
      <p className="order-cart-empty" hidden={lines.length > 0}>
        {words.cartEmpty}
      </p>
      <ul className="order-lines" data-cart-lines="">
        {lines.map((line, index) => (
          <li key={index} className="order-line">
            <OrderLineText line={line} currency={currency} page={page} />
            <button
              type="submit"
              name="remove"
              value={index}
              className="order-remove"
              aria-label={fill(words.removeLine, { name: line.name })}
            >
              {words.remove}
            </button>
          </li>
        ))}
      </ul>
      <p className="order-subtotal">
        <span>{words.subtotal}</span> <strong data-subtotal="">{price(subtotal)}</strong>
      </p>
      {minimumCents > 0 ? (
        <p className="order-hint">{fill(words.minimumOrderIs, { price: price(minimumCents) })}</p>
      ) : null}
      <div className="order-bar" data-order-bar="" hidden={lines.length === 0}>
        <button type="submit" name="step" value="review" className="button order-review-button">
          <span>{words.reviewOrder}</span>
          <span className="order-bar-sum">
            <span data-bar-count="">
              {itemCountText(lines, words.itemCount, page.language.tag)}
            </span>{" "}
            · <span data-bar-total="">{price(subtotal)}</span>
          </span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" data-cart-announce="" />
    </section>
  );
}

/** Step two: what the order comes to, and who, how and when. */
function ReviewForm({ data, review }: { data: LoaderData; review: ReviewStep }) {
  const page = usePageLanguage();
  const { words } = page;
  const price = (cents: number) => pagePrice(cents, data.site.currency, page);
  const { site, settings } = data;
  const values = review.values;
  const errors = review.fieldErrors;
  const ways = [settings.pickup ? "pickup" : null, settings.delivery ? "delivery" : null].filter(
    (way): way is "pickup" | "delivery" => way !== null,
  );
  const chosenWay = values.fulfilment === "delivery" && settings.delivery ? "delivery" : ways[0];
  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <form method="post" className="order-review" noValidate>
      <input type="hidden" name="cart" value={review.cart} />
      <input type="hidden" name="placeKey" value={review.placeKey} />
      <div className="order-honeypot" aria-hidden="true">
        <label>
          {words.leaveEmpty}
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      {review.formError ? (
        <p className="order-alert" role="alert">
          {review.formError}
        </p>
      ) : null}
      {review.notices.length > 0 ? (
        <ul className="order-notices" role="status">
          {review.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      <section className="order-cart" aria-labelledby="review-lines">
        <h2 id="review-lines">{words.yourOrder}</h2>
        <ul className="order-lines">
          {review.lines.map((line, index) => (
            <li key={index} className="order-line">
              <OrderLineText line={line} currency={site.currency} page={page} />
            </li>
          ))}
        </ul>
        {ways.map((way) => {
          const fee = way === "delivery" ? settings.deliveryFeeCents : 0;
          return (
            <p key={way} className="order-subtotal order-total">
              <span>
                {ways.length === 1
                  ? words.total
                  : way === "delivery"
                    ? words.totalForDelivery
                    : words.totalForPickup}
              </span>{" "}
              <strong>{price(review.subtotalCents + fee)}</strong>
            </p>
          );
        })}
        {settings.delivery && settings.deliveryFeeCents > 0 ? (
          <p className="order-hint">
            {fill(words.deliveryAddsFee, { price: price(settings.deliveryFeeCents) })}
          </p>
        ) : null}
        <button type="submit" name="step" value="edit" className="button secondary" formNoValidate>
          {words.changeOrder}
        </button>
      </section>

      <section className="order-details" aria-labelledby="details-title">
        <h2 id="details-title">{words.pickupOrDelivery}</h2>
        <fieldset className="order-ways">
          <legend className="visually-hidden">{words.howYouGetYourOrder}</legend>
          {ways.map((way) => (
            <label key={way} className="order-way">
              <input
                type="radio"
                name="fulfilment"
                value={way}
                defaultChecked={way === chosenWay}
              />
              <span>
                {way === "pickup" ? words.pickup : words.delivery}
                {way === "delivery" && settings.deliveryNote ? (
                  <span className="order-way-note">{settings.deliveryNote}</span>
                ) : null}
              </span>
            </label>
          ))}
          {fieldError("fulfilment")}
        </fieldset>
        {settings.delivery ? (
          <div className="field">
            <label htmlFor="order-address">
              {words.deliveryAddress}
              {settings.pickup ? words.forDelivery : ""}
            </label>
            <textarea
              id="order-address"
              name="address"
              rows={2}
              maxLength={ADDRESS_MAX_LENGTH}
              autoComplete="street-address"
              defaultValue={values.address ?? ""}
              aria-invalid={errors["address"] ? true : undefined}
              aria-describedby={described("address")}
            />
            {fieldError("address")}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="order-slot">{words.time}</label>
          {review.slots.length > 0 ? (
            <select
              id="order-slot"
              name="slot"
              defaultValue={values.slot ?? String(review.slots[0]!.start)}
              aria-invalid={errors["slot"] ? true : undefined}
              aria-describedby={described("slot")}
            >
              {review.slots.map((slot, index) => (
                <option key={slot.start} value={slot.start}>
                  {index === 0 ? fill(words.asSoonAsPossible, { time: slot.label }) : slot.label}
                </option>
              ))}
            </select>
          ) : (
            <p className="order-alert">{words.noTimesLeft}</p>
          )}
          {fieldError("slot")}
        </div>
      </section>

      <section className="order-details" aria-labelledby="contact-title">
        <h2 id="contact-title">{words.yourDetails}</h2>
        <TextField
          label={words.name}
          name="name"
          autoComplete="name"
          maxLength={CUSTOMER_NAME_MAX_LENGTH}
          value={values.name}
          error={errors["name"]}
          required
        />
        <TextField
          label={words.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={values.phone}
          error={errors["phone"]}
          required
        />
        <TextField
          label={words.emailForUpdates}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          error={errors["email"]}
        />
        <div className="field">
          <label htmlFor="order-note">{words.noteOptional}</label>
          <textarea
            id="order-note"
            name="note"
            rows={2}
            maxLength={ORDER_NOTE_MAX_LENGTH}
            defaultValue={values.note ?? ""}
            aria-invalid={errors["note"] ? true : undefined}
            aria-describedby={described("note")}
          />
          {fieldError("note")}
        </div>
        <p className="order-privacy">
          {pluralText(words.orderPrivacy, page.language.tag, data.orderDataDays, {
            site: site.name,
          })}
        </p>
      </section>
      <PaymentChoice
        cardPayments={review.cardPayments}
        ways={ways}
        chosen={values.payment}
        error={fieldError("payment")}
      />
      <div className="order-bar is-static">
        <button type="submit" name="step" value="place" className="button order-review-button">
          {words.placeOrder}
        </button>
      </div>
    </form>
  );
}

/**
 * How the customer pays, where the business takes cards: card or at pickup/delivery when it
 * may be either (card first), a sentence when only cards are taken; nothing otherwise.
 */
function PaymentChoice({
  cardPayments,
  ways,
  chosen,
  error,
}: {
  cardPayments: ReviewStep["cardPayments"];
  ways: ReadonlyArray<"pickup" | "delivery">;
  chosen: string | undefined;
  error: ReactNode;
}) {
  const { words } = usePageLanguage();
  if (cardPayments === "off") return null;
  if (cardPayments === "required") {
    return (
      <section className="order-details" aria-labelledby="payment-title">
        <h2 id="payment-title">{words.paymentLegend}</h2>
        <input type="hidden" name="payment" value="card" />
        <p className="order-hint">{words.cardPaymentRequired}</p>
        {error}
      </section>
    );
  }
  const inPerson =
    ways.length > 1
      ? words.payAtPickupOrOnDelivery
      : ways[0] === "delivery"
        ? words.payOnDelivery
        : words.payAtPickup;
  const choice = chosen === "in-person" ? "in-person" : "card";
  return (
    <section className="order-details" aria-labelledby="payment-title">
      <h2 id="payment-title">{words.paymentLegend}</h2>
      <fieldset className="order-ways">
        <legend className="visually-hidden">{words.paymentLegend}</legend>
        <label className="order-way">
          <input type="radio" name="payment" value="card" defaultChecked={choice === "card"} />
          <span>{words.payByCard}</span>
        </label>
        <label className="order-way">
          <input
            type="radio"
            name="payment"
            value="in-person"
            defaultChecked={choice === "in-person"}
          />
          <span>{inPerson}</span>
        </label>
        {error}
      </fieldset>
    </section>
  );
}

function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  maxLength,
  value,
  error,
  required,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  maxLength: number;
  value: string | undefined;
  error: string | undefined;
  required?: boolean;
}) {
  const id = `order-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={value ?? ""}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The words the page's script writes (its form's `data-words`), from the page's catalogue. */
function orderScriptWords({ words, language }: PageLanguage): OrderScriptWords {
  return {
    ...(Object.fromEntries(
      CART_WORD_KEYS.map((key) => [key, words[key]]),
    ) as CartLanguage["words"]),
    tag: language.tag,
    add: words.add,
    addForPrice: words.addForPrice,
    remove: words.remove,
    removeLine: words.removeLine,
    addedToOrder: words.addedToOrder,
    removedFromOrder: words.removedFromOrder,
    itemCount: words.itemCount,
  };
}

export function ErrorBoundary() {
  return <PublicSiteError />;
}
