/**
 * What the marketing pages say about each product (SPEC sections 1 and 9).
 * Versions and availability are the spec's; prices are not published.
 */
import type { ProductType } from "~/sites/product-types";

export type CatalogId = ProductType | "coming-soon";

export interface CatalogEntry {
  id: CatalogId;
  name: string;
  /** Enabled products link to their page from the landing page's grid. */
  enabled: boolean;
  version: string;
  tagline: string;
  what: string;
  why: string;
  how: string[];
  features: string[];
}

export const CATALOG: readonly CatalogEntry[] = [
  {
    id: "restaurant",
    name: "Restaurant",
    enabled: true,
    version: "v1.0",
    tagline: "Your menu online, readable on any phone.",
    what: "A menu page for your restaurant, café or food truck: dishes grouped by category with prices, photos and descriptions, your opening hours, address and phone.",
    why: "Guests scan a QR code at the table or find you on a map and want the menu now, on a cheap phone with a weak signal. A small, fast page beats a PDF or a photo of the menu board.",
    how: [
      "Create your free account (or sign in) and name your restaurant site.",
      "Add your dishes with a price, a category and a photo; star the popular ones.",
      "Set your colors, logo, hours and contact details, then share the link or print it as a QR code.",
    ],
    features: [
      "Menu grouped by category, sorted by name, with a jump-to-category menu",
      "Popular badge for starred dishes",
      "Photos compressed automatically so pages stay light",
      "Opening hours for every day of the week",
      "Your own colors, logo and background",
    ],
  },
  {
    id: "shoppy",
    name: "Shoppy",
    enabled: true,
    version: "v1.0",
    tagline: "A small storefront with checkout links.",
    what: "A storefront for a small shop: products with up to five photos, prices, tags and a Sold Out badge, with PayPal and Venmo checkout links for each item.",
    why: "Small sellers need a page that shows what is in stock and lets customers pay, without running a full online store.",
    how: [
      "Create your free account (or sign in) and name your shoppy site.",
      "Add your products with photos, a price and tags; mark them sold out when they are.",
      "Add your PayPal.me or Venmo username and share the link.",
    ],
    features: [
      "Filter by tags and search",
      "Up to 5 photos per product, with a swipeable gallery",
      "PayPal and Venmo checkout links with the price filled in",
      "In Stock and Sold Out at a tap",
      "Your own colors, logo and background",
    ],
  },
  {
    id: "dealership",
    name: "Dealership",
    enabled: false,
    version: "v0.2 (beta)",
    tagline: "A profile page for a car dealer.",
    what: "A simple profile for a dealership: name, address with a map link, phone, email, opening hours and your branding.",
    why: "Buyers look you up before they visit; a clear page with hours and directions brings them to the lot.",
    how: [
      "Sign in and create a dealership profile.",
      "Fill in your contact details, hours and colors, and link your logo and a background picture.",
      "Share the link.",
    ],
    features: ["Contact details and map link", "Opening hours", "Your colors, logo and background"],
  },
  {
    id: "ecommerce",
    name: "E-commerce",
    enabled: false,
    version: "v0.1 (alpha)",
    tagline: "A profile page for an online store.",
    what: "A profile for an online store: who you are, how to reach you and when you answer.",
    why: "Customers trust a store they can contact; one page with your details does that.",
    how: [
      "Sign in and create an e-commerce profile.",
      "Fill in your contact details, hours and branding.",
      "Share the link.",
    ],
    features: ["Contact details", "Opening hours", "Your colors, logo and background"],
  },
  {
    id: "coming-soon",
    name: "Coming soon",
    enabled: false,
    version: "Planned",
    tagline: "More kinds of sites are on the way.",
    what: "We are working on more site types for small businesses.",
    why: "Every business is different; tell us which page would help yours.",
    how: [],
    features: [],
  },
];

/** What owners ask for most, shown on the coming-soon page. */
export const MOST_REQUESTED = [
  "Salons and barbers: services, prices and booking requests",
  "Events: a schedule with tickets links",
  "Real estate: listings with photos",
  "Trades and repairs: services and quote requests",
];

/** The plans of SPEC section 9. Prices are not published. */
export const PLANS = [
  {
    name: "Beta",
    summary: "Early access to new site types, such as dealership and e-commerce profiles.",
  },
  {
    name: "Free",
    summary: "Restaurant and shoppy sites, up to 3 per account.",
  },
  {
    name: "Subscription",
    summary: "Planned, for businesses that need more.",
  },
] as const;

export const PRICES_NOT_PUBLISHED = "Prices are not published yet.";

export function catalogEntry(id: unknown): CatalogEntry | null {
  return CATALOG.find((entry) => entry.id === id) ?? null;
}
