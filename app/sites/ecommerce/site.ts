/** An e-commerce store: one profile page with contact details, hours and images (SPEC 1–5). */
import { siteTypeWords } from "~/lib/i18n/portal/site-types";
import { PROFILE_ONLY_INFO } from "../profile-info";
import type { SiteDefinition } from "../site";

export const ecommerceSite = {
  type: "ecommerce",
  label: siteTypeWords.ecommerce,
  description: siteTypeWords.ecommerceDescription,
  publicPrefix: "e",
  storageCollection: "ecommerce",
  notFoundIn: (words) => ({ message: words.storeNotFound, detail: words.linkMayBeIncorrect }),
  scanPrompt: (words) => words.scanToVisitStore,
  info: PROFILE_ONLY_INFO,
  items: null,
} as const satisfies SiteDefinition<"ecommerce">;
