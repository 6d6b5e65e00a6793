/** A dealership: one profile page with contact details, hours and images (SPEC sections 1–5). */
import { MESSAGES } from "~/lib/messages";
import { profileInfoSchema } from "~/lib/profile-info";
import type { SiteDefinition } from "../site";

export const dealershipSite = {
  type: "dealership",
  label: "Dealership",
  description: "A profile with contact details and opening hours.",
  publicPrefix: "d",
  storageCollection: "dealerships",
  notFoundMessage: MESSAGES.dealershipNotFound,
  info: {
    nameLabel: "Name",
    savedMessage: MESSAGES.infoSaved,
    failedMessage: MESSAGES.failedToSaveInfo,
    uploadsImages: false,
    schema: profileInfoSchema,
    ownFields: () => ({}),
  },
  items: null,
} as const satisfies SiteDefinition<"dealership">;
