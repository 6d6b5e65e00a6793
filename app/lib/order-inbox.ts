/**
 * The owner's order inbox's three lists (`/user/orders?view=`): Today (every new order, and
 * the others due today or overdue), Upcoming (accepted orders for later days) and Done
 * (closed in the last few days). The server sorts orders into them
 * (app/server/orders/order-inbox.server.ts).
 */
export const INBOX_VIEWS = ["today", "upcoming", "done"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

export function parseInboxView(value: string | null): InboxView {
  return INBOX_VIEWS.includes(value as InboxView) ? (value as InboxView) : "today";
}

/** Closed orders stay in Done this long. */
export const DONE_DAYS = 3;
