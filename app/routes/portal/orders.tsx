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
import { RejectFields } from "~/components/orders/reject-fields";
import { useOrderSound } from "~/components/order-sound";
import { announceSaved } from "~/components/toasts";
import { useHydrated } from "~/components/use-hydrated";
import { ownerContext, servicesContext } from "~/context";
import { DONE_DAYS, INBOX_VIEWS, parseInboxView, type InboxView } from "~/lib/order-inbox";
import { PAUSE_CHOICES } from "~/lib/order-settings";
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
} from "~/server/orders/order-inbox.server";
import { exportRangeDefaults } from "~/server/orders/order-export.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/orders";
import ordersStylesHref from "./orders.css?url";

/** Radix's Dialog with the Reject form, fetched when Reject is first reached for. */
const RejectDialogLazy = lazyComponent(() =>
  import("~/components/orders/reject-dialog").then((module) => module.RejectDialog),
);
const RejectDialog = RejectDialogLazy.Component;

export const links: Route.LinksFunction = () => stylesheetLinks(ordersStylesHref);

export const meta: Route.MetaFunction = (args) => {
  const waiting = args.data?.counts.new ?? 0;
  return pageMeta(args, {
    title: waiting > 0 ? `(${waiting}) Orders` : "Orders",
    description: "The orders of your restaurants and shops.",
    noIndex: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const { db, env } = context.get(servicesContext);
  const view = parseInboxView(new URL(request.url).searchParams.get("view"));
  const now = publicPagesNow(env).getTime();
  const inbox = await loadInbox(db, owner.id, view, now);
  return { ...inbox, exportRange: exportRangeDefaults(now) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormOrRefuse(request);
  return runInboxIntent(context, services, form);
}

/** A list switch loads its list; the layout stays (its own shouldRevalidate). */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate;
}

const VIEW_LABELS: Record<InboxView, string> = {
  today: "Today",
  upcoming: "Upcoming",
  done: "Done",
};

const EMPTY_TEXT: Record<InboxView, string> = {
  today: "No orders for today yet. New orders show here at once, with a sound if you turn it on.",
  upcoming: "No accepted orders for later days.",
  done: `No completed, rejected or cancelled orders in the last ${DONE_DAYS} days.`,
};

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  useOwnerLiveUpdates();
  const { view, sites, counts, orders } = loaderData;
  const several = sites.length > 1;

  return (
    <div className="container orders-page">
      <div className="page-header orders-header">
        <h1>Orders</h1>
        <OrderSoundControl newOrders={counts.new} />
      </div>
      {/* Without JavaScript, an action's answer comes back with the page. */}
      {actionData ? (
        <p className={actionData.ok ? "alert success" : "alert error"} role="alert">
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}
      {sites.length === 0 ? (
        <div className="card">
          <p>
            Orders come from restaurants and shops. Create one, then turn on online ordering on its
            Orders tab.
          </p>
          <p>
            <Link className="button" to="/user/create">
              Create a site
            </Link>
          </p>
        </div>
      ) : (
        <>
          <SitesBar sites={sites} />
          <p className="orders-waiting" role="status">
            {counts.new > 0
              ? `${counts.new} new ${counts.new === 1 ? "order" : "orders"} waiting for you`
              : ""}
          </p>
          <nav className="orders-tabs" aria-label="Order lists">
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
            <ul className="order-list" aria-label={`${VIEW_LABELS[view]}'s orders`}>
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} showSite={several} />
              ))}
            </ul>
          )}
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
            Sound on: a chime every 30 seconds while an order is new.
          </p>
          <button type="button" className="button secondary small" onClick={sound.turnOff}>
            Turn off sound
          </button>
        </>
      ) : (
        <>
          {sound.state === "blocked" ? (
            <p className="order-sound-status" role="status">
              Your browser needs one tap before it plays sound.
            </p>
          ) : null}
          <button type="button" className="button secondary" onClick={sound.turnOn}>
            Turn on order sound
          </button>
        </>
      )}
    </div>
  );
}

// Sites and their pause ----------------------------------------------------------------

function SitesBar({ sites }: { sites: InboxSite[] }) {
  return (
    <ul className="orders-sites" aria-label="Your sites taking orders">
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
  const status = !site.enabled ? "Online ordering is off" : (site.pausedText ?? "Taking orders");
  const tone = !site.enabled ? "off" : site.pausedText ? "paused" : "on";
  return (
    <li className="orders-site" data-tone={tone}>
      <div className="orders-site-text">
        <strong>{site.name}</strong>
        <span className="orders-site-status">
          <span className="orders-site-dot" aria-hidden="true" />
          {status}
        </span>
      </div>
      <div className="orders-site-actions">
        {!site.enabled ? (
          <Link className="button secondary small" to={site.editorPath}>
            Turn on ordering
          </Link>
        ) : site.pausedText ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resume" />
            <input type="hidden" name="productId" value={site.id} />
            <button type="submit" className="button small" disabled={busy}>
              Resume orders
            </button>
          </fetcher.Form>
        ) : hydrated ? (
          <ActionMenu
            label={`Pause orders for ${site.name}`}
            className="button secondary small"
            disabled={busy}
            heading="Pause for"
            entries={PAUSE_CHOICES.map((choice) => ({ key: choice.value, label: choice.label }))}
            onSelect={(choice) =>
              void fetcher.submit(
                { intent: "pause", productId: site.id, choice },
                { method: "post" },
              )
            }
          >
            Pause orders
          </ActionMenu>
        ) : (
          <details className="orders-pause-details">
            <summary className="button secondary small">Pause orders</summary>
            <Form method="post" className="orders-pause-choices">
              <input type="hidden" name="intent" value="pause" />
              <input type="hidden" name="productId" value={site.id} />
              {PAUSE_CHOICES.map((choice) => (
                <button
                  key={choice.value}
                  type="submit"
                  name="choice"
                  value={choice.value}
                  className="button secondary small"
                >
                  {choice.label}
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
  const hidden = <input type="hidden" name="orderId" value={order.id} />;
  return (
    <li className="order-card" data-state={order.state} aria-labelledby={titleId}>
      <div className="order-card-head">
        <h2 id={titleId} className="order-number">
          Order {order.number}
        </h2>
        <span className="order-state" data-state={order.state}>
          {order.stateLabel}
        </span>
        {showSite ? <span className="order-site">{order.siteName}</span> : null}
      </div>
      <p className="order-when">
        <strong>{order.fulfilment === "pickup" ? "Pickup" : "Delivery"}</strong>{" "}
        <span>{order.askedText}</span>
        {order.readyText ? (
          <span className="order-ready"> · ready {order.readyText.replace(/^Today, /, "")}</span>
        ) : null}
      </p>
      {order.mailFailed ? (
        <p className="alert warning order-mail-failed" role="status">
          An email about this order could not be sent. Call the customer if they need to know.
        </p>
      ) : null}
      <ul className="order-lines" aria-label={`Order ${order.number}'s items`}>
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
          <strong>Note:</strong> {order.note}
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
            {order.subtotalText} + {order.deliveryFeeText} delivery ·{" "}
          </span>
        ) : null}
        Total <strong>{order.totalText}</strong>
      </p>
      {order.state === "rejected" && order.rejectReason ? (
        <p className="muted">Rejected: {order.rejectReason}</p>
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
            {hidden}
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
                    ? `Accept order ${order.number} for the time asked`
                    : `Accept order ${order.number}, ready ${delay} minutes later`
                }
              >
                {delay === 0 ? "Accept as asked" : `+${delay} min`}
              </button>
            ))}
          </fetcher.Form>
        ) : null}
        {order.can.ready ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="ready" />
            {hidden}
            <button
              type="submit"
              className="button"
              disabled={busy}
              aria-label={`Order ${order.number} is ready`}
            >
              Ready
            </button>
          </fetcher.Form>
        ) : null}
        {order.can.complete ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="complete" />
            {hidden}
            <button
              type="submit"
              className={order.state === "ready" ? "button" : "button secondary"}
              disabled={busy}
              aria-label={`Order ${order.number} completed`}
            >
              Completed
            </button>
          </fetcher.Form>
        ) : null}
        {order.can.reject ? <RejectControl order={order} fetcher={fetcher} busy={busy} /> : null}
        <Link
          className="order-ticket-link"
          to={`/user/orders/${order.id}/ticket/80mm`}
          target="_blank"
          rel="noreferrer"
          reloadDocument
        >
          Print ticket
        </Link>
      </div>
    </li>
  );
}

type CardFetcher = ReturnType<typeof useFetcher<InboxActionResult>>;

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
        <summary className="button secondary danger-text">Reject</summary>
        <Form method="post" className="reject-form">
          <RejectFields orderId={order.id} otherId={otherId} />
          <button type="submit" className="button danger">
            Reject order {order.number}
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
        aria-label={`Reject order ${order.number}`}
        // What Radix's trigger says of its dialog.
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={RejectDialogLazy.prefetch}
        onFocus={RejectDialogLazy.prefetch}
        onClick={() => setOpen(true)}
      >
        Reject
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
      <h2 id="orders-line-title">Last 30 days</h2>
      <p className="orders-line-summary">
        <strong>{totalOrders}</strong> {totalOrders === 1 ? "order" : "orders"},{" "}
        <strong>{totalRevenueText}</strong> (rejected and cancelled orders left out)
      </p>
      <div className="orders-bars" aria-hidden="true">
        {days.map((day) => (
          <span
            key={day.day}
            className="orders-bar"
            data-empty={day.orders === 0 || undefined}
            style={{ height: `${Math.max(4, (day.orders / max) * 100)}%` }}
            title={`${day.label}: ${day.orders}`}
          />
        ))}
      </div>
      <div className="orders-bars-axis" aria-hidden="true">
        <span>{days[0]?.label}</span>
        <span>{`${max} a day at most`}</span>
        <span>{days[days.length - 1]?.label}</span>
      </div>
      <details className="orders-line-table">
        <summary>Show as a table</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Orders and revenue per day (UTC)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
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
      <h2 id="orders-export-title">Download orders</h2>
      <Form method="get" action="/user/orders/export" reloadDocument className="orders-export-form">
        <div className="field">
          <label htmlFor="export-from">From</label>
          <input id="export-from" type="date" name="from" defaultValue={from} required />
        </div>
        <div className="field">
          <label htmlFor="export-to">To</label>
          <input id="export-to" type="date" name="to" defaultValue={to} required />
        </div>
        <button type="submit" className="button secondary">
          Download CSV
        </button>
      </Form>
      <p className="field-hint">
        One row per order placed in those days (at most a year), for your books. Customers’ names
        and phones are included while they are kept.
      </p>
    </section>
  );
}
