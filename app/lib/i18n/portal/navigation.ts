/**
 * What every page of the portal and the marketing site may say, in English: the top
 * navigation (the site's, and the bar the portal shares with it), the portal's layout and
 * its error page, the marketing layout, and the app's own error pages. Kept apart from the
 * marketing copy and the screens' own words, which only their pages load.
 */
export const navigationWords = Object.freeze({
  /** The site nav's landmark name. */
  siteNavLabel: "Site",
  /** The button that opens the folded entries on a phone. */
  menu: "Menu",
  signIn: "Sign in",
  signOut: "Sign out",
  register: "Register",
  /** The signed-in owner's link to the portal. */
  user: "User",
  // The landing page's sections, named in the nav
  products: "Products",
  about: "About",
  contact: "Contact",

  // The portal's layout and navigation
  /** The accessible name of the portal's navigation and of its main landmark. */
  portal: "Portal",
  /** The phone's menu that holds the nav entries that do not fit the bar. */
  accountMenu: "Account",
  yourProducts: "Your Products",
  orders: "Orders",
  bookings: "Bookings",
  userInfo: "User Info",
  /** The accessible name of the nav entry that shows the signed-in email. */
  signedInAs: "Signed in as",
  backToYourProducts: "Back to Your Products",

  // The portal's error page
  signedOutHeading: "Signed out",
  tooManyHeading: "Please wait a moment",
  errorHeading: "Something is not right",

  // The marketing layout
  skipToContent: "Skip to content",
  footer: "{product}: pages for small businesses, made in minutes.",

  // The app's own error pages
  pageNotFoundText: "The page you asked for does not exist.",
  goToHomePage: "Go to the home page",
  /** The title when a request was refused with a reason. */
  errorRefused: "That could not be done",
  errorUnexpected: "Something went wrong",
  errorTryAgain: "Please try again in a moment. If it keeps happening, contact support.",
});
