/**
 * The Getting started checklist of a site on Your Products: what a new owner does to turn
 * a fresh site into a page worth sharing, and where in the editor each step is done.
 */
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";
import { siteOf, type ProductType } from "~/sites";
import { normalizeHours, timeToMinutes } from "./hours";

/** Items a menu or shop should have before it is worth sharing. */
export const STARTER_ITEM_COUNT = 5;

export interface SetupFacts {
  type: ProductType;
  logoUrl: string;
  bgUrl: string;
  hours: unknown;
  itemCount: number;
  shared: boolean;
}

export interface SetupStep {
  id: "created" | "picture" | "hours" | "items" | "shared";
  label: string;
  done: boolean;
  /** The editor tab where the step is done (`?tab=`), or null for the share step. */
  tab: "info" | "add" | null;
}

/** Whether any day has opening hours: a site that gave none shows none. */
export function hasOpeningHours(hours: unknown): boolean {
  return normalizeHours(hours).some((row) => timeToMinutes(row.open) !== null);
}

export function setupChecklist(facts: SetupFacts): SetupStep[] {
  const { items } = siteOf(facts.type);
  const steps: SetupStep[] = [
    { id: "created", label: siteAdminWords.stepCreated, done: true, tab: null },
    {
      id: "picture",
      label: siteAdminWords.stepPicture,
      done: facts.logoUrl !== "" || facts.bgUrl !== "",
      tab: "info",
    },
    {
      id: "hours",
      label: siteAdminWords.stepHours,
      done: hasOpeningHours(facts.hours),
      tab: "info",
    },
  ];
  if (items) {
    steps.push({
      id: "items",
      label: fill(siteAdminWords.stepItems, { count: STARTER_ITEM_COUNT, items: items.itemsNoun }),
      done: facts.itemCount >= STARTER_ITEM_COUNT,
      tab: "add",
    });
  }
  steps.push({ id: "shared", label: siteAdminWords.stepShared, done: facts.shared, tab: null });
  return steps;
}
