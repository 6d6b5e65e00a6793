/**
 * A short, readable name for the device behind a user agent ("Chrome on Android"),
 * for the list of places an owner is signed in. Parsing is bowser's; this only
 * words its answer, and names an iOS device by what it is (iPhone or iPad).
 */
import Bowser from "bowser";

/** Bowser's names where a shorter one is what people say. */
const SHORT_BROWSER_NAMES: Readonly<Record<string, string>> = {
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung Internet",
};

export function describeDevice(userAgent: string | null | undefined): string {
  const parsed = Bowser.parse(userAgent || "unknown");
  const browserName = parsed.browser.name || "";
  const browser = SHORT_BROWSER_NAMES[browserName] ?? (browserName || "Unknown browser");
  const system =
    parsed.os.name === "iOS" && parsed.platform.model
      ? parsed.platform.model
      : (parsed.os.name ?? "an unknown system");
  return `${browser} on ${system}`;
}
