/**
 * The example sites a visitor can open before registering: real public pages, seeded on
 * the first start (app/server/seed/examples.server.ts) under an owner nobody can sign in
 * as. Their ids are fixed, so their addresses are the same on every installation.
 */
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { publicPath, slugify } from "./slug";
import type { ProductType } from "~/sites";

/**
 * No account row holds a password for it, so no sign-in can succeed as this owner, and
 * no password-reset mail is sent for it (its address is in a reserved, undeliverable domain).
 */
export const EXAMPLES_OWNER = {
  id: "example-sites",
  name: "Example sites",
  email: "example-sites@example.invalid",
} as const;

export interface ExampleSite {
  type: Extract<ProductType, "restaurant" | "shoppy" | "dealership">;
  productId: string;
  name: string;
  /** What the landing page says it shows. */
  summary: string;
  /** What a visitor finds on it. */
  highlights: string;
  /** Its screenshots, made by `npm run screenshots` (scripts/screenshots.ts). */
  screenshot: string;
}

export const EXAMPLE_SITES: readonly ExampleSite[] = Object.freeze([
  {
    type: "restaurant",
    productId: "examplemenu",
    name: "Rosa's Trattoria",
    summary: marketingWords.exampleRestaurantSummary,
    highlights: marketingWords.exampleRestaurantHighlights,
    screenshot: "restaurant",
  },
  {
    type: "shoppy",
    productId: "exampleshop",
    name: "Harbor & Pine",
    summary: marketingWords.exampleShopSummary,
    highlights: marketingWords.exampleShopHighlights,
    screenshot: "shop",
  },
  {
    type: "dealership",
    productId: "exampledealer",
    name: "Summit Motors",
    summary: marketingWords.exampleDealershipSummary,
    highlights: marketingWords.exampleDealershipHighlights,
    screenshot: "dealership",
  },
]);

/** The example's public address: its name's slug and its fixed id. */
export function examplePath(example: ExampleSite): string {
  return publicPath(example.type, slugify(example.name), example.productId);
}
