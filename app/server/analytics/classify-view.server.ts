/**
 * What one view of a public page counts as: where the visitor came from (the site's QR
 * code, a social network, a search engine, or anything else) and on what kind of device,
 * or nothing at all when a bot asks. Judged from the request at the moment of the view and
 * then forgotten: neither the user agent nor the referrer is kept.
 *
 * This runs on every view, cache hits included, so it stays cheap: no URL is parsed, and
 * the answers for a user agent and a referring origin are remembered in memory, a bounded
 * few (a dining room full of phones sends the same few user agents over and over).
 */
import Bowser from "bowser";
import { isbot } from "isbot";

import type { ViewDevice, ViewSource } from "~/lib/page-views";
import { RecentTexts } from "./recent-texts.server";

export interface CountedView {
  source: ViewSource;
  device: ViewDevice;
}

export interface ViewRequest {
  /** The request target as the client sent it: path and query (Express's `originalUrl`). */
  target: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** `Sec-Fetch-Dest`: `iframe` when the page loads inside another page. */
  fetchDest?: string | undefined;
  /** `Sec-Fetch-Site`: `same-origin` when that other page is the portal's own. */
  fetchSite?: string | undefined;
  /** `Sec-Purpose` (or the older `Purpose`): `prefetch` when a browser fetches ahead. */
  purpose?: string | undefined;
}

/**
 * The view to count, or null for what is no visitor's view: a bot (or a client that names no
 * user agent), a page fetched ahead in case someone opens it, and a page framed by the
 * portal itself, which is an owner looking at their own site in the editor's live preview.
 * (A page framed by the owner's own website, elsewhere, is a visitor's view.)
 */
export function classifyView(request: ViewRequest): CountedView | null {
  const framed = request.fetchDest === "iframe" || request.fetchDest === "frame";
  if (framed && request.fetchSite === "same-origin") return null;
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return null;
  const device = visitorDevice(request.userAgent);
  if (device === null) return null;
  return { source: viewSource(request.target, request.referer), device };
}

/**
 * The QR codes the portal makes carry `?src=qr`. Read from the request's own query: the
 * page cache's key leaves that parameter out.
 */
const FROM_QR_CODE = /\?(?:[^#]*&)?src=qr(?:[&#]|$)/i;

export function viewSource(target: string, referer: string | undefined): ViewSource {
  if (FROM_QR_CODE.test(target)) return "qr";
  if (!referer) return "direct";
  const known = sourceByOrigin.get(referer);
  if (known !== undefined) return known;
  const match = REFERRER_HOST.exec(referer);
  if (!match) return "direct";
  const host = match[1]!.toLowerCase();
  const source = judgeHost(host.endsWith(".") ? host.slice(0, -1) : host);
  // Only an origin, as browsers send by default ("https://www.google.com/"), is remembered: a
  // page's full address may tell more about the visitor than where they came from.
  const isOrigin = referer.length <= match[0].length + 1;
  if (isOrigin && referer.length <= LONGEST_REMEMBERED_ORIGIN) sourceByOrigin.set(referer, source);
  return source;
}

/** The host of an absolute URL, without a port (`android-app://com.whatsapp/` included). */
const REFERRER_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i;

/** Social networks and messengers; each with its subdomains (www., m., l., lm., …). */
const SOCIAL_DOMAINS = [
  "facebook.com",
  "fb.me",
  "messenger.com",
  "instagram.com",
  "t.co",
  "x.com",
  "twitter.com",
  "linkedin.com",
  "lnkd.in",
  "reddit.com",
  "tiktok.com",
  "youtube.com",
  "youtu.be",
  "whatsapp.com",
  "wa.me",
  "threads.net",
  "snapchat.com",
  "telegram.org",
  "t.me",
  // Their Android apps, which refer as android-app://{package}/.
  "com.facebook.katana",
  "com.facebook.orca",
  "com.instagram.android",
  "com.twitter.android",
  "com.linkedin.android",
  "com.reddit.frontpage",
  "com.zhiliaoapp.musically",
  "com.google.android.youtube",
  "com.whatsapp",
  "org.telegram.messenger",
  "com.snapchat.android",
];

/** Search engines; each with its subdomains. */
const SEARCH_DOMAINS = [
  "bing.com",
  "duckduckgo.com",
  "search.yahoo.com",
  "baidu.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "qwant.com",
  // The Google app on Android.
  "com.google.android.googlequicksearchbox",
];

/** Names found under many country domains: google.com, google.de, google.co.uk, google.com.br… */
const SOCIAL_NAMES_IN_ANY_COUNTRY = ["pinterest"];
const SEARCH_NAMES_IN_ANY_COUNTRY = ["google", "yandex"];

const DOMAIN_SOURCES = new Map<string, ViewSource>([
  ...SOCIAL_DOMAINS.map((domain) => [domain, "social"] as const),
  ...SEARCH_DOMAINS.map((domain) => [domain, "search"] as const),
]);

/** `name.tld` or `name.co.tld` (two or three letters, then a country), after any subdomain. */
function inAnyCountry(names: string[]): RegExp {
  return new RegExp(`(?:^|\\.)(?:${names.join("|")})\\.(?:[a-z]{2,}|[a-z]{2,3}\\.[a-z]{2})$`);
}
const SOCIAL_IN_ANY_COUNTRY = inAnyCountry(SOCIAL_NAMES_IN_ANY_COUNTRY);
const SEARCH_IN_ANY_COUNTRY = inAnyCountry(SEARCH_NAMES_IN_ANY_COUNTRY);

/** The source of each referring origin seen lately. */
const sourceByOrigin = new RecentTexts<ViewSource>({ max: 1000, perLength: 8 });
/** Longer origins are judged every time rather than remembered: they are junk. */
const LONGEST_REMEMBERED_ORIGIN = 100;

function judgeHost(host: string): ViewSource {
  // The host itself, then each parent domain: m.facebook.com, facebook.com, com.
  for (let start = 0; start >= 0;) {
    const source = DOMAIN_SOURCES.get(start === 0 ? host : host.slice(start));
    if (source) return source;
    const dot = host.indexOf(".", start);
    start = dot < 0 ? -1 : dot + 1;
  }
  if (SEARCH_IN_ANY_COUNTRY.test(host)) return "search";
  if (SOCIAL_IN_ANY_COUNTRY.test(host)) return "social";
  return "direct";
}

type UserAgentKind = ViewDevice | "bot";

const kindByUserAgent = new RecentTexts<UserAgentKind>({ max: 1000, perLength: 8 });
/** Real browsers' user agents are a few hundred characters; longer ones are not remembered. */
const LONGEST_REMEMBERED_USER_AGENT = 512;

/** The device a user agent runs on, or null for a bot (or no user agent at all). */
export function visitorDevice(userAgent: string | undefined): ViewDevice | null {
  if (!userAgent) return null;
  let kind = kindByUserAgent.get(userAgent);
  if (kind === undefined) {
    kind = judgeUserAgent(userAgent);
    if (userAgent.length <= LONGEST_REMEMBERED_USER_AGENT) kindByUserAgent.set(userAgent, kind);
  }
  return kind === "bot" ? null : kind;
}

function judgeUserAgent(userAgent: string): UserAgentKind {
  if (isbot(userAgent)) return "bot";
  const type = Bowser.parse(userAgent).platform.type;
  return type === "mobile" || type === "tablet" ? "phone" : "desktop";
}
