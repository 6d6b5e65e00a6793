/**
 * The portal's icon, as the page links it: written into the page as a `data:` address, so
 * that a phone meeting a page for the first time opens no connection for it. Browsers ask
 * for the icon while the page is loading, and on a weak signal that request would share the
 * line with the page's hero picture. public/favicon.svg is the same picture as a file, for
 * whatever asks for it by its address (a test keeps the two alike).
 */
export const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
  "<rect width='32' height='32' rx='7' fill='#1d4ed8'/>" +
  "<path d='M9 22V10h8a4 4 0 0 1 0 8h-8' fill='none' stroke='#fff' stroke-width='3' stroke-linejoin='round'/>" +
  "</svg>";

/**
 * Only what a URL may not hold as it is (spaces, `<`, `>`, `#`, `%`), and the quotes, which the
 * page would otherwise write as `&#x27;`: so the page carries the picture almost as written.
 */
export const FAVICON_URL = `data:image/svg+xml,${FAVICON_SVG.replace(
  /[ <>#%']/g,
  (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
)}`;
