/**
 * Image URLs on public pages. Uploaded images are stored as this site's own
 * paths (`/files/…?v=…`); URLs an owner typed are absolute http(s). Anything
 * else (`javascript:`, `data:`, `//other.host`) is never shown.
 */
import { safeHttpUrl } from "./profile-info";

const MAX_URL_LENGTH = 2048;
// A path on this site: one leading slash (not "//" or "/\", which browsers read as
// another host), no spaces or backslashes.
const OWN_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** What an `<img src>` may hold: a path on this site or an absolute http(s) URL; else null. */
export function publicImageSrc(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return null;
  if (OWN_PATH.test(trimmed)) return trimmed;
  return safeHttpUrl(trimmed);
}

/**
 * The absolute http(s) URL of an image, for JSON-LD and link previews, which other
 * sites read: a path on this site is joined to the public origin (PUBLIC_URL).
 */
export function absoluteImageUrl(value: unknown, publicUrl: string): string | null {
  const src = publicImageSrc(value);
  if (src === null || !src.startsWith("/")) return src;
  return safeHttpUrl(`${publicUrl.replace(/\/+$/, "")}${src}`);
}
