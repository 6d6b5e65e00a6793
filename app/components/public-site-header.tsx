import { preload } from "react-dom";
import type { HoursRow } from "~/lib/hours";
import type { PublicOpening } from "~/lib/opening-status";
import { HERO_HEIGHT_PX, LOGO_SIZE_PX } from "~/lib/limits";
import { fill } from "~/lib/i18n/page-language";
import { usePageLanguage } from "~/lib/i18n/page-language-context";
import { mapsLink } from "./public-profile";
import { OpenStatus } from "./open-status";
import { OpeningHours } from "./opening-hours";
import { telHref } from "./public-site";

/**
 * The top of a public restaurant or shop page: the hero with logo and name, then
 * contact and hours. Styled by app/styles/public-site.css in the owner's colors,
 * which the page sets as custom properties (see app/lib/site-theme.ts).
 */
export interface PublicSiteHeaderFacts {
  name: string;
  address: string;
  contact: { phone: string; email: string };
  hours: HoursRow[];
  /** Open now or not, today, special days (app/lib/opening-status.ts). */
  opening: PublicOpening;
  /** Already checked: a path on this site or an http(s) URL. */
  logoUrl: string | null;
  bgUrl: string | null;
  /** The logo at twice its shown size; absent or null when it has no such copy. */
  logoSmallUrl?: string | null;
  /** The hero's light copy for phones; absent or null when it has none. */
  bgPhoneUrl?: string | null;
}

/** The hero picture's intrinsic size, for the aspect ratio before it loads. */
const HERO_WIDTH_PX = 1280;

/**
 * Screens that get the hero's phone copy: about 10 KB instead of up to 24 KB, so that on a
 * weak signal the page's largest picture arrives right after the page. Chosen by the
 * screen's width, not its density: the picture sits under a dark veil and the name, where
 * a few pixels fewer go unseen and a second of waiting does not.
 */
export const PHONE_HERO_MEDIA = "(max-width: 40rem)";
const WIDER_THAN_PHONE_MEDIA = `not all and ${PHONE_HERO_MEDIA}`;

/**
 * The hero, asked for from the page's head: each screen preloads only the copy it shows
 * (React preloads a plain `<img>` by itself, but not one inside a `<picture>`).
 */
function preloadHero(site: PublicSiteHeaderFacts) {
  if (!site.bgUrl) return;
  if (site.bgPhoneUrl) {
    preload(site.bgPhoneUrl, { as: "image", fetchPriority: "high", media: PHONE_HERO_MEDIA });
  }
  preload(site.bgUrl, {
    as: "image",
    fetchPriority: "high",
    ...(site.bgPhoneUrl ? { media: WIDER_THAN_PHONE_MEDIA } : {}),
  });
}

/**
 * The owner's picture (or their secondary color), the logo and the name, and under it
 * whether the business is open now unless the page says so elsewhere (`showStatus`).
 */
export function PublicSiteHero({
  site,
  showStatus = true,
}: {
  site: PublicSiteHeaderFacts;
  showStatus?: boolean;
}) {
  const { words } = usePageLanguage();
  preloadHero(site);
  return (
    <header className={site.bgUrl ? "site-hero has-image" : "site-hero"}>
      {site.bgUrl ? (
        <picture>
          {site.bgPhoneUrl ? <source media={PHONE_HERO_MEDIA} srcSet={site.bgPhoneUrl} /> : null}
          {/* The largest thing on the page: loaded at once, never lazily. */}
          <img
            className="site-hero-image"
            src={site.bgUrl}
            alt=""
            width={HERO_WIDTH_PX}
            height={HERO_HEIGHT_PX}
            fetchPriority="high"
          />
        </picture>
      ) : null}
      <div className="site-container site-hero-content">
        {site.logoUrl ? (
          <img
            className="site-logo"
            // The copy at twice its size serves most phones; the picture as uploaded, sharper
            // screens.
            src={site.logoSmallUrl ?? site.logoUrl}
            // After the hero, the page's largest picture: on a weak signal the logo must not
            // share the line with it (and so React does not preload it either).
            fetchPriority="low"
            srcSet={site.logoSmallUrl ? `${site.logoSmallUrl} 2x, ${site.logoUrl} 3x` : undefined}
            alt={fill(words.logoAlt, { name: site.name })}
            width={LOGO_SIZE_PX}
            height={LOGO_SIZE_PX}
          />
        ) : null}
        <div className="site-hero-title">
          <h1>{site.name}</h1>
          {showStatus ? <OpenStatus status={site.opening.status} /> : null}
        </div>
      </div>
    </header>
  );
}

/** Address (a maps link), phone, email and the week's hours, side by side on wide screens. */
export function PublicSiteFacts({ site }: { site: PublicSiteHeaderFacts }) {
  const { words } = usePageLanguage();
  return (
    <div className="site-facts">
      <section aria-labelledby="contact-title" className="site-contact">
        <h2 id="contact-title">{words.findUs}</h2>
        <ul>
          {site.address ? (
            <li>
              <span className="site-fact-label">{words.address}</span>
              <a href={mapsLink(site.address)}>{site.address}</a>
            </li>
          ) : null}
          {site.contact.phone ? (
            <li>
              <span className="site-fact-label">{words.phone}</span>
              <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
            </li>
          ) : null}
          {site.contact.email ? (
            <li>
              <span className="site-fact-label">{words.email}</span>
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </li>
          ) : null}
        </ul>
      </section>
      <OpeningHours hours={site.hours} opening={site.opening} className="site-hours" />
    </div>
  );
}
