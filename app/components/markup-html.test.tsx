import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markup, MarkupList, type Markup } from "~/lib/markup";
import { HeldMarkup, HeldMarkupContext, useMarkupHtml } from "./markup-html";

function Page({ title, items, footer }: { title: string; items: Markup; footer: Markup }) {
  const itemsHtml = useMarkupHtml(items);
  const footerHtml = useMarkupHtml(footer);
  return (
    <main>
      <h1>{title}</h1>
      <ul dangerouslySetInnerHTML={itemsHtml} />
      <footer dangerouslySetInnerHTML={footerHtml} />
    </main>
  );
}

const dishes = new MarkupList(
  ["Crème brûlée", "Ramen 🍜", "كنافة"].map((name) => markup`<li>${name} — €6,50</li>`),
);
const footer = markup`<p>Prices include VAT</p>`;

function renderedInPlace(title: string): string {
  return renderToStaticMarkup(<Page title={title} items={dishes} footer={footer} />);
}

function renderedHeld(title: string): { bytes: Buffer; react: string } {
  const held = new HeldMarkup();
  const react = renderToStaticMarkup(
    <HeldMarkupContext.Provider value={held}>
      <Page title={title} items={dishes} footer={footer} />
    </HeldMarkupContext.Provider>,
  );
  return { bytes: held.bytes(react), react };
}

describe("template markup set aside by a page's render", () => {
  it("is left out of React's text and encoded to the same bytes as the page written in place", () => {
    const { bytes, react } = renderedHeld("Menu");
    expect(react).not.toContain("Ramen");
    expect(bytes.equals(Buffer.from(renderedInPlace("Menu")))).toBe(true);
    expect(bytes.toString("utf8")).toContain("<li>Ramen 🍜 — €6,50</li><li>كنافة — €6,50</li>");
  });

  it("cannot be placed by an owner's text that looks like its placeholder", () => {
    const { bytes } = renderedHeld("<!--markup-1-->");
    const page = bytes.toString("utf8");
    expect(page).toContain("<h1>&lt;!--markup-1--&gt;</h1>");
    expect(page.match(/Prices include VAT/g)).toHaveLength(1);
    expect(bytes.equals(Buffer.from(renderedInPlace("<!--markup-1-->")))).toBe(true);
  });

  it("writes every text as UTF-8, whether ASCII, Latin-1, another script or a lone surrogate", () => {
    const texts = ["plain ASCII", "Café Crème", "كنافة", "Ramen 🍜", "half \ud83c pair", "ÿ"];
    const held = new HeldMarkup();
    const html = texts
      .map((text) => `<p>${text}</p>${held.placeholder(markup`<i>${text}</i>`)}`)
      .join("");
    const whole = texts.map((text) => `<p>${text}</p><i>${text}</i>`).join("");
    expect(held.bytes(html).equals(Buffer.from(whole))).toBe(true);
  });

  it("gives each page bytes of its own, large or small, whatever pages came before", () => {
    const pageOf = (text: string, times: number) => {
      const held = new HeldMarkup();
      const html = `<main>${held.placeholder(markup`<p>${text.repeat(times)}</p>`)}</main>`;
      return { bytes: held.bytes(html), whole: `<main><p>${text.repeat(times)}</p></main>` };
    };
    const pages = [
      pageOf("Crème brûlée ", 2_000),
      pageOf("كنافة ", 10),
      pageOf("Ramen 🍜 ", 150_000),
      pageOf("Tea", 1),
    ];
    for (const { bytes, whole } of pages) expect(bytes.equals(Buffer.from(whole))).toBe(true);
    expect(pages[2]!.bytes.length).toBeGreaterThan(1024 * 1024);
  });

  it("is written in place where no render holds it", () => {
    expect(renderedInPlace("Menu")).toContain("<ul><li>Crème brûlée — €6,50</li>");
  });
});
