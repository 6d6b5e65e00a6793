import { bookingIcsLoader } from "~/server/bookings/guest-bookings.server";

// A booking as one calendar event ("Add to calendar" on its page): a download, never cached.
export const loader = bookingIcsLoader;
