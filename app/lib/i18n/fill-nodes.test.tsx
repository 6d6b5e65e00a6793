import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fillNodes } from "./fill-nodes";

describe("fillNodes", () => {
  it("puts elements into a text's slots, keeping the words around them", () => {
    const html = renderToStaticMarkup(
      <p>
        {fillNodes("Open {link} to see {name}.", {
          link: <a href="/x">the page</a>,
          name: "Rosa's",
        })}
      </p>,
    );
    expect(html).toBe('<p>Open <a href="/x">the page</a> to see Rosa&#x27;s.</p>');
  });

  it("leaves a slot without a value as it is, and a text without slots alone", () => {
    expect(renderToStaticMarkup(<>{fillNodes("Hi {who}", {})}</>)).toBe("Hi {who}");
    expect(renderToStaticMarkup(<>{fillNodes("Plain", { who: "x" })}</>)).toBe("Plain");
  });
});
