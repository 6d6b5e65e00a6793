import { data, redirect } from "react-router";
import { ORDER_STATUS_SCRIPT } from "virtual:order-status-script";
import { useNonce } from "~/components/nonce";
import { PublicSiteError } from "~/components/public-site";
import { servicesContext } from "~/context";
import { rejectReasonForCustomer } from "~/lib/order-not-confirmed";
import { routeErrorMessage } from "~/lib/route-error";
import { isClosed, stateForCustomer, type OrderState } from "~/lib/order-states";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { documentLanguage } from "~/lib/i18n/document-language";
import { ENGLISH, type PublicWords } from "~/lib/i18n/page-language";
import { fill } from "~/lib/i18n/text";
import { pagePrice } from "~/lib/item-options-display";
import { priceAmount } from "~/lib/price";
import { siteThemeAttributes } from "~/lib/site-theme";
import { publicPath } from "~/lib/slug";
import { siteTime } from "~/lib/order-times";
import { changeOrder } from "~/server/orders/order-changes.server";
import { checkoutServices, settleOnReturn } from "~/server/payments/card-checkout.server";
import { customerPaymentLine, orderVersion, stillMoving } from "~/lib/card-payments";
import {
  customerLanguage,
  customerOrderLines,
  orderByToken,
} from "~/server/orders/order-queries.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import { publicNotFound } from "~/server/pages/public-not-found.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { paypalLink, venmoLink } from "~/sites/shoppy/shop-page-script";
import { OrderLineText } from "./order-line";
import siteStylesHref from "~/styles/public-site.css?url";
import orderStylesHref from "./order-page.css?url";
import type { Route } from "./+types/order-status";

// A customer's own page: plain HTML that refreshes itself. Never cached, indexed or sent as a
// referrer: app/server/http/security-headers.server.ts gives every customer path those headers.
export const handle = {
  hydrate: false,
  documentLanguage,
  // Where scripts do not run, an open order's page reloads itself (app/root.tsx).
  refreshWithoutScript: (data: unknown) =>
    (data as { order?: { watch: boolean } } | undefined)?.order?.watch === true ? 30 : null,
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesHref },
  { rel: "stylesheet", href: orderStylesHref },
];

export const meta: Route.MetaFunction = ({ data: loaded, error }) => [
  {
    title: loaded
      ? fill(pageLanguage(loaded.language).words.orderNumber, {
          number: loaded.order.number,
          name: loaded.site.name,
        })
      : (routeErrorMessage(error) ?? ENGLISH.words.orderNotFound),
  },
  { name: "robots", content: "noindex" },
];

/** An address that names no order has no language: the visitor's browser chooses. */
function orderNotFound(request: Request) {
  return publicNotFound(
    (words) => ({ message: words.orderNotFound, detail: words.orderNotFoundHint }),
    undefined,
    request.headers.get("accept-language"),
  );
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  let found = await orderByToken(db, params.token);
  if (!found) throw orderNotFound(request);
  // Back from paying (or reloading while the payment is confirmed): the checkout is read from
  // the provider, so a late webhook does not keep the customer waiting.
  const checkout = checkoutServices(services);
  if (checkout && found.order.state === "awaiting-payment") {
    const outcome = await settleOnReturn(checkout, found.order, publicPagesNow(env).getTime());
    if (outcome.kind !== "unchanged") found = (await orderByToken(db, params.token)) ?? found;
  }
  const { order, site } = found;
  const page = customerLanguage(order, site.language);
  const timeZone = site.timeZone || "UTC";
  const now = publicPagesNow(env);
  const price = (cents: number) => pagePrice(cents, order.currency, page);
  const total = order.totalCents;
  const shown = price(total);
  const amount = priceAmount(total, order.currency);
  const note = `${site.name} order ${order.number}`;
  // PayPal and Venmo links are for orders paid in person; a card order is paid on its checkout.
  const payable =
    order.payment === "in-person" && (!isClosed(order.state) || order.state === "completed");
  const paymentLine = customerPaymentLine(order);
  return {
    token: order.token,
    language: page.language.code,
    /** Changes with every move of the order and of its money: what the page's script watches. */
    version: orderVersion(order),
    order: {
      number: order.number,
      state: order.state,
      fulfilment: order.fulfilment,
      slot: siteTime(order.slotAt.getTime(), timeZone, now, page),
      ready: order.readyAt ? siteTime(order.readyAt.getTime(), timeZone, now, page) : null,
      // A reason the portal gave (not the owner's words) in the page's language.
      rejectReason: rejectReasonForCustomer(order.rejectReason, page.words),
      lines: await customerOrderLines(db, order, site.language),
      currency: order.currency,
      subtotal: price(order.subtotalCents),
      deliveryFee: order.deliveryFeeCents > 0 ? price(order.deliveryFeeCents) : null,
      total: shown,
      closed: isClosed(order.state),
      /** Still worth refreshing: open, or its refund on its way. */
      watch: stillMoving(isClosed(order.state), order.paymentState),
      placedAt: order.createdAt.toISOString(),
      byCard: order.payment === "card",
      /** "Paid $26.90 by card", "Refunded …", or why it was not placed. */
      payment: paymentLine
        ? paymentLine.kind === "not-completed"
          ? page.words.paymentNotCompleted
          : fill(
              {
                paid: page.words.paidByCard,
                refunded: page.words.refundedToCard,
                "refund-pending": page.words.refundOnItsWay,
              }[paymentLine.kind],
              { amount: price(paymentLine.cents) },
            )
        : null,
      /** Where to pay while the checkout is open (a customer who closed its tab). */
      checkoutUrl: order.state === "awaiting-payment" ? order.checkoutUrl : null,
    },
    site: {
      name: site.name,
      phone: site.contact.phone,
      address: site.address,
      colors: site.colors,
      fontStyle: site.fontStyle,
      path: publicPath(site.type, site.slug, site.id),
    },
    pay: payable
      ? {
          paypal: site.paypalUsername
            ? paypalLink(site.paypalUsername, amount, order.currency)
            : null,
          venmo: site.venmoUsername
            ? venmoLink(site.venmoUsername, note, { amount, currency: order.currency, shown })
            : null,
        }
      : { paypal: null, venmo: null },
  };
}

/** "Cancel order": the holder of the token, while the owner has not accepted it. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormOrRefuse(request);
  const found = await orderByToken(services.db, params.token);
  if (!found) throw orderNotFound(request);
  if (form.get("intent") !== "cancel") throw data({ message: "Unknown action." }, { status: 400 });
  const result = await changeOrder(
    services.events,
    found.order.id,
    { action: "cancel" },
    publicPagesNow(services.env).getTime(),
  );
  if (!result.changed) {
    const { words } = customerLanguage(found.order, found.site.language);
    return data({ error: words.cancelTooLate }, { status: 409 });
  }
  // A paid order's refund is asked for now.
  if (result.refundQueued) services.orderMail.kick();
  throw redirect(`/o/${params.token}`, 303);
}

/** The progress bar's steps, in the page's words. */
function progressSteps(words: PublicWords): Array<{ state: OrderState; label: string }> {
  return [
    { state: "new", label: words.statePlaced },
    { state: "accepted", label: words.stateAccepted },
    { state: "ready", label: words.stateReady },
    { state: "completed", label: words.stateCompleted },
  ];
}

/** A sentence with its `{time}` in bold: "Pickup at **6:15 PM** (today)". */
function withBoldTime(text: string, time: string, day: string) {
  const [before, after = ""] = fill(text, { day }).split("{time}");
  return (
    <>
      {before}
      <strong>{time}</strong>
      {after}
    </>
  );
}

export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const page = pageLanguage(loaderData.language);
  const { words } = page;
  const { order, site, pay } = loaderData;
  const steps = progressSteps(words);
  const reached = steps.findIndex((step) => step.state === order.state);
  const delivery = order.fulfilment === "delivery";
  return (
    <div
      className="order-page"
      {...siteThemeAttributes(site.colors, site.fontStyle)}
      data-order-status={loaderData.token}
      data-version={loaderData.version}
    >
      <header className="order-header">
        <div className="site-container order-header-inner">
          <a className="order-back" href={site.path}>
            <span aria-hidden="true">{page.language.dir === "rtl" ? "→" : "←"}</span> {site.name}
          </a>
        </div>
      </header>
      <main className="site-container order-main order-status-main" id="main">
        <p className="order-kicker">
          {fill(words.orderNumber, { number: order.number, name: site.name })}
        </p>
        <h1 className={`order-state is-${order.state}`}>
          {stateForCustomer(order.state, site.name, order.fulfilment, page)}
        </h1>
        {reached >= 0 ? (
          <ol className="order-progress" aria-label={words.orderProgress}>
            {steps.map((step, index) => (
              <li
                key={step.state}
                className={
                  index < reached ? "is-done" : index === reached ? "is-current" : undefined
                }
                aria-current={index === reached ? "step" : undefined}
              >
                {step.label}
              </li>
            ))}
          </ol>
        ) : null}
        <p className="order-when">
          {order.ready && !order.closed
            ? withBoldTime(
                delivery ? words.deliveryAt : words.pickupAt,
                order.ready.time,
                order.ready.day,
              )
            : withBoldTime(
                delivery ? words.deliveryAskedFor : words.pickupAskedFor,
                order.slot.time,
                order.slot.day,
              )}
        </p>
        {order.state === "rejected" && order.rejectReason ? (
          <p className="order-alert">{fill(words.rejectReason, { reason: order.rejectReason })}</p>
        ) : null}
        {actionData && "error" in actionData ? (
          <p className="order-alert" role="alert">
            {actionData.error}
          </p>
        ) : null}

        <section className="order-cart" aria-labelledby="status-lines">
          <h2 id="status-lines">{words.yourOrder}</h2>
          <ul className="order-lines">
            {order.lines.map((line, index) => (
              <li key={index} className="order-line">
                <OrderLineText line={line} currency={order.currency} page={page} />
              </li>
            ))}
          </ul>
          {order.deliveryFee ? (
            <p className="order-subtotal">
              <span>{words.delivery}</span> <span>{order.deliveryFee}</span>
            </p>
          ) : null}
          <p className="order-subtotal order-total">
            <span>{words.total}</span> <strong>{order.total}</strong>
          </p>
        </section>

        {order.byCard ? (
          <section className="order-pay" aria-labelledby="pay-title">
            <h2 id="pay-title">{words.paymentLegend}</h2>
            {order.payment ? <p className="order-paid">{order.payment}</p> : null}
            {order.checkoutUrl ? (
              <p className="order-pay-links">
                <a className="button" href={order.checkoutUrl} rel="noopener noreferrer">
                  {words.continueToPayment}
                </a>
              </p>
            ) : null}
          </section>
        ) : pay.paypal || pay.venmo ? (
          <section className="order-pay" aria-labelledby="pay-title">
            <h2 id="pay-title">{delivery ? words.payNowOrOnDelivery : words.payNowOrAtPickup}</h2>
            <p className="order-pay-links">
              {pay.paypal ? (
                <a className="button" href={pay.paypal} rel="noopener noreferrer">
                  {fill(words.payAmountWithPaypal, { amount: order.total })}
                </a>
              ) : null}
              {pay.venmo ? (
                <a className="button secondary" href={pay.venmo} rel="noopener noreferrer">
                  {words.payWithVenmo}
                </a>
              ) : null}
            </p>
          </section>
        ) : (
          <p className="order-hint">
            {fill(delivery ? words.youPayOnDelivery : words.youPayAtPickup, { name: site.name })}
          </p>
        )}

        <section className="order-contact" aria-labelledby="contact-site">
          <h2 id="contact-site">{site.name}</h2>
          {site.address ? <p>{site.address}</p> : null}
          {site.phone ? (
            <p>
              <a className="button secondary" href={`tel:${site.phone.replace(/[^\d+]/g, "")}`}>
                {fill(words.callNumber, { phone: site.phone })}
              </a>
            </p>
          ) : null}
        </section>

        {order.state === "new" ? (
          <form method="post" className="order-cancel">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button danger">
              {words.cancelOrder}
            </button>
          </form>
        ) : null}
        <p className="order-hint">{words.keepThisPage}</p>
      </main>
      {order.watch ? (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ORDER_STATUS_SCRIPT }} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  // A refused form (an unknown action, a body too large) says why; an address that names no
  // order says so in the visitor's language.
  return <PublicSiteError />;
}
