/** A dealership: one profile page with contact details, hours and images (SPEC sections 1–5). */
import { MESSAGES } from "~/lib/messages";
import { PROFILE_ONLY_INFO } from "../profile-info";
import type { SiteDefinition } from "../site";

export const dealershipSite = {
  type: "dealership",
  label: "Dealership",
  description: "A profile with contact details and opening hours.",
  publicPrefix: "d",
  storageCollection: "dealerships",
  notFoundMessage: MESSAGES.dealershipNotFound,
  scanPrompt: "Scan to see our cars",
  info: PROFILE_ONLY_INFO,
  items: null,
} as const satisfies SiteDefinition<"dealership">;
