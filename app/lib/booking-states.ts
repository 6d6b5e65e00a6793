/**
 * A table booking's life: requested (when the owner confirms each request) → confirmed →
 * seated or no-show; declined (with a reason) by the restaurant, or cancelled by the guest
 * (until the cutoff) or by the restaurant. Bookings made while the room confirms automatically
 * begin confirmed. Every change is kept with its time; the server checks each move here
 * before it writes it.
 */

export const BOOKING_STATES = [
  "requested",
  "confirmed",
  "seated",
  "no-show",
  "declined",
  "cancelled",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** What the restaurant does to a booking from the portal. */
export const BOOKING_ACTIONS = ["confirm", "decline", "seat", "no-show", "cancel"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

const MOVES: Record<BookingAction, { from: readonly BookingState[]; to: BookingState }> = {
  confirm: { from: ["requested"], to: "confirmed" },
  decline: { from: ["requested"], to: "declined" },
  seat: { from: ["confirmed", "no-show"], to: "seated" },
  "no-show": { from: ["confirmed"], to: "no-show" },
  cancel: { from: ["requested", "confirmed"], to: "cancelled" },
};

export function isBookingAction(value: unknown): value is BookingAction {
  return (BOOKING_ACTIONS as readonly unknown[]).includes(value);
}

/** The state an action leads to from `state`, or null when it is not allowed from there. */
export function nextBookingState(state: BookingState, action: BookingAction): BookingState | null {
  const move = MOVES[action];
  return move.from.includes(state) ? move.to : null;
}

/** The guest may cancel a booking in these states (before the cutoff). */
export function guestMayCancel(state: BookingState): boolean {
  return state === "requested" || state === "confirmed";
}

/** Still holds its covers: counted against the room's capacity for its whole duration. */
export function holdsCovers(state: BookingState): boolean {
  return state === "requested" || state === "confirmed" || state === "seated";
}

export const BOOKING_STATES_HOLDING_COVERS = BOOKING_STATES.filter(holdsCovers);

/** Nothing more happens to a booking in these states; its personal data ages from then. */
export function bookingIsClosed(state: BookingState): boolean {
  return state !== "requested" && state !== "confirmed";
}

export interface BookingHistoryEntry {
  state: BookingState;
  /** ISO moment. */
  at: string;
  /** Who moved it there in the portal, by name; absent for the guest's own moves. */
  by?: { id: string; name: string };
}
