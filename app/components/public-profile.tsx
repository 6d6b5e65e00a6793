import type { HoursRow } from "~/lib/hours";
import { HERO_HEIGHT_PX, LOGO_SIZE_PX } from "~/lib/limits";
import { safeHttpUrl } from "~/lib/profile-info";
import { pageMeta } from "~/lib/seo";
import { siteThemeAttributes } from "~/lib/site-theme";
import { jsonLdMarkup } from "~/lib/structured-data";
import type { PublicOpening } from "~/lib/opening-status";
import { useMarkupHtml } from "./markup-html";
import { OpenStatus } from "./open-status";
import { OpeningHours } from "./opening-hours";
import { publicSiteDescription } from "./public-site";
import { ENGLISH, fill, type PageLanguage } from "~/lib/i18n/page-language";
import { siteLanguage } from "~/lib/i18n/languages";
import { SiteLanguages, type SiteLanguageLinkView } from "./site-languages";
import { PageLanguageProvider, usePageLanguage } from "~/lib/i18n/page-language-context";

export interface PublicProfile {
  name: string;
  address: string;
  contact: { phone: string; email: string };
  hours: HoursRow[];
  /** Open now or not, today, special days (app/lib/opening-status.ts). */
  opening: PublicOpening;
  colors: { primary: string; secondary: string; text: string };
  fontStyle: string;
  logoUrl: string;
  bgUrl: string;
  /** The absolute canonical address: the portal's, or the site's own domain. */
  canonicalUrl: string;
}

export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * A dealership's or store's public profile: hero, logo, contact, address and
 * hours, in the owner's colors and font. Plain HTML: it needs no JavaScript.
 */
export function PublicProfilePage({
  site,
  jsonLd,
  page = ENGLISH,
  languageLinks,
}: {
  site: PublicProfile;
  jsonLd: unknown;
  /** The site's language; English when left out. */
  page?: PageLanguage;
  /** The site's languages, when it has more than one. */
  languageLinks?: readonly SiteLanguageLinkView[];
}) {
  return (
    <PageLanguageProvider value={page}>
      <ProfileContent site={site} jsonLd={jsonLd} languageLinks={languageLinks} />
    </PageLanguageProvider>
  );
}

function ProfileContent({
  site,
  jsonLd,
  languageLinks,
}: {
  site: PublicProfile;
  jsonLd: unknown;
  languageLinks?: readonly SiteLanguageLinkView[];
}) {
  const { words } = usePageLanguage();
  const background = safeHttpUrl(site.bgUrl);
  const logo = safeHttpUrl(site.logoUrl);
  const jsonLdHtml = useMarkupHtml(jsonLdMarkup(jsonLd));
  return (
    <div className="public-profile" {...siteThemeAttributes(site.colors, site.fontStyle)}>
      <script type="application/ld+json" dangerouslySetInnerHTML={jsonLdHtml} />
      <header className="profile-hero" style={{ height: HERO_HEIGHT_PX }}>
        {background ? (
          <img
            className="profile-hero-image"
            src={background}
            alt=""
            width={1200}
            height={HERO_HEIGHT_PX}
          />
        ) : null}
      </header>
      <main className="container profile-body">
        {logo ? (
          <img
            className="profile-logo"
            src={logo}
            alt={fill(words.logoAlt, { name: site.name })}
            width={LOGO_SIZE_PX}
            height={LOGO_SIZE_PX}
          />
        ) : null}
        <h1>{site.name}</h1>
        <OpenStatus status={site.opening.status} className="profile-status" />
        <SiteLanguages links={languageLinks} />
        <section aria-label={words.contact} className="profile-contact">
          {site.address ? (
            <p>
              <a href={mapsLink(site.address)}>{site.address}</a>
            </p>
          ) : null}
          {site.contact.phone ? (
            <p>
              <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, "")}`}>{site.contact.phone}</a>
            </p>
          ) : null}
          {site.contact.email ? (
            <p>
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </p>
          ) : null}
        </section>
        <OpeningHours hours={site.hours} opening={site.opening} className="profile-hours" />
      </main>
    </div>
  );
}

/** Meta of a public profile page: the business's own title, its description and picture. */
export function publicProfileMeta(
  args: Parameters<typeof pageMeta>[0] & {
    data:
      | {
          site: PublicProfile;
          language: string;
          languageLinks: ReadonlyArray<{ tag: string; url: string }>;
        }
      | undefined;
  },
  notFoundMessage: string,
) {
  const site = args.data?.site;
  const data = args.data;
  return pageMeta(args, {
    title: site ? site.name : notFoundMessage,
    description: site ? publicSiteDescription(site) : notFoundMessage,
    standalone: true,
    noIndex: !site,
    image: site ? (safeHttpUrl(site.bgUrl) ?? safeHttpUrl(site.logoUrl) ?? undefined) : undefined,
    url: site?.canonicalUrl,
    languages: data
      ? { tag: siteLanguage(data.language).tag, links: data.languageLinks }
      : undefined,
  });
}
