/**
 * The orders inbox's kitchen screen (app/components/orders/kitchen-screen.tsx): today's orders
 * as large cards, by the time they are due, on a tablet whose screen stays on. Its rules that
 * need no browser.
 */

/** The device remembers its kitchen screen under this localStorage key. */
export const KITCHEN_SCREEN_KEY = "orders-kitchen-screen";

/** Today's orders as the kitchen works through them: the soonest due first. */
export function byDueTime<Order extends { dueAt: number; number: number }>(
  orders: readonly Order[],
): Order[] {
  return [...orders].sort((a, b) => a.dueAt - b.dueAt || a.number - b.number);
}

/** Whether this device was left on its kitchen screen; false where storage is refused. */
export function rememberedKitchenScreen(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    return storage?.getItem(KITCHEN_SCREEN_KEY) === "on";
  } catch {
    return false;
  }
}

export function rememberKitchenScreen(
  storage: Pick<Storage, "setItem" | "removeItem"> | undefined,
  on: boolean,
) {
  try {
    if (on) storage?.setItem(KITCHEN_SCREEN_KEY, "on");
    else storage?.removeItem(KITCHEN_SCREEN_KEY);
  } catch {
    // Private browsing without storage: the kitchen screen lasts as long as the page.
  }
}
