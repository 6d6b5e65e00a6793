/**
 * What the owner's portal says around their sites, in English: Your Products with each
 * site's Getting started checklist and view counts,
 * creating a site, the editor's frame, Share with its printables, and User Info.
 */
export const siteAdminWords = Object.freeze({
  // Actions on a site, on Your Products, the editor and Share
  edit: "Edit",
  /** A link's accessible name, and the editor's page title. */
  editSite: "Edit {name}",
  viewPublic: "View Public",
  viewPublicOf: "View Public page of {name}",
  share: "Share",
  /** A link's accessible name, and the Share page's title and heading. */
  shareSite: "Share {name}",
  copyLinkTo: "Copy link to {name}",
  domain: "Domain",
  staff: "Staff",
  create: "Create",
  /** How many sites the owner has of the most they may have. */
  sitesUsed: "Using {used}/{max}",

  // Your Products
  productsDescription: "Your sites, their public links and how many you use.",
  accountStatusIs: "Your account status is “{status}”.",
  existingSitesStayOnline:
    "Your existing sites stay online and editable; contact the site's operator to have your account reviewed.",
  noSitesYet: "You have no sites yet. Pick a type and a name, and your page is online in a minute.",
  createFirstSite: "Create your first site",
  yourSites: "Your sites",
  /** The badge beside a site's type: its public page is online. */
  live: "Live",

  // A site's Getting started checklist
  setupComplete: "{name} is set up and shared.",
  gettingStartedWith: "Getting started with {name}",
  gettingStarted: "Getting started",
  stepsDone: "{done} of {total} done",
  /** The progress bar's accessible name. */
  stepsDoneLabel: "{done} of {total} steps done",
  /** Read by screen readers after a step that is done. */
  stepDone: "(done)",
  stepCreated: "Name and type",
  stepPicture: "Add a logo or a background picture",
  stepHours: "Set your opening hours",
  /** `{items}` is the site type's plural noun ("menu items"). */
  stepItems: "Add at least {count} {items}",
  stepShared: "Share your link",
  /** The share step, `{step}` its link and `{hint}` the hint after it. */
  stepSharedWithHint: "{step}: {hint}",
  stepSharedHint: "copy it, or print its QR code.",

  // Creating a site
  createTitle: "Create a site",
  createDescription: "Choose a type and a name for a new site.",
  typeLegend: "Type",
  nameLabel: "Name",
  nameHint: "Shown at the top of your page and in its link. Leave it empty to use the type.",
  creating: "Creating…",

  // The editor's frame
  editorTitle: "Editor",
  editorDescription: "Edit your site.",
  /** Under the site's name: `{type}` is the site type's label. */
  siteTypeEditor: "{type} editor",
  editorCannotDoThat: "This editor cannot do that.",
  /** While a tab's code is on its way. */
  loading: "Loading…",
  /** What the Items tab's More section holds, for a menu with a category order. */
  moreCategoryOrderAndCsv: "Category order, CSV",
  moreCsvFiles: "CSV files",

  // Share
  shareDescription: "Your site's link, QR code and printables.",
  /** Under the Share heading: `{type}` is the site type's label. */
  shareSubtitle: "{type}: your link, QR code and printables",
  yourLink: "Your link",
  /** `{link}` is the link "Connect a domain". */
  ownAddress: "Want your own address? {link}",
  connectDomain: "Connect a domain",
  shareIt: "Share it",
  shareOn: "Share on",
  shareOnNetwork: "Share on {network}",
  /** The Email share button's text. */
  shareByEmail: "Email",
  /** The text a message or mail shares: the site's name and its link. */
  sharedText: "{name}: {url}",
  qrCode: "QR code",
  qrCodeHint: "Opens your page. Scans are counted as “QR code” in your views.",
  qrCodeFor: "QR code for {url}",
  /** `{format}` is PNG or SVG. */
  downloadFormat: "Download {format}",
  qrFormatsHint:
    "PNG (1,024 px) for documents and social posts; SVG stays sharp at any size, for print shops.",
  print: "Print",
  /** `{scanPrompt}` is what the sheet asks people to do, e.g. "Scan for our menu". */
  printHint:
    "Your name, logo, colours and QR code with “{scanPrompt}”, ready to print or save as a PDF.",
  // The printables
  tableCardTitle: "Table card (A6)",
  tableCardDescription: "105 × 148 mm: for tables, counters and windows.",
  posterA4Title: "Poster (A4)",
  posterA4Description: "210 × 297 mm: for doors and walls.",
  posterLetterTitle: "Poster (US Letter)",
  posterLetterDescription: "8.5 × 11 in: for doors and walls.",

  // View counts, on Your Products and Share
  viewsInLastDays: "Views in the last {days} days",
  views: "Views",
  onPhones: "On phones",
  onComputers: "On computers",
  viewsPrivacy:
    "Counted without cookies and without keeping anyone's address or browser; search engines' and other robots' visits are left out. New views show within a minute.",
  /** Where a view came from. */
  sourceQr: "QR code",
  sourceSocial: "Social",
  sourceSearch: "Search",
  sourceDirect: "Direct and other links",
  /** A site's trend line, for screen readers: `{counts}` lists each day's views. */
  viewsTrendLabel: "Views of {name} per day, oldest first: {counts}",
  /** Beside the trend line: `{views}` is the total, in bold. */
  viewsTrendTotal: {
    one: "{views} view in the last {days} days",
    other: "{views} views in the last {days} days",
  },
  /** The chart's scale, between its first and last day. */
  viewsPerDayMax: "{max} a day at most",
  showAsTable: "Show as a table",
  viewsTableCaption: "Views per day by source",
  day: "Day",

  // User Info
  userInfoDescription:
    "Your account: user id, email, username and sites used; password, email, sessions and deletion.",
  unknownAction: "Unknown action.",
  uid: "UID",
  email: "Email",
  username: "Username",
  productsUsed: "Products used",
});
