/**
 * What a shop keeps beyond the shared info: its tags and its payment handles. Its Info form's
 * zod schema is in ./shop-info-schema.ts.
 */

/** What a shop stores beyond the shared info. */
export interface ShopExtras {
  tags: string[];
  paypalUsername: string;
  venmoUsername: string;
}

/** The shop's own fields of a checked form or a stored row. */
export function shopExtrasOf(input: Readonly<Record<string, unknown>>): ShopExtras {
  return {
    tags: Array.isArray(input.tags) ? input.tags.filter((tag) => typeof tag === "string") : [],
    paypalUsername: typeof input.paypalUsername === "string" ? input.paypalUsername : "",
    venmoUsername: typeof input.venmoUsername === "string" ? input.venmoUsername : "",
  };
}
