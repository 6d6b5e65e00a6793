/**
 * What the marketing site says, in English: the landing page, the product pages and their
 * catalogue of products and plans, and the example sites' cards. The navigation and the error
 * pages every page may show are ./navigation.ts.
 */
export const marketingWords = Object.freeze({
  // The landing page's sections, named in the nav and in their headings (the others are
  // navigationWords)
  features: "Features",
  versions: "Versions",

  // The landing page
  homeDescription:
    "Restaurants, shops and dealers build a fast, mobile-friendly page in minutes and share it with a link or a QR code.",
  heroTitle: "Your business online in minutes",
  heroText:
    "A menu for your restaurant or a storefront for your shop: fast on any phone, easy to update, shared with one link.",
  examplesTitle: "See what you get",
  examplesIntro:
    "Real pages made with {product}. Open one on your phone: this is what your customers see.",
  featureMinutesTitle: "Online in minutes",
  featureMinutesText: "Pick a type, enter a name, and your page has a link to share.",
  featureFastTitle: "Fast on any phone",
  featureFastText:
    "Pages are small and rendered on the server, so they open quickly on a weak signal.",
  featureCurrentTitle: "Easy to keep current",
  featureCurrentText: "Change a price, a photo or your hours and the page shows it at once.",
  featureBrandTitle: "Your brand",
  featureBrandText: "Your colors, logo and background picture on every page.",
  featureSearchTitle: "Found on search engines",
  featureSearchText: "Each page describes your business in a way search engines understand.",
  featureShareTitle: "Share anywhere",
  featureShareText: "One link for your QR codes, social profiles and map listings.",
  aboutText:
    "{product} helps small businesses, such as restaurants, shops and car dealers, publish a page that opens instantly on a cheap phone on a weak signal, without hiring a developer. Owners sign in, create up to three sites and keep them current themselves.",
  /** `{replyPromise}`: when we answer, as the contact module says it. */
  contactIntro: "Questions about {product}? Write to us. {replyPromise}",

  // The contact form
  contactName: "Name",
  contactEmail: "Email",
  contactMessage: "Message",
  contactSend: "Send",
  /** Shown once the form is sent, followed by the link to the mail. */
  contactMailOpens: "Your email app should open with your message. {replyPromise}",
  contactOpenMail: "Open the email",

  // The call to action of the landing and product pages
  createYourPage: "Create your page",
  createYourPageFree: "Create your page — free",
  yourProducts: "Your Products",

  // The example sites: their cards, the showcase and the screenshots
  seeAnExample: "See an example",
  seeAnExampleOf: "See an example: {name}",
  exampleCardText: "{summary}: {highlights}.",
  showcaseCaption: "{summary}: {name}.",
  screenshotOnComputer: "{name}, an example on a computer",
  screenshotOnPhone: "{name}, an example on a phone",
  exampleRestaurantSummary: "An Italian restaurant's menu",
  exampleRestaurantHighlights: "dishes by course with photos, opening hours and a call button",
  exampleShopSummary: "A gift shop's storefront",
  exampleShopHighlights: "products with photos and tags, sold-out labels and PayPal or Venmo",
  exampleDealershipSummary: "A car dealer's profile",
  exampleDealershipHighlights: "contact details, showroom hours and directions",

  // The plans table
  pricesNotPublished: "Prices are not published yet.",
  priceNotAnnounced: "Not announced",
  planWhatYouGet: "What you get",
  planPrice: "Price",
  planBeta: "Beta",
  planBetaSummary: "Early access to new site types, such as dealership and e-commerce profiles.",
  planFree: "Free",
  planFreeSummary: "Restaurant and shoppy sites, up to 3 per account.",
  planSubscription: "Subscription",
  planSubscriptionSummary: "Planned, for businesses that need more.",

  // The products grid and a product's page
  notAvailableYet: "Not available yet",
  productVersion: "Version: {version}",
  whatItIs: "What it is",
  why: "Why",
  howItWorks: "How it works",
  plans: "Plans",
  askUsAboutIt: "Ask us about it",
  seeAllProducts: "See all products",
  // The coming-soon page
  mostRequested: "Most requested",
  requestSiteType: "Request a site type",
  requestNotOpen: "Not open yet",
  /** `{link}`: the link to the contact form, `requestWriteToUs`. */
  requestOpensSoon: "Requests open soon. Until then, {link}.",
  requestWriteToUs: "write to us",
  requestTypeLabel: "What kind of business?",
  sendRequest: "Send request",
  requestedSalons: "Salons and barbers: services, prices and booking requests",
  requestedEvents: "Events: a schedule with tickets links",
  requestedRealEstate: "Real estate: listings with photos",
  requestedTrades: "Trades and repairs: services and quote requests",

  // The product catalogue: the restaurant
  restaurantName: "Restaurant",
  restaurantTagline: "Your menu online, readable on any phone.",
  restaurantWhat:
    "A menu page for your restaurant, café or food truck: dishes grouped by category with prices, photos and descriptions, your opening hours, address and phone.",
  restaurantWhy:
    "Guests scan a QR code at the table or find you on a map and want the menu now, on a cheap phone with a weak signal. A small, fast page beats a PDF or a photo of the menu board.",
  restaurantHowStart: "Create your free account (or sign in) and name your restaurant site.",
  restaurantHowDishes:
    "Add your dishes with a price, a category and a photo; star the popular ones.",
  restaurantHowShare:
    "Set your colors, logo, hours and contact details, then share the link or print it as a QR code.",
  restaurantFeatureCategories:
    "Menu grouped by category, sorted by name, with a jump-to-category menu",
  restaurantFeaturePopular: "Popular badge for starred dishes",
  restaurantFeaturePhotos: "Photos compressed automatically so pages stay light",
  restaurantFeatureHours: "Opening hours for every day of the week",
  /** A feature of the restaurant and the shoppy. */
  featureOwnBranding: "Your own colors, logo and background",
  // The shoppy
  shoppyName: "Shoppy",
  shoppyTagline: "A small storefront with checkout links.",
  shoppyWhat:
    "A storefront for a small shop: products with up to five photos, prices, tags and a Sold Out badge, with PayPal and Venmo checkout links for each item.",
  shoppyWhy:
    "Small sellers need a page that shows what is in stock and lets customers pay, without running a full online store.",
  shoppyHowStart: "Create your free account (or sign in) and name your shoppy site.",
  shoppyHowProducts:
    "Add your products with photos, a price and tags; mark them sold out when they are.",
  shoppyHowShare: "Add your PayPal.me or Venmo username and share the link.",
  shoppyFeatureFilter: "Filter by tags and search",
  shoppyFeaturePhotos: "Up to 5 photos per product, with a swipeable gallery",
  shoppyFeatureCheckout: "PayPal and Venmo checkout links with the price filled in",
  shoppyFeatureStock: "In Stock and Sold Out at a tap",
  // The dealership
  dealershipName: "Dealership",
  dealershipVersion: "v0.2 (beta)",
  dealershipTagline: "A profile page for a car dealer.",
  dealershipWhat:
    "A simple profile for a dealership: name, address with a map link, phone, email, opening hours and your branding.",
  dealershipWhy:
    "Buyers look you up before they visit; a clear page with hours and directions brings them to the lot.",
  dealershipHowStart: "Sign in and create a dealership profile.",
  dealershipHowDetails:
    "Fill in your contact details, hours and colors, and link your logo and a background picture.",
  /** The last step of the dealership's and the e-commerce profile's. */
  howShareTheLink: "Share the link.",
  dealershipFeatureContact: "Contact details and map link",
  /** A feature of the dealership and the e-commerce profile. */
  featureOpeningHours: "Opening hours",
  /** A feature of the dealership and the e-commerce profile. */
  featureBranding: "Your colors, logo and background",
  // The e-commerce profile
  ecommerceName: "E-commerce",
  ecommerceVersion: "v0.1 (alpha)",
  ecommerceTagline: "A profile page for an online store.",
  ecommerceWhat:
    "A profile for an online store: who you are, how to reach you and when you answer.",
  ecommerceWhy: "Customers trust a store they can contact; one page with your details does that.",
  ecommerceHowStart: "Sign in and create an e-commerce profile.",
  ecommerceHowDetails: "Fill in your contact details, hours and branding.",
  ecommerceFeatureContact: "Contact details",
  // What is coming
  comingSoonName: "Coming soon",
  /** Its version, as the grid and its page show it. */
  comingSoonVersion: "Planned",
  comingSoonTagline: "More kinds of sites are on the way.",
  comingSoonWhat: "We are working on more site types for small businesses.",
  comingSoonWhy: "Every business is different; tell us which page would help yours.",
  // The not-found page
  linkMayBeOld: "The link may be old, or the address mistyped.",
});
