import type { ExampleSite } from "~/lib/example-sites";
import { SCREENSHOT_VIEWS, type ScreenshotView } from "~/lib/example-screenshots";

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
 * A screenshot of an example site: AVIF where the browser takes it, JPEG otherwise, at the
 * width the layout needs (`sizes`). Below the fold it loads lazily; the landing hero's
 * picture loads first instead, since it is what the visitor sees.
 */
export function ExampleScreenshot({
  example,
  view,
  sizes,
  priority = false,
  className,
}: {
  example: ExampleSite;
  view: ScreenshotView;
  sizes: string;
  priority?: boolean;
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
        alt={`${example.name}, an example ${view === "phone" ? "on a phone" : "on a computer"}`}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
      />
    </picture>
  );
}
