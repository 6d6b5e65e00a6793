/** An e-commerce store: one profile page with contact details, hours and images (SPEC 1–5). */
import { MESSAGES } from "~/lib/messages";
import { profileInfoSchema } from "~/lib/profile-info";
import type { SiteDefinition } from "../site";

export const ecommerceSite = {
  type: "ecommerce",
  label: "E-commerce",
  description: "A store profile with contact details and opening hours.",
  publicPrefix: "e",
  storageCollection: "ecommerce",
  notFoundMessage: MESSAGES.storeNotFound,
  info: {
    nameLabel: "Name",
    savedMessage: MESSAGES.infoSaved,
    failedMessage: MESSAGES.failedToSaveInfo,
    uploadsImages: false,
    schema: profileInfoSchema,
    ownFields: () => ({}),
  },
  items: null,
} as const satisfies SiteDefinition<"ecommerce">;
