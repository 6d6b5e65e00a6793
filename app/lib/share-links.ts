/**
 * Where an owner's link can be shared in one tap: plain links to each network's own
 * share page (no scripts of theirs on ours), and a mail with the link in it.
 */
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";

export interface ShareLink {
  /** Which network: the button's class (`share-whatsapp`) and key. */
  name: "WhatsApp" | "Facebook" | "X" | "Email";
  /** The network's name as the button and its accessible label say it. */
  label: string;
  href: string;
}

export function shareLinks(siteName: string, url: string): ShareLink[] {
  const text = fill(siteAdminWords.sharedText, { name: siteName, url });
  const encode = encodeURIComponent;
  return [
    { name: "WhatsApp", label: "WhatsApp", href: `https://wa.me/?text=${encode(text)}` },
    {
      name: "Facebook",
      label: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}`,
    },
    {
      name: "X",
      label: "X",
      href: `https://x.com/intent/post?text=${encode(siteName)}&url=${encode(url)}`,
    },
    {
      name: "Email",
      label: siteAdminWords.shareByEmail,
      href: `mailto:?subject=${encode(siteName)}&body=${encode(text)}`,
    },
  ];
}

/** The address as people read it on paper: no scheme, no trailing slash. */
export function printedAddress(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
