import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EXAMPLE_SITES } from "~/lib/example-sites";
import { ExampleShowcase } from "./example-showcase";

const images = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);

describe("ExampleShowcase", () => {
  const example = EXAMPLE_SITES[0]!;

  it("on the landing, asks for the computer's screenshot first and the phone's after it", () => {
    const [desktop, phone] = images(
      renderToString(<ExampleShowcase example={example} loading="first" />),
    );
    expect(desktop).toContain('fetchPriority="high"');
    expect(desktop).toContain('loading="eager"');
    // At once, but never sharing the line with the page's largest picture.
    expect(phone).toContain('fetchPriority="low"');
    expect(phone).toContain('loading="eager"');
  });

  it("elsewhere, loads both at once at the browser's own priority", () => {
    const [desktop, phone] = images(renderToString(<ExampleShowcase example={example} />));
    for (const tag of [desktop, phone]) {
      expect(tag).toContain('fetchPriority="auto"');
      expect(tag).toContain('loading="eager"');
    }
  });
});
