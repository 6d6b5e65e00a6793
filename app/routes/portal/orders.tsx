/**
 * The owner's orders (/user/orders): every order of their restaurants and shops in three
 * lists (Today, Upcoming, Done; `?view=`), new ones first and loud, each with one-tap
 * actions; a pause per site; a sound while an order is new; the last 30 days in a line;
 * and the CSV export. The page follows new orders live (useOwnerLiveUpdates).
 */
import { useEffect, useRef, useState } from "react";
import { lazyComponent } from "~/components/lazy-component";
import { Form, Link, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { ActionMenu } from "~/components/action-menu";
import { useOwnerLiveUpdates } from "~/components/live-updates";
import { OnceOpened } from "~/components/once-opened";
import { KitchenScreen, KitchenSwitch, useKitchenScreen } from "~/components/orders/kitchen-screen";
import { PushPanel } from "~/components/orders/push-panel";
import { RejectFields } from "~/components/orders/reject-fields";
import { useOrderSound } from "~/components/order-sound";
import { announceSaved } from "~/components/toasts";
import { useHydrated } from "~/components/use-hydrated";
import { ownerContext, servicesContext } from "~/context";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { ROLE_LABELS } from "~/lib/i18n/portal/staff";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { DONE_DAYS, INBOX_VIEWS, parseInboxView, type InboxView } from "~/lib/order-inbox";
import { PAUSE_CHOICES, type PauseChoice } from "~/lib/order-settings";
import { ACCEPT_DELAYS } from "~/lib/order-states";
import { formatPrice } from "~/lib/price";
import { pageMeta } from "~/lib/seo";
import { readFormOrRefuse } from "~/server/http/forms.server";
import {
  loadInbox,
  runInboxIntent,
  type InboxActionResult,
  type InboxDay,
  type InboxOrder,
  type InboxSite,
  type PaymentLine as PaymentLineKind,
} from "~/server/orders/order-inbox.server";
import { exportRangeDefaults } from "~/server/orders/order-export.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/orders";
import ordersStylesHref from "./orders.css?url";
import soldOutStylesHref from "~/components/orders/sold-out-lists.css?url";
import { SoldOutLists } from "~/components/orders/sold-out-lists";
import {
  isSoldOutIntent,
  loadSoldOutLists,
  runSoldOutIntent,
} from "~/server/editing/sold-out.server";
import { orderingSitesFor } from "~/server/orders/order-queries.server";

/** Radix's Dialog with the Reject form, fetched when Reject is first reached for. */
const RejectDialogLazy = lazyComponent(() =>
  import("~/components/orders/reject-dialog").then((module) => module.RejectDialog),
);
const RejectDialog = RejectDialogLazy.Component;

export const links: Route.LinksFunction = () =>
  stylesheetLinks(ordersStylesHref, soldOutStylesHref);

export const meta: Route.MetaFunction = (args) => {
  const waiting = args.data?.counts.new ?? 0;
  return pageMeta(args, {
    title:
      waiting > 0 ? fill(ordersWords.pageTitleWaiting, { count: waiting }) : ordersWords.pageTitle,
    description: ordersWords.pageDescription,
    noIndex: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const { db, env } = context.get(servicesContext);
  const view = parseInboxView(new URL(request.url).searchParams.get("view"));
  const now = publicPagesNow(env).getTime();
  // Read once: the inbox and the sold-out lists are of the same sites, and the page reloads
  // its data on every live event.
  const sites = await orderingSitesFor(db, owner.id);
  const [inbox, soldOut] = await Promise.all([
    loadInbox(db, sites, view, now),
    loadSoldOutLists(db, sites, now),
  ]);
  return { ...inbox, soldOut, exportRange: exportRangeDefaults(now) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormOrRefuse(request);
  const intent = form.get("intent");
  if (isSoldOutIntent(intent)) return runSoldOutIntent(context, services, intent, form);
  return runInboxIntent(context, services, form);
}

/** A list switch loads its list; the layout stays (its own shouldRevalidate). */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate;
}

const VIEW_LABELS: Record<InboxView, string> = {
  today: ordersWords.viewToday,
  upcoming: ordersWords.viewUpcoming,
  done: ordersWords.viewDone,
};

const EMPTY_TEXT: Record<InboxView, string> = {
  today: ordersWords.emptyToday,
  upcoming: ordersWords.emptyUpcoming,
  done: fill(ordersWords.emptyDone, { days: DONE_DAYS }),
};

const PAUSE_LABELS: Record<PauseChoice, string> = {
  "30m": ordersWords.pause30Minutes,
  "1h": ordersWords.pause1Hour,
  today: ordersWords.pauseRestOfToday,
  resume: ordersWords.pauseUntilResumed,
};

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  useOwnerLiveUpdates();
  const { view, sites, counts, orders } = loaderData;
  const several = sites.length > 1;
  const kitchen = useKitchenScreen(view);

  return (
    <div className="container orders-page" data-kitchen={kitchen.on || undefined}>
      <div className="page-header orders-header">
        <h1>{ordersWords.pageTitle}</h1>
        <OrderSoundControl newOrders={counts.new} />
        {sites.length > 0 ? <KitchenSwitch kitchen={kitchen} /> : null}
      </div>
      {/* Without JavaScript, an action's answer comes back with the page. */}
      {actionData ? (
        <p className={actionData.ok ? "alert success" : "alert error"} role="alert">
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}
      {sites.length === 0 ? (
        <div className="card">
          <p>{ordersWords.noSites}</p>
          <p>
            <Link className="button" to="/user/create">
              {ordersWords.createSite}
            </Link>
          </p>
        </div>
      ) : kitchen.on ? (
        <KitchenScreen
          kitchen={kitchen}
          orders={orders}
          newOrders={counts.new}
          renderOrder={(order) => <OrderCard key={order.id} order={order} showSite={several} />}
        />
      ) : (
        <>
          <SitesBar sites={sites} />
          <PushPanel />
          <p className="orders-waiting" role="status">
            {counts.new > 0 ? portalPlural(ordersWords.newWaiting, counts.new) : ""}
          </p>
          <nav className="orders-tabs" aria-label={ordersWords.listsLabel}>
            {INBOX_VIEWS.map((name) => (
              <Link
                key={name}
                to={name === "today" ? "?" : `?view=${name}`}
                className="orders-tab"
                aria-current={name === view ? "page" : undefined}
                preventScrollReset
              >
                {VIEW_LABELS[name]}
                {name !== "done" ? <span className="orders-tab-count">{counts[name]}</span> : null}
              </Link>
            ))}
          </nav>
          {orders.length === 0 ? (
            <p className="orders-empty">{EMPTY_TEXT[view]}</p>
          ) : (
            <ul
              className="order-list"
              aria-label={fill(ordersWords.listLabel, { view: VIEW_LABELS[view] })}
            >
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} showSite={several} />
              ))}
            </ul>
          )}
          <SoldOutLists lists={loaderData.soldOut} several={several} />
          <OrdersLine
            days={loaderData.days}
            currency={loaderData.currency}
            totalOrders={loaderData.totalOrders}
            totalRevenueText={loaderData.totalRevenueText}
          />
          <ExportForm from={loaderData.exportRange.from} to={loaderData.exportRange.to} />
        </>
      )}
    </div>
  );
}

/** A fetcher's answer that went through, said once in a toast (refusals stay in place). */
function useDoneToast(answer: InboxActionResult | undefined) {
  useEffect(() => {
    if (answer?.ok) announceSaved(answer.message);
  }, [answer]);
}

// The sound ----------------------------------------------------------------------------

function OrderSoundControl({ newOrders }: { newOrders: number }) {
  const hydrated = useHydrated();
  const sound = useOrderSound(newOrders);
  if (!hydrated || !sound.supported) return null;
  return (
    <div className="order-sound" data-state={sound.state}>
      {sound.state === "on" ? (
        <>
          <p className="order-sound-status" role="status">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
            </svg>
            {ordersWords.soundOn}
          </p>
          <button type="button" className="button secondary small" onClick={sound.turnOff}>
            {ordersWords.turnOffSound}
          </button>
        </>
      ) : (
        <>
          {sound.state === "blocked" ? (
            <p className="order-sound-status" role="status">
              {ordersWords.soundBlocked}
            </p>
          ) : null}
          <button type="button" className="button secondary" onClick={sound.turnOn}>
            {ordersWords.turnOnSound}
          </button>
        </>
      )}
    </div>
  );
}

// Sites and their pause ----------------------------------------------------------------

function SitesBar({ sites }: { sites: InboxSite[] }) {
  return (
    <ul className="orders-sites" aria-label={ordersWords.sitesLabel}>
      {sites.map((site) => (
        <SiteRow key={site.id} site={site} />
      ))}
    </ul>
  );
}

function SiteRow({ site }: { site: InboxSite }) {
  const fetcher = useFetcher<InboxActionResult>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.error : null;
  useDoneToast(fetcher.data);
  const status = !site.enabled
    ? ordersWords.orderingOff
    : (site.pausedText ?? ordersWords.takingOrders);
  const tone = !site.enabled ? "off" : site.pausedText ? "paused" : "on";
  return (
    <li className="orders-site" data-tone={tone}>
      <div className="orders-site-text">
        <strong>{site.name}</strong>
        {site.role !== "owner" ? (
          <span className="role-badge">{ROLE_LABELS[site.role]}</span>
        ) : null}
        <span className="orders-site-status">
          <span className="orders-site-dot" aria-hidden="true" />
          {status}
        </span>
      </div>
      <div className="orders-site-actions">
        {!site.enabled ? (
          site.editorPath ? (
            <Link className="button secondary small" to={site.editorPath}>
              {ordersWords.turnOnOrdering}
            </Link>
          ) : null
        ) : site.pausedText ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resume" />
            <input type="hidden" name="productId" value={site.id} />
            <button type="submit" className="button small" disabled={busy}>
              {ordersWords.resumeOrders}
            </button>
          </fetcher.Form>
        ) : hydrated ? (
          <ActionMenu
            label={fill(ordersWords.pauseOrdersFor, { name: site.name })}
            className="button secondary small"
            disabled={busy}
            heading={ordersWords.pauseFor}
            entries={PAUSE_CHOICES.map((choice) => ({ key: choice, label: PAUSE_LABELS[choice] }))}
            onSelect={(choice) =>
              void fetcher.submit(
                { intent: "pause", productId: site.id, choice },
                { method: "post" },
              )
            }
          >
            {ordersWords.pauseOrders}
          </ActionMenu>
        ) : (
          <details className="orders-pause-details">
            <summary className="button secondary small">{ordersWords.pauseOrders}</summary>
            <Form method="post" className="orders-pause-choices">
              <input type="hidden" name="intent" value="pause" />
              <input type="hidden" name="productId" value={site.id} />
              {PAUSE_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="submit"
                  name="choice"
                  value={choice}
                  className="button secondary small"
                >
                  {PAUSE_LABELS[choice]}
                </button>
              ))}
            </Form>
          </details>
        )}
      </div>
      {error ? (
        <p className="field-error orders-site-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

// One order ----------------------------------------------------------------------------

function OrderCard({ order, showSite }: { order: InboxOrder; showSite: boolean }) {
  const fetcher = useFetcher<InboxActionResult>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && !answer.ok ? answer.error : null;
  useDoneToast(fetcher.data);
  const titleId = `order-${order.id}-title`;
  return (
    <li className="order-card" data-state={order.state} aria-labelledby={titleId}>
      <div className="order-card-head">
        <h2 id={titleId} className="order-number">
          {fill(ordersWords.orderTitle, { number: order.number })}
        </h2>
        <span className="order-state" data-state={order.state}>
          {order.stateLabel}
        </span>
        {showSite ? <span className="order-site">{order.siteName}</span> : null}
      </div>
      <p className="order-when">
        <strong>{order.fulfilment === "pickup" ? ordersWords.pickup : ordersWords.delivery}</strong>{" "}
        <span>{order.askedText}</span>
        {order.readyShortText ? (
          <span className="order-ready">
            {" "}
            {fill(ordersWords.readyAt, { time: order.readyShortText })}
          </span>
        ) : null}
      </p>
      {order.mailFailed ? (
        <p className="alert warning order-mail-failed" role="status">
          {ordersWords.mailFailed}
        </p>
      ) : null}
      {order.payment.line === "amount-mismatch" ? (
        <p className="alert error order-payment-problem">
          <strong>{fill(ordersWords.paymentMismatch, { problem: order.payment.problem })}</strong>
        </p>
      ) : null}
      {order.payment.line === "refund-failed" ? (
        <div className="alert error order-payment-problem">
          <p>
            <strong>{fill(ordersWords.refundFailed, { problem: order.payment.problem })}</strong>
          </p>
          {order.can.retryRefund ? (
            <OrderIntentButton
              fetcher={fetcher}
              intent="retry-refund"
              orderId={order.id}
              className="button small"
              label={ordersWords.retryRefund}
              accessibleLabel={fill(ordersWords.retryRefundLabel, { number: order.number })}
            />
          ) : null}
        </div>
      ) : null}
      <ul
        className="order-lines"
        aria-label={fill(ordersWords.orderItemsLabel, { number: order.number })}
      >
        {order.lines.map((line, index) => (
          <li key={index}>
            <span className="order-qty">{line.quantity}×</span>
            <span>
              {line.name}
              {line.choices ? <span className="order-choices">{line.choices}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {order.note ? (
        <p className="order-note">
          <strong>{ordersWords.note}</strong> {order.note}
        </p>
      ) : null}
      <div className="order-customer">
        {order.customerName ? <span>{order.customerName}</span> : null}
        {order.customerPhone ? (
          <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, "")}`}>{order.customerPhone}</a>
        ) : null}
        {order.deliveryAddress ? (
          <span className="order-address">{order.deliveryAddress}</span>
        ) : null}
      </div>
      <p className="order-total">
        {order.deliveryFeeText ? (
          <span className="muted">
            {fill(ordersWords.subtotalPlusDelivery, {
              subtotal: order.subtotalText,
              fee: order.deliveryFeeText,
            })}{" "}
            ·{" "}
          </span>
        ) : null}
        {ordersWords.total} <strong>{order.totalText}</strong>
      </p>
      <PaymentLine order={order} />
      {order.handledBy ? <p className="muted order-handled-by">{order.handledBy}</p> : null}
      {order.state === "rejected" && order.rejectReason ? (
        <p className="muted">{fill(ordersWords.rejectedBecause, { reason: order.rejectReason })}</p>
      ) : null}
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="order-actions">
        {order.can.accept ? (
          <fetcher.Form method="post" className="order-accept">
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="orderId" value={order.id} />
            {ACCEPT_DELAYS.map((delay) => (
              <button
                key={delay}
                type="submit"
                name="delay"
                value={String(delay)}
                className={delay === 0 ? "button order-accept-main" : "button secondary"}
                disabled={busy}
                aria-label={
                  delay === 0
                    ? fill(ordersWords.acceptAsAskedLabel, { number: order.number })
                    : fill(ordersWords.acceptLaterLabel, { number: order.number, minutes: delay })
                }
              >
                {delay === 0
                  ? ordersWords.acceptAsAsked
                  : fill(ordersWords.acceptLater, { minutes: delay })}
              </button>
            ))}
          </fetcher.Form>
        ) : null}
        {order.can.ready ? (
          <OrderIntentButton
            fetcher={fetcher}
            intent="ready"
            orderId={order.id}
            className="button"
            label={ordersWords.markReady}
            accessibleLabel={fill(ordersWords.markReadyLabel, { number: order.number })}
          />
        ) : null}
        {order.can.complete ? (
          <OrderIntentButton
            fetcher={fetcher}
            intent="complete"
            orderId={order.id}
            className={order.state === "ready" ? "button" : "button secondary"}
            label={ordersWords.markCompleted}
            accessibleLabel={fill(ordersWords.markCompletedLabel, { number: order.number })}
          />
        ) : null}
        {order.can.reject ? <RejectControl order={order} fetcher={fetcher} busy={busy} /> : null}
        <Link
          className="order-ticket-link"
          to={`/user/orders/${order.id}/ticket/80mm`}
          target="_blank"
          rel="noreferrer"
          reloadDocument
        >
          {ordersWords.printTicket}
        </Link>
      </div>
    </li>
  );
}

/** A card order's money as its line says it; a problem (refund failed, no match) is an alert. */
const CARD_PAYMENT_TEXT: Partial<Record<PaymentLineKind, string>> = {
  paid: ordersWords.paidByCard,
  "refund-pending": ordersWords.refundPending,
  refunded: ordersWords.refunded,
};

/** How the order is paid, beside its total; a problem with its money is shown above instead. */
function PaymentLine({ order }: { order: InboxOrder }) {
  const { line, linksOffered } = order.payment;
  if (line === "in-person") {
    return (
      <p className="order-payment" data-line={line}>
        {order.fulfilment === "pickup" ? ordersWords.payAtPickup : ordersWords.payOnDelivery}
        {linksOffered ? <span className="muted"> · {ordersWords.payLinksOffered}</span> : null}
      </p>
    );
  }
  const said = CARD_PAYMENT_TEXT[line];
  if (!said) return null;
  return (
    <p className="order-payment" data-line={line}>
      <span className="order-payment-badge">{said}</span>
    </p>
  );
}

type CardFetcher = ReturnType<typeof useFetcher<InboxActionResult>>;

/** One button that sends one intent for one order; disabled while the order's card is busy. */
function OrderIntentButton({
  fetcher,
  intent,
  orderId,
  className,
  label,
  accessibleLabel,
}: {
  fetcher: CardFetcher;
  intent: string;
  orderId: string;
  className: string;
  label: string;
  accessibleLabel: string;
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <button
        type="submit"
        className={className}
        disabled={fetcher.state !== "idle"}
        aria-label={accessibleLabel}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

function RejectControl({
  order,
  fetcher,
  busy,
}: {
  order: InboxOrder;
  fetcher: CardFetcher;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const otherId = `reject-${order.id}-other`;
  if (!hydrated) {
    // Without JavaScript: the same form, opened in place.
    return (
      <details className="reject-details">
        <summary className="button secondary danger-text">{ordersWords.reject}</summary>
        <Form method="post" className="reject-form">
          <RejectFields orderId={order.id} otherId={otherId} />
          <button type="submit" className="button danger">
            {fill(ordersWords.rejectOrderNumber, { number: order.number })}
          </button>
        </Form>
      </details>
    );
  }
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="button secondary danger-text"
        disabled={busy}
        aria-label={fill(ordersWords.rejectOrderNumber, { number: order.number })}
        // What Radix's trigger says of its dialog.
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={RejectDialogLazy.prefetch}
        onFocus={RejectDialogLazy.prefetch}
        onClick={() => setOpen(true)}
      >
        {ordersWords.reject}
      </button>
      <OnceOpened open={open}>
        <RejectDialog
          orderId={order.id}
          orderNumber={order.number}
          otherId={otherId}
          fetcher={fetcher}
          busy={busy}
          open={open}
          onOpenChange={setOpen}
          triggerRef={triggerRef}
        />
      </OnceOpened>
    </>
  );
}

// The last 30 days ---------------------------------------------------------------------

function OrdersLine({
  days,
  currency,
  totalOrders,
  totalRevenueText,
}: {
  days: InboxDay[];
  currency: string;
  totalOrders: number;
  totalRevenueText: string;
}) {
  const max = Math.max(1, ...days.map((day) => day.orders));
  return (
    <section className="orders-line" aria-labelledby="orders-line-title">
      <h2 id="orders-line-title">{ordersWords.lastDays}</h2>
      <p className="orders-line-summary">
        {fillNodes(
          // The plural's words, its two slots kept for the bold numbers.
          portalPlural(ordersWords.lastDaysSummary, totalOrders, {
            count: "{count}",
            revenue: "{revenue}",
          }),
          { count: <strong>{totalOrders}</strong>, revenue: <strong>{totalRevenueText}</strong> },
        )}
      </p>
      <div className="orders-bars" aria-hidden="true">
        {days.map((day) => (
          <span
            key={day.day}
            className="orders-bar"
            data-empty={day.orders === 0 || undefined}
            style={{ height: `${Math.max(4, (day.orders / max) * 100)}%` }}
            title={fill(ordersWords.dayOrders, { day: day.label, orders: day.orders })}
          />
        ))}
      </div>
      <div className="orders-bars-axis" aria-hidden="true">
        <span>{days[0]?.label}</span>
        <span>{fill(ordersWords.mostPerDay, { max })}</span>
        <span>{days[days.length - 1]?.label}</span>
      </div>
      <details className="orders-line-table">
        <summary>{ordersWords.showAsTable}</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{ordersWords.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{ordersWords.columnDay}</th>
                <th scope="col">{ordersWords.columnOrders}</th>
                <th scope="col">{ordersWords.columnRevenue}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.label}</th>
                  <td>{day.orders}</td>
                  <td>{formatPrice(day.revenueCents, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

// The CSV export -----------------------------------------------------------------------

function ExportForm({ from, to }: { from: string; to: string }) {
  return (
    <section className="orders-export" aria-labelledby="orders-export-title">
      <h2 id="orders-export-title">{ordersWords.downloadOrders}</h2>
      <Form method="get" action="/user/orders/export" reloadDocument className="orders-export-form">
        <div className="field">
          <label htmlFor="export-from">{ordersWords.exportFrom}</label>
          <input id="export-from" type="date" name="from" defaultValue={from} required />
        </div>
        <div className="field">
          <label htmlFor="export-to">{ordersWords.exportTo}</label>
          <input id="export-to" type="date" name="to" defaultValue={to} required />
        </div>
        <button type="submit" className="button secondary">
          {ordersWords.downloadCsv}
        </button>
      </Form>
      <p className="field-hint">{ordersWords.exportHint}</p>
    </section>
  );
}
