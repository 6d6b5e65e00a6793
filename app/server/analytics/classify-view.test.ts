import { describe, expect, it } from "vitest";
import { classifyView, viewSource, visitorDevice } from "./classify-view.server";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const SMART_TV =
  "Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36";

const PAGE = "/r/cafe-abcdefghij0123456789";

describe("bots", () => {
  it.each([
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    [
      "Facebook's link preview",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    ],
    ["curl", "curl/8.5.0"],
    ["Node's fetch", "node"],
    [
      "a headless browser",
      "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0.0.0 Safari/537.36",
    ],
  ])("are not counted: %s", (_name, userAgent) => {
    expect(visitorDevice(userAgent)).toBeNull();
    expect(classifyView({ target: PAGE, userAgent, referer: undefined })).toBeNull();
  });

  it("include a client that sends no user agent, or an empty one", () => {
    expect(classifyView({ target: PAGE, userAgent: undefined, referer: undefined })).toBeNull();
    expect(classifyView({ target: PAGE, userAgent: "", referer: undefined })).toBeNull();
  });

  it("are recognised again when asked again (the answer is remembered)", () => {
    const bot = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    expect(visitorDevice(bot)).toBeNull();
    expect(visitorDevice(bot)).toBeNull();
  });
});

describe("devices", () => {
  it.each([
    ["an iPhone", IPHONE, "phone"],
    ["an Android phone", ANDROID_PHONE, "phone"],
    ["an iPad", IPAD, "phone"],
    ["an Android tablet", ANDROID_TABLET, "phone"],
    ["Chrome on Windows", WINDOWS_CHROME, "desktop"],
    ["Safari on a Mac", MAC_SAFARI, "desktop"],
    ["a smart TV", SMART_TV, "desktop"],
  ])("%s counts as a %s", (_name, userAgent, device) => {
    expect(visitorDevice(userAgent)).toBe(device);
    // Twice: the second answer comes from memory and must be the same.
    expect(visitorDevice(userAgent)).toBe(device);
  });

  it("judges a user agent too long to remember all the same", () => {
    const long = `${IPHONE} ${"x".repeat(1000)}`;
    expect(visitorDevice(long)).toBe("phone");
    expect(visitorDevice(long)).toBe("phone");
  });
});

describe("sources", () => {
  it("is qr when the address carries src=qr, whatever the referrer", () => {
    expect(viewSource(`${PAGE}?src=qr`, undefined)).toBe("qr");
    expect(viewSource(`${PAGE}?utm_source=x&src=qr`, "https://www.google.com/")).toBe("qr");
    expect(viewSource(`${PAGE}?src=qr&lang=en`, "https://l.facebook.com/")).toBe("qr");
    expect(viewSource(`/s/shop-abcdefghij0123456789?tag=red&src=QR`, undefined)).toBe("qr");
  });

  it("is not qr for other values or parameter names, or outside the query", () => {
    expect(viewSource(`${PAGE}?src=qrcode`, undefined)).toBe("direct");
    expect(viewSource(`${PAGE}?xsrc=qr`, undefined)).toBe("direct");
    expect(viewSource(`${PAGE}?src=email`, undefined)).toBe("direct");
    expect(viewSource(`/r/src=qr-abcdefghij0123456789`, undefined)).toBe("direct");
  });

  it.each([
    "https://www.facebook.com/",
    "https://facebook.com/somepage",
    "https://l.facebook.com/l.php?u=https%3A%2F%2Fportal.example%2Fr%2Fcafe",
    "https://lm.facebook.com/",
    "https://m.facebook.com/",
    "https://fb.me/abc",
    "https://www.instagram.com/",
    "https://l.instagram.com/?u=x",
    "https://t.co/abc123",
    "https://x.com/someone/status/1",
    "https://twitter.com/",
    "https://www.linkedin.com/feed/",
    "https://lnkd.in/abc",
    "https://www.pinterest.com/",
    "https://pinterest.co.uk/pin/1",
    "https://de.pinterest.de/",
    "https://www.reddit.com/r/food/",
    "https://www.tiktok.com/@someone",
    "https://www.youtube.com/watch?v=x",
    "https://web.whatsapp.com/",
    "https://wa.me/123",
    "https://www.threads.net/@someone",
    "https://www.snapchat.com/",
    "https://telegram.org/",
    "https://t.me/somechannel",
    "android-app://com.whatsapp/",
    "HTTPS://WWW.FACEBOOK.COM/",
    "https://www.facebook.com.:443/",
  ])("is social from %s", (referer) => {
    expect(viewSource(PAGE, referer)).toBe("social");
  });

  it.each([
    "https://www.google.com/",
    "https://www.google.de/",
    "https://www.google.co.uk/",
    "https://www.google.com.br/search?q=cafe",
    "https://google.fr/",
    "https://www.bing.com/search?q=cafe",
    "https://duckduckgo.com/",
    "https://search.yahoo.com/search?p=cafe",
    "https://uk.search.yahoo.com/",
    "https://yandex.ru/search/",
    "https://yandex.com.tr/",
    "https://www.baidu.com/",
    "https://www.ecosia.org/search?q=cafe",
    "https://search.brave.com/search?q=cafe",
    "https://www.startpage.com/",
    "https://www.qwant.com/?q=cafe",
    "android-app://com.google.android.googlequicksearchbox/",
  ])("is search from %s", (referer) => {
    expect(viewSource(PAGE, referer)).toBe("search");
  });

  it.each([
    ["no referrer", undefined],
    ["an empty referrer", ""],
    ["another site", "https://example.com/where-to-eat"],
    ["the portal itself", "https://portal.example/r/cafe-abcdefghij0123456789"],
    ["a look-alike host", "https://notfacebook.com/"],
    ["a host that only starts like one", "https://google.example.com/"],
    ["mail at Yahoo", "https://mail.yahoo.com/"],
    ["a relative referrer", "/r/cafe"],
    ["garbage", "not a url"],
  ])("is direct from %s", (_name, referer) => {
    expect(viewSource(PAGE, referer)).toBe("direct");
  });

  it("answers the same when asked again, a look-alike of the same length included", () => {
    // As a request's header is: a fresh string each time.
    const fresh = (text: string) => Buffer.from(text).toString("latin1");
    const asked = [
      ["https://www.google.com/", "search"],
      ["https://www.goggle.com/", "direct"],
      ["https://t.co/", "social"],
      ["https://t.cx/", "direct"],
      ["https://www.facebook.com/somepage", "social"],
    ] as const;
    for (let round = 0; round < 3; round++) {
      for (const [referer, source] of asked) expect(viewSource(PAGE, fresh(referer))).toBe(source);
    }
  });
});

describe("classifyView", () => {
  it("gives the source and the device of a visitor's view", () => {
    expect(
      classifyView({
        target: `${PAGE}?src=qr`,
        userAgent: IPHONE,
        referer: undefined,
      }),
    ).toEqual({ source: "qr", device: "phone" });
    expect(
      classifyView({
        target: PAGE,
        userAgent: WINDOWS_CHROME,
        referer: "https://www.google.com/",
      }),
    ).toEqual({ source: "search", device: "desktop" });
  });

  it("counts nothing for the editor's preview frame or a page fetched ahead", () => {
    const visitor = { target: PAGE, userAgent: IPHONE, referer: undefined };
    expect(classifyView({ ...visitor, fetchDest: "iframe", fetchSite: "same-origin" })).toBeNull();
    // The owner's own website may frame the page: its visitors count.
    expect(classifyView({ ...visitor, fetchDest: "iframe", fetchSite: "cross-site" })).toEqual({
      source: "direct",
      device: "phone",
    });
    expect(classifyView({ ...visitor, purpose: "prefetch" })).toBeNull();
    expect(classifyView({ ...visitor, purpose: "prefetch;prerender" })).toBeNull();
    expect(classifyView({ ...visitor, fetchDest: "document" })).toEqual({
      source: "direct",
      device: "phone",
    });
  });
});
