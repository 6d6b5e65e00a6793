import { siteOf, type ProductType } from "~/sites";

/**
 * SPEC section 3: "the name in lower case, characters other than letters, digits, spaces
 * and hyphens removed, spaces turned into hyphens".
 *
 * The rule is kept literal so slugs match those of existing sites:
 * - "letters" and "digits" mean ASCII a-z and 0-9 after lower-casing, so accented and
 *   non-Latin letters are dropped ("Café" -> "caf", "東京" -> "");
 * - "spaces" means U+0020 only; tabs, newlines and other Unicode spaces are removed like
 *   any other character;
 * - each space becomes one hyphen (no collapsing), after trimming the ends of the name.
 * The result may be empty or start/end with a hyphen; publicPath and parseSlugId cope.
 */
export function slugify(name: string): string {
  if (typeof name !== "string") return "";
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 -]+/g, "")
    .replace(/ /g, "-");
}

/**
 * Public path of a site: /{r|s|d|e}/{slug}-{productId} (SPEC section 3).
 * With an empty slug the path is /{letter}/{productId}; parseSlugId reads both forms.
 * Product ids never contain hyphens (the id is the text after the last one).
 */
export function publicPath(type: ProductType, slug: string, productId: string): string {
  const prefix = siteOf(type).publicPrefix;
  const id = encodeURIComponent(productId);
  return slug ? `/${prefix}/${encodeURIComponent(slug)}-${id}` : `/${prefix}/${id}`;
}

/** SPEC section 2: the product id is the text after the last hyphen of slugId. */
export function parseSlugId(slugId: string): { slug: string; id: string } {
  if (typeof slugId !== "string") return { slug: "", id: "" };
  const lastHyphen = slugId.lastIndexOf("-");
  if (lastHyphen === -1) return { slug: "", id: slugId };
  return { slug: slugId.slice(0, lastHyphen), id: slugId.slice(lastHyphen + 1) };
}
