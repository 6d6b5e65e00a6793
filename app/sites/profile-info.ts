/**
 * The Info form of the types whose editor is that form alone (dealership, e-commerce):
 * the shared fields, with the logo and background typed as addresses.
 */
import { siteTypeWords } from "~/lib/i18n/portal/site-types";
import { MESSAGES } from "~/lib/messages";
import type { InfoDefinition } from "./site";

export const PROFILE_ONLY_INFO = {
  nameLabel: siteTypeWords.profileName,
  savedMessage: MESSAGES.infoSaved,
  failedMessage: MESSAGES.failedToSaveInfo,
  uploadsImages: false,
  // A profile page lists no prices, so it has no currency either.
  showsPrices: false,
  ownFields: () => ({}),
} as const satisfies InfoDefinition;
