/**
 * What the marketing pages say about each product (SPEC sections 1 and 9), in the words of
 * the marketing catalogue. Versions and availability are the spec's; prices are not published.
 */
import { marketingWords } from "~/lib/i18n/portal/marketing";
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
    name: marketingWords.restaurantName,
    enabled: true,
    version: "v1.0",
    tagline: marketingWords.restaurantTagline,
    what: marketingWords.restaurantWhat,
    why: marketingWords.restaurantWhy,
    how: [
      marketingWords.restaurantHowStart,
      marketingWords.restaurantHowDishes,
      marketingWords.restaurantHowShare,
    ],
    features: [
      marketingWords.restaurantFeatureCategories,
      marketingWords.restaurantFeaturePopular,
      marketingWords.restaurantFeaturePhotos,
      marketingWords.restaurantFeatureHours,
      marketingWords.featureOwnBranding,
    ],
  },
  {
    id: "shoppy",
    name: marketingWords.shoppyName,
    enabled: true,
    version: "v1.0",
    tagline: marketingWords.shoppyTagline,
    what: marketingWords.shoppyWhat,
    why: marketingWords.shoppyWhy,
    how: [
      marketingWords.shoppyHowStart,
      marketingWords.shoppyHowProducts,
      marketingWords.shoppyHowShare,
    ],
    features: [
      marketingWords.shoppyFeatureFilter,
      marketingWords.shoppyFeaturePhotos,
      marketingWords.shoppyFeatureCheckout,
      marketingWords.shoppyFeatureStock,
      marketingWords.featureOwnBranding,
    ],
  },
  {
    id: "dealership",
    name: marketingWords.dealershipName,
    enabled: false,
    version: marketingWords.dealershipVersion,
    tagline: marketingWords.dealershipTagline,
    what: marketingWords.dealershipWhat,
    why: marketingWords.dealershipWhy,
    how: [
      marketingWords.dealershipHowStart,
      marketingWords.dealershipHowDetails,
      marketingWords.howShareTheLink,
    ],
    features: [
      marketingWords.dealershipFeatureContact,
      marketingWords.featureOpeningHours,
      marketingWords.featureBranding,
    ],
  },
  {
    id: "ecommerce",
    name: marketingWords.ecommerceName,
    enabled: false,
    version: marketingWords.ecommerceVersion,
    tagline: marketingWords.ecommerceTagline,
    what: marketingWords.ecommerceWhat,
    why: marketingWords.ecommerceWhy,
    how: [
      marketingWords.ecommerceHowStart,
      marketingWords.ecommerceHowDetails,
      marketingWords.howShareTheLink,
    ],
    features: [
      marketingWords.ecommerceFeatureContact,
      marketingWords.featureOpeningHours,
      marketingWords.featureBranding,
    ],
  },
  {
    id: "coming-soon",
    name: marketingWords.comingSoonName,
    enabled: false,
    version: marketingWords.comingSoonVersion,
    tagline: marketingWords.comingSoonTagline,
    what: marketingWords.comingSoonWhat,
    why: marketingWords.comingSoonWhy,
    how: [],
    features: [],
  },
];

/** What owners ask for most, shown on the coming-soon page. */
export const MOST_REQUESTED = [
  marketingWords.requestedSalons,
  marketingWords.requestedEvents,
  marketingWords.requestedRealEstate,
  marketingWords.requestedTrades,
];

/** The plans of SPEC section 9. Prices are not published. */
export const PLANS = [
  { name: marketingWords.planBeta, summary: marketingWords.planBetaSummary },
  { name: marketingWords.planFree, summary: marketingWords.planFreeSummary },
  { name: marketingWords.planSubscription, summary: marketingWords.planSubscriptionSummary },
] as const;

export function catalogEntry(id: unknown): CatalogEntry | null {
  return CATALOG.find((entry) => entry.id === id) ?? null;
}
