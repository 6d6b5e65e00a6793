import { examplePath, type ExampleSite } from "~/lib/example-sites";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { fill } from "~/lib/i18n/text";
import { ExampleScreenshot } from "./example-screenshot";

/**
 * An example site as a visitor would meet it: the page on a computer, with the same page
 * on a phone in front of it, and the link that opens the real page.
 */
export function ExampleShowcase({
  example,
  loading = "eager",
}: {
  example: ExampleSite;
  /** It opens a page: at least eager; the landing hero's loads first, its phone after it. */
  loading?: "first" | "eager";
}) {
  return (
    <figure className="showcase">
      <div className="showcase-frames">
        <div className="showcase-desktop">
          <ExampleScreenshot
            example={example}
            view="desktop"
            loading={loading}
            sizes="(min-width: 60rem) 34rem, calc(100vw - 4rem)"
          />
        </div>
        <div className="showcase-phone">
          <ExampleScreenshot
            example={example}
            view="phone"
            loading={loading === "first" ? "after-first" : "eager"}
            sizes="(min-width: 60rem) 9rem, 27vw"
          />
        </div>
      </div>
      <figcaption>
        {fill(marketingWords.showcaseCaption, { summary: example.summary, name: example.name })}{" "}
        <a
          href={examplePath(example)}
          aria-label={fill(marketingWords.seeAnExampleOf, { name: example.name })}
        >
          {marketingWords.seeAnExample}
        </a>
      </figcaption>
    </figure>
  );
}
