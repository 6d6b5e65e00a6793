import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Site Builder";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

/** The public origin, from the root loader (PUBLIC_URL). */
function publicUrlFrom(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { publicUrl?: string } | undefined;
  return data?.publicUrl ?? "";
}

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(
  args: MetaArgsLike,
  page: {
    title: string;
    description: string;
    noIndex?: boolean;
    /** A business's own page is titled with its name alone. */
    standalone?: boolean;
    /** An absolute http(s) image for link previews. */
    image?: string;
    /** The page's canonical address when it is not the portal's (a site on its own domain). */
    url?: string;
    /**
     * A public page's language (`tag`) and its site's languages, the main one first: each
     * version's address for search engines (`hreflang`, the main one as `x-default`) and
     * link previews (`og:locale`).
     */
    languages?: { tag: string; links: ReadonlyArray<{ tag: string; url: string }> };
  },
): MetaDescriptor[] {
  const url = page.url ?? `${publicUrlFrom(args.matches)}${args.location.pathname}`;
  const title =
    page.standalone || page.title === SITE_NAME ? page.title : `${page.title} · ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    // With a picture, link previews show it large; without, a compact card.
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    ...(page.image ? [{ property: "og:image", content: page.image }] : []),
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
    ...(page.languages ? languageMeta(page.languages) : []),
  ];
}

/** Open Graph writes a locale with an underscore ("zh_Hans"). */
const ogLocale = (tag: string) => tag.replace(/-/g, "_");

function languageMeta({ tag, links }: NonNullable<Parameters<typeof pageMeta>[1]["languages"]>) {
  const meta: MetaDescriptor[] = [{ property: "og:locale", content: ogLocale(tag) }];
  if (links.length < 2) return meta;
  for (const link of links) {
    if (link.tag !== tag)
      meta.push({ property: "og:locale:alternate", content: ogLocale(link.tag) });
  }
  for (const link of links) {
    meta.push({ tagName: "link", rel: "alternate", hrefLang: link.tag, href: link.url });
  }
  meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: links[0]!.url });
  return meta;
}
