/**
 * The uncached views' anchor: a fixed piece of work shaped like a view the page cache missed,
 * with nothing of the portal in it. React renders a 50-item menu of a public page's size to
 * HTML, and brotli compresses it at the quality a page that is not stored gets.
 *
 * node bench/anchors/render-compress.js
 * Serves the work, done anew for every request, on 127.0.0.1 (it prints its port). The bench
 * loads it as it loads an uncached page (bench/run.ts): its CPU time per request says how fast
 * the host is right then, under that load, so an uncached view's time is judged against what
 * the same host does, not against a number from another machine. bench/instructions.ts counts
 * its instructions per request as it counts a view's.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createServer } from "node:http";
import { brotliCompressSync, constants } from "node:zlib";

const ITEMS = 50;

/** Words in a fixed pseudo-random order, so the text compresses like a real menu's, not better. */
const WORDS =
  "tomato basil garlic olive lemon pepper smoked grilled roasted fresh crispy honey chili lime mint ginger sesame cream butter cheese onion rice bean corn squash herb salt".split(
    " ",
  );
let seed = 7;
function words(count) {
  const out = [];
  for (let i = 0; i < count; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[seed % WORDS.length]);
  }
  return out.join(" ");
}
/** Each dish's text, made once: the work measured is rendering and compressing, not this. */
const DISHES = Array.from({ length: ITEMS }, (_, i) => ({
  name: `${words(3)} ${i}`,
  description: words(70),
  extras: words(12),
}));
const STYLES = Array.from(
  { length: 1200 },
  (_, i) => `.c${i}{margin:${i % 17}px;color:#${(i * 2654435761) % 16777216}}`,
).join("");

function Menu() {
  const items = [];
  for (let i = 0; i < ITEMS; i += 1) {
    items.push(
      h(
        "li",
        { key: i, className: "dish", id: `dish-${i}` },
        h("img", {
          src: `/files/photo-${i}-240.webp`,
          alt: "",
          width: 96,
          height: 96,
          loading: "lazy",
        }),
        h("h3", null, DISHES[i].name),
        h("p", null, DISHES[i].description),
        h(
          "p",
          { className: "sizes" },
          `Small $${8 + i}.00 · Medium $${9 + i}.50 · Large $${11 + i}.00`,
        ),
        h("p", { className: "extras" }, `Extras: ${DISHES[i].extras}`),
      ),
    );
  }
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "A menu"), h("style", null, STYLES)),
    h("body", null, h("main", null, h("h1", null, "A menu"), h("ul", null, items))),
  );
}

function compressedPage() {
  const html = renderToStaticMarkup(h(Menu));
  return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } });
}

function serve() {
  const server = createServer((_request, response) => {
    const brotli = compressedPage();
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
    });
    response.end(brotli);
  });
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

serve();
