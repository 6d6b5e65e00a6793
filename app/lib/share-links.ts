/**
 * Where an owner's link can be shared in one tap: plain links to each network's own
 * share page (no scripts of theirs on ours), and a mail with the link in it.
 */
export interface ShareLink {
  /** The network's name, for the button and its accessible label. */
  name: "WhatsApp" | "Facebook" | "X" | "Email";
  href: string;
}

export function shareLinks(siteName: string, url: string): ShareLink[] {
  const text = `${siteName}: ${url}`;
  const encode = encodeURIComponent;
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${encode(text)}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}` },
    { name: "X", href: `https://x.com/intent/post?text=${encode(siteName)}&url=${encode(url)}` },
    { name: "Email", href: `mailto:?subject=${encode(siteName)}&body=${encode(text)}` },
  ];
}

/** The address as people read it on paper: no scheme, no trailing slash. */
export function printedAddress(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
