/** An e-commerce store: one profile page with contact details, hours and images (SPEC 1–5). */
import { MESSAGES } from "~/lib/messages";
import { PROFILE_ONLY_INFO } from "../profile-info";
import type { SiteDefinition } from "../site";

export const ecommerceSite = {
  type: "ecommerce",
  label: "E-commerce",
  description: "A store profile with contact details and opening hours.",
  publicPrefix: "e",
  storageCollection: "ecommerce",
  notFoundMessage: MESSAGES.storeNotFound,
  scanPrompt: "Scan to visit our store",
  info: PROFILE_ONLY_INFO,
  items: null,
} as const satisfies SiteDefinition<"ecommerce">;
