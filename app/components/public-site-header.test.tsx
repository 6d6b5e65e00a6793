import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defaultHours } from "~/lib/hours";
import { PHONE_HERO_MEDIA, PublicSiteHero, type PublicSiteHeaderFacts } from "./public-site-header";

const site: PublicSiteHeaderFacts = {
  name: "Rosa's",
  address: "",
  contact: { phone: "", email: "" },
  hours: defaultHours(),
  opening: { status: null, today: null, upcomingSpecial: [], keepsHours: true },
  logoUrl: "/files/restaurants/p1/info/logo?v=a",
  bgUrl: "/files/restaurants/p1/info/background?v=b",
};
const copies = {
  logoSmallUrl: "/files/restaurants/p1/info/logo-240?v=a",
  bgPhoneUrl: "/files/restaurants/p1/info/background-phone?v=b",
};

/** The hero in a whole document, as pages are rendered: React puts its preloads in the head. */
function page(facts: PublicSiteHeaderFacts) {
  return renderToString(
    <html lang="en">
      <head />
      <body>
        <PublicSiteHero site={facts} />
      </body>
    </html>,
  );
}

function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map(([tag]) => tag);
}

/** Each image preload's address (or srcset) and the screens it is for. */
function imagePreloads(html: string) {
  return tags(html, "link")
    .filter((tag) => tag.includes('rel="preload"') && tag.includes('as="image"'))
    .map((tag) => ({
      href: /(?:href|imageSrcSet)="([^"]+)"/.exec(tag)![1]!,
      media: /media="([^"]+)"/.exec(tag)?.[1] ?? null,
    }));
}

describe("PublicSiteHero", () => {
  it("offers phones the hero's light copy and every screen only the copy it shows", () => {
    const html = page({ ...site, ...copies });
    expect(tags(html, "source")).toEqual([
      `<source media="${PHONE_HERO_MEDIA}" srcSet="${copies.bgPhoneUrl}"/>`,
    ]);
    const [hero, logo] = tags(html, "img");
    expect(hero).toContain(`src="${site.bgUrl}"`);
    expect(hero).toContain('fetchPriority="high"');
    expect(logo).toContain(`src="${copies.logoSmallUrl}"`);
    expect(logo).toContain(`srcSet="${copies.logoSmallUrl} 2x, ${site.logoUrl} 3x"`);
    // The head asks for the hero before the body is read: the phone copy on phones, the
    // picture as uploaded elsewhere, never both on one screen. The logo comes after it.
    expect(imagePreloads(html)).toEqual([
      { href: copies.bgPhoneUrl, media: PHONE_HERO_MEDIA },
      { href: site.bgUrl, media: `not all and ${PHONE_HERO_MEDIA}` },
    ]);
    expect(logo).toContain('fetchPriority="low"');
  });

  it("shows the pictures as they are when they have no copies", () => {
    const html = page(site);
    expect(tags(html, "source")).toEqual([]);
    const [hero, logo] = tags(html, "img");
    expect(hero).toContain(`src="${site.bgUrl}"`);
    expect(logo).toContain(`src="${site.logoUrl}"`);
    expect(logo).not.toContain("srcSet");
    expect(imagePreloads(html)).toEqual([{ href: site.bgUrl, media: null }]);
  });

  it("has no picture, source or preload without a background", () => {
    const html = page({ ...site, bgUrl: null, bgPhoneUrl: null });
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("site-hero-image");
    expect(imagePreloads(html)).toEqual([]);
  });
});
