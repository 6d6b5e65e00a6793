/**
 * The printed sheets an owner can make of a site: a table card and a poster, each one
 * page of a known paper size with the site's name, logo, colours and QR code.
 */
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";

export const PRINTABLE_FORMATS = ["table-card", "poster-a4", "poster-letter"] as const;
export type PrintableFormat = (typeof PRINTABLE_FORMATS)[number];

export interface Printable {
  format: PrintableFormat;
  title: string;
  description: string;
  /** The paper, as CSS `@page` names it (see app/routes/print/printable.css). */
  paper: "A6" | "A4" | "letter";
}

export const PRINTABLES: readonly Printable[] = [
  {
    format: "table-card",
    title: siteAdminWords.tableCardTitle,
    description: siteAdminWords.tableCardDescription,
    paper: "A6",
  },
  {
    format: "poster-a4",
    title: siteAdminWords.posterA4Title,
    description: siteAdminWords.posterA4Description,
    paper: "A4",
  },
  {
    format: "poster-letter",
    title: siteAdminWords.posterLetterTitle,
    description: siteAdminWords.posterLetterDescription,
    paper: "letter",
  },
];

export function printableOf(format: unknown): Printable | null {
  return PRINTABLES.find((printable) => printable.format === format) ?? null;
}
