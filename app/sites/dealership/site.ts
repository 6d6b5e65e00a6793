/** A dealership: one profile page with contact details, hours and images (SPEC sections 1–5). */
import { siteTypeWords } from "~/lib/i18n/portal/site-types";
import { PROFILE_ONLY_INFO } from "../profile-info";
import type { SiteDefinition } from "../site";

export const dealershipSite = {
  type: "dealership",
  label: siteTypeWords.dealership,
  description: siteTypeWords.dealershipDescription,
  publicPrefix: "d",
  storageCollection: "dealerships",
  notFoundIn: (words) => ({ message: words.dealershipNotFound, detail: words.linkMayBeIncorrect }),
  scanPrompt: (words) => words.scanToSeeCars,
  info: PROFILE_ONLY_INFO,
  items: null,
} as const satisfies SiteDefinition<"dealership">;
