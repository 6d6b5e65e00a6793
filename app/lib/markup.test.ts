import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtml, HIDDEN_ATTRIBUTE, Markup, markup } from "./markup";

describe("markup", () => {
  it("escapes text in elements and attributes as React does", () => {
    const text = `Soup <script>alert(1)</script> & 'x' "y" — ünï 🍲`;
    expect(markup`<p title="${text}">${text}</p>`.text).toBe(
      renderToStaticMarkup(createElement("p", { title: text }, text)),
    );
  });

  it("keeps markup from other templates and joins lists", () => {
    const items = ["a<b", "c"].map((name) => markup`<li>${name}</li>`);
    expect(markup`<ul>${items}</ul>`.text).toBe("<ul><li>a&lt;b</li><li>c</li></ul>");
  });

  it("leaves nothing for null, undefined and false, and writes numbers", () => {
    const star = false;
    expect(markup`<p>${null}${undefined}${star && markup`<b>★</b>`}${0}${12.5}</p>`.text).toBe(
      "<p>012.5</p>",
    );
  });

  it("never takes a plain string for markup", () => {
    const bold = markup`<b>bold</b>`;
    expect(markup`${bold.text}`.text).toBe("&lt;b&gt;bold&lt;/b&gt;");
    expect(markup`${bold}`).toBeInstanceOf(Markup);
    expect(String(markup`<i>${"&"}</i>`)).toBe("<i>&amp;</i>");
  });
});

describe("escapeHtml", () => {
  it("returns text with nothing to escape unchanged, and escapes every unsafe character", () => {
    expect(escapeHtml("Plain text 12.50")).toBe("Plain text 12.50");
    expect(escapeHtml(`<&>"'<&>"'`)).toBe("&lt;&amp;&gt;&quot;&#x27;&lt;&amp;&gt;&quot;&#x27;");
  });
});

describe("markup laid out on lines", () => {
  it("takes out each line break with its indentation, and nothing else", () => {
    const name = "Soup\n  of the day";
    const laidOut = markup`
      <p class="a b">
        Hello <b>${name}</b>
        ${"x"} y
      </p>
    `;
    expect(laidOut.text).toBe('<p class="a b">Hello <b>Soup\n  of the day</b>x y</p>');
  });
});

describe("a tag laid out on lines", () => {
  it("keeps one space between its attributes and none before its end", () => {
    const hidden = markup` hidden=""`;
    const laidOut = markup`
      <section
        id="${"a"}" class="b"
        aria-labelledby="c"${hidden}
      >
        <img
          src="x"
          alt=""
        />
      </section>
    `;
    expect(laidOut.text).toBe(
      '<section id="a" class="b" aria-labelledby="c" hidden=""><img src="x" alt=""/></section>',
    );
  });
});

describe("HIDDEN_ATTRIBUTE", () => {
  it("is the hidden attribute as React writes it", () => {
    const hidden = true;
    expect(markup`<li${hidden && HIDDEN_ATTRIBUTE}>x</li>`.text).toBe(
      renderToStaticMarkup(createElement("li", { hidden }, "x")),
    );
  });
});
