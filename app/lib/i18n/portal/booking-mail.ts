/** What the mail to a restaurant about a table booking says, in English as the portal is. */
export const bookingMailWords = Object.freeze({
  requestSubject: "Booking request: {party} at {time} · {name}",
  requestIntro: "{guest} asks for a table at {name}. Confirm or decline it in your bookings.",
  when: "When",
  party: "Party",
  guest: "Guest",
  phone: "Phone",
  email: "Email",
  note: "Note",
  openBookings: "Open your bookings",
});
