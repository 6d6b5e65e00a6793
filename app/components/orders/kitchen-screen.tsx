/**
 * The orders inbox's kitchen screen: a switch that turns a tablet into the kitchen's order
 * board. Today's orders as large cards by the time they are due, with the inbox's own cards
 * and actions; the screen kept on (Screen Wake Lock, asked again whenever the page is shown)
 * and the page full screen where the browser allows. Escape, the switch, or leaving full
 * screen go back to the inbox. The device remembers it (localStorage); reopened, the page
 * needs one tap before the browser lets it keep the screen on or go full screen.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { portalPlural } from "~/lib/i18n/portal-text";
import { byDueTime, rememberedKitchenScreen, rememberKitchenScreen } from "~/lib/kitchen-screen";
import type { InboxView } from "~/lib/order-inbox";
import type { WakeLockStatus } from "~/lib/wake-lock";
import { useWakeLock } from "./use-wake-lock";

// Full screen, with Safari's older prefixed names (iPadOS before 16.4). An iPhone has none.

type WebkitDocument = Document & {
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => void;
};
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };

function fullscreenElement(): Element | null {
  const page = document as WebkitDocument;
  return page.fullscreenElement ?? page.webkitFullscreenElement ?? null;
}

/** The whole page, not the board alone: the Reject dialog and toasts open outside it. */
function enterFullscreen() {
  const root = document.documentElement as WebkitElement;
  if (fullscreenElement()) return;
  if (root.requestFullscreen) {
    // Refused (no tap, a permissions policy): the large layout is still there.
    root.requestFullscreen({ navigationUI: "hide" }).catch(() => {});
  } else root.webkitRequestFullscreen?.();
}

function exitFullscreen() {
  if (!fullscreenElement()) return;
  const page = document as WebkitDocument;
  if (page.exitFullscreen) page.exitFullscreen().catch(() => {});
  else page.webkitExitFullscreen?.();
}

function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const KITCHEN_SWITCH_ID = "kitchen-switch";

export interface KitchenScreenControl {
  on: boolean;
  /** The page shows Today's list (the board moves there when turned on elsewhere). */
  today: boolean;
  /** Reopened on the kitchen screen: the wake lock and full screen wait for a tap. */
  waitingForTap: boolean;
  wakeLock: WakeLockStatus;
  turnOn: () => void;
  turnOff: () => void;
  /** The tap the browser waits for. */
  keepOn: () => void;
}

/** The kitchen screen's state for the inbox showing `view`; it shows Today's list. */
export function useKitchenScreen(view: InboxView): KitchenScreenControl {
  const hydrated = useHydrated();
  /** Turned on or off on this page; null: as the device remembers it (after hydration). */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const on = chosen ?? (hydrated && rememberedKitchenScreen(deviceStorage()));
  // A tablet left on its kitchen screen opens on it again, without the tap browsers want.
  const waitingForTap = on && chosen === null;
  const wakeLock = useWakeLock();
  const { start: startWakeLock, stop: stopWakeLock } = wakeLock;
  const navigate = useNavigate();
  /** Whether the page went full screen while on: leaving full screen then leaves the board. */
  const wentFullscreen = useRef(false);

  // Asked for in the tap itself: browsers grant both only in answer to one.
  const keepOn = useCallback(() => {
    startWakeLock();
    enterFullscreen();
    setChosen(true);
  }, [startWakeLock]);

  const turnOn = useCallback(() => {
    rememberKitchenScreen(deviceStorage(), true);
    keepOn();
  }, [keepOn]);

  const turnOff = useCallback(() => {
    rememberKitchenScreen(deviceStorage(), false);
    setChosen(false);
    stopWakeLock();
    wentFullscreen.current = false;
    exitFullscreen();
    // The focus may have been on a card of the board, which goes: back to the switch.
    document.getElementById(KITCHEN_SWITCH_ID)?.focus();
  }, [stopWakeLock]);

  // The board is today's orders.
  useEffect(() => {
    if (on && view !== "today") void navigate({ search: "" }, { replace: true });
  }, [on, view, navigate]);

  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    // The portal's nav steps aside (kitchen-screen.css): the board has the whole screen.
    root.dataset.kitchenScreen = "on";
    const onKeyDown = (event: KeyboardEvent) => {
      // An open dialog or menu takes its own Escape (and marks it handled).
      if (event.key === "Escape" && !event.defaultPrevented) turnOff();
    };
    const onFullscreenChange = () => {
      if (fullscreenElement()) wentFullscreen.current = true;
      else if (wentFullscreen.current) turnOff();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("fullscreenchange", onFullscreenChange);
    document.addEventListener("webkitfullscreenchange", onFullscreenChange);
    return () => {
      delete root.dataset.kitchenScreen;
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("fullscreenchange", onFullscreenChange);
      document.removeEventListener("webkitfullscreenchange", onFullscreenChange);
    };
  }, [on, turnOff]);

  // Leaving the page for another of the portal's: out of full screen (the wake lock's hook
  // lets go by itself), the device still remembering the board for next time.
  useEffect(
    () => () => {
      wentFullscreen.current = false;
      exitFullscreen();
    },
    [],
  );

  return {
    on,
    today: view === "today",
    waitingForTap,
    wakeLock: wakeLock.status,
    turnOn,
    turnOff,
    keepOn,
  };
}

/** The switch, beside the page's title; with JavaScript only, as it does nothing without. */
export function KitchenSwitch({ kitchen }: { kitchen: KitchenScreenControl }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      id={KITCHEN_SWITCH_ID}
      type="button"
      className="button secondary kitchen-switch"
      aria-pressed={kitchen.on}
      onClick={kitchen.on ? kitchen.turnOff : kitchen.turnOn}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path d="M4 5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-5v2h3v2H8v-2h3v-2H6a2 2 0 0 1-2-2V5Zm2 0v11h12V5H6Z" />
      </svg>
      {ordersWords.kitchenScreen}
    </button>
  );
}

const WAKE_LOCK_NOTES: Partial<Record<WakeLockStatus, string>> = {
  on: ordersWords.screenStaysOn,
  unsupported: ordersWords.screenCannotStayOn,
  refused: ordersWords.screenRefused,
};

/**
 * The board: today's orders soonest first, each drawn by `renderOrder` (the inbox's own
 * card, so its actions and their answers are the inbox's).
 */
export function KitchenScreen<Order extends { id: string; dueAt: number; number: number }>({
  kitchen,
  orders,
  newOrders,
  renderOrder,
}: {
  kitchen: KitchenScreenControl;
  orders: readonly Order[];
  newOrders: number;
  renderOrder: (order: Order) => ReactNode;
}) {
  const note = WAKE_LOCK_NOTES[kitchen.wakeLock];
  const sorted = byDueTime(orders);
  return (
    <section className="kitchen-screen" aria-labelledby="kitchen-title">
      <div className="kitchen-bar">
        <h2 id="kitchen-title">{ordersWords.kitchenTitle}</h2>
        <p className="kitchen-leave-hint">{ordersWords.kitchenLeaveHint}</p>
        <p className="kitchen-wake-note" role="status" data-status={kitchen.wakeLock}>
          {kitchen.waitingForTap && kitchen.wakeLock !== "unsupported" ? "" : (note ?? "")}
        </p>
      </div>
      {kitchen.waitingForTap && kitchen.wakeLock !== "unsupported" ? (
        <button type="button" className="button kitchen-keep-on" onClick={kitchen.keepOn}>
          {ordersWords.keepScreenOn}
        </button>
      ) : null}
      <p className="orders-waiting" role="status">
        {newOrders > 0 ? portalPlural(ordersWords.newWaiting, newOrders) : ""}
      </p>
      {!kitchen.today ? null : sorted.length === 0 ? (
        <p className="orders-empty kitchen-empty">{ordersWords.kitchenEmpty}</p>
      ) : (
        <ul className="order-list kitchen-orders" aria-label={ordersWords.kitchenListLabel}>
          {sorted.map(renderOrder)}
        </ul>
      )}
    </section>
  );
}
