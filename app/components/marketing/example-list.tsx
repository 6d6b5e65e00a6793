import { examplePath, type ExampleSite } from "~/lib/example-sites";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { fill } from "~/lib/i18n/text";
import { ExampleScreenshot } from "./example-screenshot";

/** The example sites as cards: each a phone screenshot and the link to the real page. */
export function ExampleList({ examples }: { examples: readonly ExampleSite[] }) {
  return (
    <ul className="example-list">
      {examples.map((example) => (
        <li key={example.productId} className="card example-card">
          <ExampleScreenshot
            example={example}
            view="card"
            className="example-card-picture"
            loading="lazy"
            sizes="(min-width: 48rem) 23.5rem, calc(100vw - 2.25rem)"
          />
          <div className="example-card-text">
            <h3>{example.name}</h3>
            <p className="muted">
              {fill(marketingWords.exampleCardText, {
                summary: example.summary,
                highlights: example.highlights,
              })}
            </p>
            <a
              className="button secondary"
              href={examplePath(example)}
              aria-label={fill(marketingWords.seeAnExampleOf, { name: example.name })}
            >
              {marketingWords.seeAnExample}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
