import type { ExampleSite } from "~/lib/example-sites";
import { SCREENSHOT_VIEWS, type ScreenshotView } from "~/lib/example-screenshots";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { fill } from "~/lib/i18n/text";

// Vite copies each picture into the build with a content hash in its name, so browsers may
// keep them for a year; the keys are the files' paths, the values their public URLs.
const PICTURE_URLS = import.meta.glob<string>("../../assets/examples/*.{avif,jpg}", {
  eager: true,
  query: "?url",
  import: "default",
});

function pictureUrl(example: ExampleSite, view: ScreenshotView, width: number, format: string) {
  const url =
    PICTURE_URLS[`../../assets/examples/${example.screenshot}-${view}-${width}.${format}`];
  if (!url) throw new Error(`No ${view} screenshot of ${example.name}: run npm run screenshots.`);
  return url;
}

function srcSet(example: ExampleSite, view: ScreenshotView, format: string): string {
  return SCREENSHOT_VIEWS[view].widths
    .map((width) => `${pictureUrl(example, view, width, format)} ${width}w`)
    .join(", ");
}

/**
 * When a screenshot loads: `first` for the landing hero's, the largest thing on its first
 * screen; `after-first` for one beside it, at once but at low priority, so that it does not
 * share a weak line with the first (docs/decisions/0029-the-hero-alone-on-the-line.md);
 * `eager` for any other at the top of its page; `lazy` below the fold.
 */
export type ScreenshotLoading = "first" | "after-first" | "eager" | "lazy";

const FETCH_PRIORITY = {
  first: "high",
  "after-first": "low",
  eager: "auto",
  lazy: "auto",
} as const satisfies Record<ScreenshotLoading, "high" | "low" | "auto">;

/**
 * A screenshot of an example site: AVIF where the browser takes it, JPEG otherwise, at the
 * width the layout needs (`sizes`).
 */
export function ExampleScreenshot({
  example,
  view,
  sizes,
  loading,
  className,
}: {
  example: ExampleSite;
  view: ScreenshotView;
  sizes: string;
  loading: ScreenshotLoading;
  className?: string;
}) {
  const { width, height, widths } = SCREENSHOT_VIEWS[view];
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(example, view, "avif")} sizes={sizes} />
      <img
        src={pictureUrl(example, view, widths[0], "jpg")}
        srcSet={srcSet(example, view, "jpg")}
        sizes={sizes}
        width={width}
        height={height}
        alt={fill(
          view === "desktop"
            ? marketingWords.screenshotOnComputer
            : marketingWords.screenshotOnPhone,
          { name: example.name },
        )}
        loading={loading === "lazy" ? "lazy" : "eager"}
        fetchPriority={FETCH_PRIORITY[loading]}
        decoding="async"
      />
    </picture>
  );
}
