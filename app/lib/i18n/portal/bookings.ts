/**
 * What the portal says about table bookings, in English: the editor's Reservations tab
 * (`bookingSettingsWords`, carried by the editor's bundle) and the bookings page, its day sheet,
 * its CSV and its calendar feed (`bookingsWords`).
 */
export const bookingSettingsWords = Object.freeze({
  // Whether the restaurant takes bookings now
  takingBookings: "Taking table bookings online",
  bookingsOff: "Table bookings are off",
  goToBookings: "Go to your bookings",
  turnOnBelow:
    "Turn them on below: guests book a table from your page, and you see each booking in Bookings.",
  takeBookings: "Take table bookings online",
  takeBookingsHint: "Your page gets a Book a table button. Off until you turn it on.",

  // Guests and the room
  guests: "Guests",
  maxPartySize: "Largest party booked online",
  maxPartySizeHint: "Bigger parties are asked to call you.",
  capacity: "Covers at once",
  capacityHint: "How many guests you seat at the same time from online bookings.",

  // Times
  times: "Times",
  slotLength: "Booking times",
  slotLengthHint: "Guests choose a time on this grid, from your opening time.",
  everyMinutes: "Every {minutes} minutes",
  holdMinutes: "Table held for (minutes)",
  holdMinutesHint: "Each booking keeps its covers this long.",
  lastSeating: "Last seating (minutes before closing)",
  lastSeatingHint: "No booking starts later than this before you close.",
  notice: "Minimum notice",
  noticeHint: "The earliest time a guest can book is at least this far from now.",
  daysAhead: "How far ahead (days)",
  daysAheadHint: "Guests book up to this many days after today, at most {max}.",
  noneNeeded: "None",
  minutes: { one: "{count} minute", other: "{count} minutes" },
  hours: { one: "{count} hour", other: "{count} hours" },
  days: { one: "{count} day", other: "{count} days" },
  hoursAndMinutes: "{hours} {minutes}",

  // Requests and cancelling
  confirmation: "Requests and cancelling",
  confirmationChoiceLabel: "Confirmation",
  confirmAutomatic: "Automatic",
  confirmAutomaticHint: "A booking is confirmed at once while there is room.",
  confirmEach: "I confirm each request",
  confirmEachHint: "The guest waits for your Confirm or Decline in Bookings.",
  cancelCutoff: "Guests may cancel until",
  cancelCutoffHint: "This long before their time, from the link in their email.",

  save: "Save reservations",
  saving: "Saving…",
  unsavedWhat: "reservation settings",

  // Messages
  saved: "Reservation settings saved",
  failed: "Reservation settings were not saved. Check the fields marked.",
  maxPartySizeRange: "Enter a whole number of guests from 1 to {max}.",
  partyOverCapacity: "The largest party cannot be more than the covers at once.",
  slotMinutesChoice: "Choose every {lengths} minutes.",
  holdMinutesRange: "Enter whole minutes from {min} to {max}.",
  lastSeatingRange: "Enter whole minutes from 0 to {max}.",
  noticeRange: "Choose a notice of at most {max} hours.",
  daysAheadRange: "Enter a whole number of days from 0 to {max}.",
  capacityRange: "Enter a whole number of covers from 1 to {max}.",
  confirmationChoice: "Choose how bookings are confirmed.",
  cancelCutoffRange: "Choose a time of at most {max} hours.",

  // Closures
  closures: "Closed for bookings",
  closuresHint:
    "Take no bookings for a day or part of one, like a private event. Your page and opening hours stay as they are.",
  noClosures: "No closures planned.",
  closuresListLabel: "Closures planned",
  /** "{day}": "Sat, Mar 21". */
  closureWholeDay: "{day} · whole day",
  closureFromTo: "{day} · {from} – {to}",
  removeClosure: "Remove",
  removeClosureLabel: "Remove the closure {when}",
  addClosure: "Close bookings for a date",
  closureDate: "Date",
  wholeDay: "The whole day",
  closureFrom: "From",
  closureTo: "To",
  closureTimesHint: "Leave The whole day unticked to close part of the day.",
  closureNote: "Note",
  closureNoteHint: "For you, like “Private event”.",
  addClosureButton: "Close bookings",
  closureDateInvalid: "Choose a date.",
  closureTimeInvalid: "Enter a time, like 18:00.",
  closureBackwards: "The end must be after the start on the same day.",
  closureNoteTooLong: "Keep the note to {max} characters.",
  closureAdded: "Bookings closed for that time",
  closureRemoved: "Closure removed",
  closureNotFound: "That closure is no longer there.",
});

export const bookingsWords = Object.freeze({
  // The page
  pageTitle: "Bookings",
  pageTitleWaiting: "({count}) Bookings",
  pageDescription: "Your restaurant's table bookings, day by day.",
  noSites: "Table bookings are for restaurants. Create one to take bookings.",
  createSite: "Create a restaurant",
  sitesLabel: "Restaurants",
  bookingsOff: "This restaurant takes no bookings online now.",
  turnOnBookings: "Turn them on in Reservations",
  requestsWaiting: {
    one: "{count} booking request waiting for you",
    other: "{count} booking requests waiting for you",
  },
  waitingDaysLabel: "Days with requests waiting",
  waitingOnDay: "{day}: {count}",
  waitingAtSite: "{site}, {day}: {count}",

  // The sound while a request waits
  soundOn: "Sound on: a chime every 30 seconds while a request waits.",
  turnOffSound: "Turn off sound",
  soundBlocked: "Your browser needs one tap before it plays sound.",
  turnOnSound: "Turn on booking sound",

  // The day
  previousDay: "Day before",
  previousDayLabel: "The day before",
  nextDay: "Day after",
  nextDayLabel: "The day after",
  today: "Today",
  chooseDay: "Choose a day",
  showDay: "Show",
  backToToday: "Back to today",
  listLabel: "Bookings on {day}",
  daySummary: {
    one: "{count} booking · {covers} covers",
    other: "{count} bookings · {covers} covers",
  },
  emptyDay: "No bookings this day. New bookings show here at once.",

  // One booking
  guests: { one: "{count} guest", other: "{count} guests" },
  earlierNoShows: {
    one: "Did not come {count} time before",
    other: "Did not come {count} times before",
  },
  note: "Note:",
  declinedBecause: "Declined: {reason}",
  confirm: "Confirm",
  confirmLabel: "Confirm {name} at {time}",
  seat: "Seated",
  seatLabel: "Mark {name} at {time} seated",
  noShow: "No-show",
  noShowLabel: "Mark {name} at {time} a no-show",
  cancel: "Cancel",
  cancelLabel: "Cancel the booking of {name} at {time}",
  decline: "Decline",
  declineLabel: "Decline {name} at {time}",
  stateRequested: "Request",
  stateConfirmed: "Confirmed",
  stateSeated: "Seated",
  stateNoShow: "No-show",
  stateDeclined: "Declined",
  stateCancelled: "Cancelled",
  confirmedBy: "Confirmed by {name}",
  declinedBy: "Declined by {name}",
  seatedBy: "Seated by {name}",
  noShowBy: "Marked a no-show by {name}",
  cancelledBy: "Cancelled by {name}",

  // Declining
  declineTitle: "Decline the booking of {name}?",
  declineExplained: "The guest is emailed your reason.",
  declineReason: "Reason",
  declineReasonHint: "Like “Fully booked that evening”. Up to {max} characters.",
  keepBooking: "Keep it",
  declineBooking: "Decline booking",

  // Covers
  coversTitle: "Covers per time",
  coversHint: "Guests seated at the busiest moment of each time's table, out of {capacity}.",
  coversTaken: "Covers taken:",
  coversOf: "{covers} / {capacity}",
  noTimes: "No bookable times left this day.",

  // The answers
  bookingConfirmed: "Booking of {name} confirmed",
  bookingDeclined: "Booking of {name} declined",
  bookingSeated: "{name} seated",
  bookingNoShow: "{name} marked a no-show",
  bookingCancelled: "Booking of {name} cancelled",
  bookingNotFound: "That booking is not there.",
  notAllowed: "That booking has moved on. The page shows it as it is now.",
  unknownIntent: "The bookings page cannot do that.",
  reasonRequired: "Tell the guest why you decline.",
  reasonTooLong: "Keep the reason to {max} characters.",
  notARestaurant: "Only a restaurant takes bookings.",

  // Print, export and the calendar
  printTitle: "Print",
  printDaySheet: "Print the day sheet",
  downloadBookings: "Download bookings",
  exportFrom: "From",
  exportTo: "To",
  downloadCsv: "Download CSV",
  feedTitle: "Your calendar",
  feedHint:
    "Add this private address to your phone's or computer's calendar to see the bookings there. Anyone with it sees your guests' names and phones.",
  feedAddress: "Calendar address",
  copyFeed: "Copy address",
  copyFeedLabel: "Copy the calendar address",
  renewFeed: "Make a new address",
  renewFeedHint: "The old address stops working at once.",
  feedRenewed: "New calendar address made. The old one no longer works.",

  // The day sheet
  sheetTitle: "Bookings {date}",
  sheetDescription: "The day's bookings to print.",
  sheetTime: "Time",
  sheetName: "Name",
  sheetParty: "Guests",
  sheetPhone: "Phone",
  sheetNote: "Note",
  sheetCovers: {
    one: "{count} booking · {covers} covers",
    other: "{count} bookings · {covers} covers",
  },
  sheetEmpty: "No bookings this day.",
  sheetRequest: "(request)",
  noSuchDay: "There is no such day sheet.",
  print: "Print",
  printWithoutScript: "Use your browser’s Print (Ctrl+P or ⌘P).",
  backToBookings: "Back to Bookings",
  sheetHint: "A4, portrait.",

  // The calendar feed's events
  feedCalendarName: "{name} bookings",
  feedSummary: "{name} · {guests}",
  feedPhone: "Phone: {phone}",
  feedNote: "Note: {note}",
  feedRequest: "Request: not confirmed yet",
});
