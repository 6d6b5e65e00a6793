/**
 * An order's kitchen ticket: the big order number, when and how it goes out, its lines with
 * quantities and choices, the note, the customer and whether it is paid; one page of an 80 mm receipt roll or of
 * A4 (`/user/orders/{orderId}/ticket/{80mm|a4}`). Only the order's owner gets it; anyone
 * else gets the same 404 as for an order that does not exist.
 */
import { data, Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { servicesContext } from "~/context";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { fill } from "~/lib/i18n/text";
import { pageMeta } from "~/lib/seo";
import { requireSiteOrder } from "~/server/access/site-access.server";
import { inboxOrder, type PaymentLine } from "~/server/orders/order-inbox.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import ticketStyles from "./order-ticket.css?url";
import type { Route } from "./+types/order-ticket";

const TICKET_PAPERS = ["80mm", "a4"] as const;
type TicketPaper = (typeof TICKET_PAPERS)[number];

const PAPER_LABELS: Record<TicketPaper, string> = {
  "80mm": ordersWords.paper80mm,
  a4: ordersWords.paperA4,
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ticketStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(ordersWords.ticketTitle, { number: args.data.order.number })
      : ordersWords.ticketTitleAlone,
    description: ordersWords.ticketDescription,
    noIndex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { order, product } = await requireSiteOrder(context, params.orderId, "orders");
  const paper = TICKET_PAPERS.find((known) => known === params.paper);
  if (!paper) throw data({ message: ordersWords.noSuchPaper }, { status: 404 });
  const { db, env } = context.get(servicesContext);
  const info = await loadProductInfo(db, product.id);
  const timeZone = info?.timeZone ?? "";
  const now = publicPagesNow(env).getTime();
  return {
    paper,
    siteName: product.name,
    order: inboxOrder(order, { name: product.name, timeZone }, now),
  };
}

/** Whether the money is in: what the cook and the driver must know before handing it over. */
function ticketPaymentText(order: { payment: { line: PaymentLine }; fulfilment: string }): string {
  switch (order.payment.line) {
    case "paid":
      return ordersWords.ticketPaidByCard;
    case "refund-pending":
      return ordersWords.ticketRefundPending;
    case "refunded":
      return ordersWords.ticketRefunded;
    case "refund-failed":
      return ordersWords.ticketRefundFailed;
    case "amount-mismatch":
      return ordersWords.ticketPaymentMismatch;
    default:
      return order.fulfilment === "pickup"
        ? ordersWords.ticketNotPaidPickup
        : ordersWords.ticketNotPaidDelivery;
  }
}

function PrintButton() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="button" onClick={() => window.print()}>
      {ordersWords.print}
    </button>
  ) : (
    <p>{ordersWords.printWithoutScript}</p>
  );
}

export default function OrderTicket({ loaderData }: Route.ComponentProps) {
  const { paper, siteName, order } = loaderData;
  const other: TicketPaper = paper === "80mm" ? "a4" : "80mm";
  return (
    <>
      <header className="print-toolbar">
        <Link to="/user/orders">{ordersWords.backToOrders}</Link>
        <PrintButton />
        <Link to={`/user/orders/${order.id}/ticket/${other}`}>
          {fill(ordersWords.printOnInstead, { paper: PAPER_LABELS[other] })}
        </Link>
        <p className="print-hint">{paper === "80mm" ? ordersWords.hint80mm : ordersWords.hintA4}</p>
      </header>
      <div className="ticket-page">
        <main className={`ticket ticket-${paper}`}>
          <p className="ticket-site">{siteName}</p>
          <h1 className="ticket-number">#{order.number}</h1>
          <p className="ticket-fulfilment">
            {order.fulfilment === "pickup" ? ordersWords.ticketPickup : ordersWords.ticketDelivery}
          </p>
          <p className="ticket-time">{order.readyText ?? order.askedText}</p>
          {order.readyText ? (
            <p className="ticket-small">{fill(ordersWords.askedFor, { time: order.askedText })}</p>
          ) : null}
          <p className="ticket-small">
            {fill(ordersWords.statePlaced, { state: order.stateLabel, time: order.placedText })}
          </p>
          <ul className="ticket-lines">
            {order.lines.map((line, index) => (
              <li key={index}>
                <span className="ticket-qty">{line.quantity}×</span>
                <span>
                  <span className="ticket-item">{line.name}</span>
                  {line.choices ? <span className="ticket-choices">{line.choices}</span> : null}
                </span>
              </li>
            ))}
          </ul>
          {order.note ? (
            <p className="ticket-note">
              <strong>{ordersWords.note}</strong> {order.note}
            </p>
          ) : null}
          <div className="ticket-customer">
            {order.customerName ? <p className="ticket-name">{order.customerName}</p> : null}
            {order.customerPhone ? <p>{order.customerPhone}</p> : null}
            {order.deliveryAddress ? <p>{order.deliveryAddress}</p> : null}
          </div>
          <p className="ticket-total">
            <span>{ordersWords.total}</span> <strong>{order.totalText}</strong>
          </p>
          <p className="ticket-payment" data-line={order.payment.line}>
            {ticketPaymentText(order)}
          </p>
          {order.deliveryFeeText ? (
            <p className="ticket-small">
              {fill(ordersWords.subtotalPlusDelivery, {
                subtotal: order.subtotalText,
                fee: order.deliveryFeeText,
              })}
            </p>
          ) : null}
        </main>
      </div>
    </>
  );
}
