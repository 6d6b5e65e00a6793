import { siteOf, type ProductType } from "~/sites";

/** Letters that do not decompose under NFKD, spelled as ASCII the way they are usually written. */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  œ: "oe",
  Œ: "oe",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
};
const LATIN_LETTER_PATTERN = new RegExp(`[${Object.keys(LATIN_LETTERS).join("")}]`, "g");
/** White space beyond ASCII that NFKD leaves as it is (most becomes U+0020). */
const OTHER_WHITE_SPACE = /\s/;
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * SPEC section 3: "the name in lower case, characters other than letters, digits, spaces
 * and hyphens removed, spaces turned into hyphens", with accents transliterated and hyphens
 * collapsed (a settled deviation: the literal rule made "Café Rosé" `caf-ros` and
 * "Harbor & Pine" `harbor--pine`):
 * - accented letters lose their accents (NFKD, combining marks removed: "Crème" -> "creme"),
 *   and the Latin letters that do not decompose are spelled out (ß -> ss, æ -> ae, ø -> o,
 *   œ -> oe, ł -> l, đ -> d, þ -> th);
 * - "letters" and "digits" then mean ASCII a-z and 0-9, so other scripts are dropped
 *   ("東京" -> ""): the result may be empty, which publicPath and parseSlugId cope with;
 * - any run of spaces (any white space) and hyphens becomes one hyphen, and none is left
 *   at either end ("  A -- B " -> "a-b").
 * Item slugs follow the same rule. An address made under the old rule still reaches the
 * site: its slug no longer matches, and the public page answers 301 to the current one.
 */
export function slugify(name: string): string {
  if (typeof name !== "string") return "";
  const plain = (
    NON_ASCII.test(name)
      ? // Accents become combining marks, which the loop below drops like any other character.
        name
          .normalize("NFKD")
          .replace(LATIN_LETTER_PATTERN, (letter) => LATIN_LETTERS[letter] ?? "")
      : name
  ).toLowerCase();
  // One pass into a buffer rather than a chain of replaces: names are short, but a form
  // may send a megabyte, and a million small string appends cost a hundred times more.
  const out = new Uint16Array(plain.length);
  let length = 0;
  let gap = false;
  for (let i = 0; i < plain.length; i++) {
    const code = plain.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (gap && length > 0) out[length++] = 45; // "-"
      gap = false;
      out[length++] = code;
    } else if (code === 45 || code === 32 || (code >= 9 && code <= 13)) {
      gap = true; // a hyphen, or ASCII white space
    } else if (code > 127 && OTHER_WHITE_SPACE.test(plain[i]!)) {
      gap = true;
    }
  }
  let slug = "";
  for (let start = 0; start < length; start += 8192) {
    const chunk = out.subarray(start, Math.min(length, start + 8192));
    // apply takes the typed array as it is; spreading it would iterate it first.
    slug += String.fromCharCode.apply(null, chunk as unknown as number[]);
  }
  return slug;
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
