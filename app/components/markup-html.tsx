/**
 * Template markup (app/lib/markup.ts) placed inside a React-rendered public page. A page
 * rendered for the page cache (app/server/pages/public-page-render.server.tsx) is turned
 * into bytes piece by piece: React writes a placeholder where the markup goes, and the
 * renderer encodes the page's React text and each piece of the markup on their own, then
 * joins the bytes. The page then never exists as one string of some 200 KB, which V8 would
 * build in fresh memory of its own and then copy again into bytes. Anywhere else (a form's
 * answer rendered by React Router) the markup is written in place.
 */
import { createContext, useContext } from "react";
import { MarkupList, type Markup } from "~/lib/markup";

/** A comment nothing else on a public page can hold: React escapes every `<` of a text. */
const PLACEHOLDER = /<!--markup-(\d+)-->/g;

/** The markup a page's render set aside, and how to turn that page into bytes with it. */
export class HeldMarkup {
  private readonly held: Markup[] = [];

  /** Sets `markup` aside; what React writes in its place. */
  placeholder(markup: Markup): string {
    this.held.push(markup);
    return `<!--markup-${this.held.length - 1}-->`;
  }

  /**
   * The UTF-8 bytes of `html` with the markup set aside in place of its placeholders, each
   * text encoded straight into one buffer (`utf8Bytes`): no buffer of its own for each piece,
   * and no joining them after.
   */
  bytes(html: string): Buffer {
    const texts: string[] = [];
    let from = 0;
    for (const found of html.matchAll(PLACEHOLDER)) {
      texts.push(html.slice(from, found.index));
      const markup = this.held[Number(found[1])]!;
      if (markup instanceof MarkupList) for (const piece of markup.pieces) texts.push(piece.text);
      else texts.push(markup.text);
      from = found.index + found[0].length;
    }
    texts.push(html.slice(from));
    return utf8Bytes(texts);
  }
}

const utf8 = new TextEncoder();
/** A UTF-16 unit is at most three bytes of UTF-8. */
const MAX_UTF8_BYTES_PER_UNIT = 3;
/** The largest scratch kept between pages: room for a page of some 350,000 characters. */
const KEPT_SCRATCH_BYTES = 1024 * 1024;
let scratch: Buffer | null = null;

/**
 * The texts' UTF-8 bytes, one after another, in a buffer of their length. Node's
 * `TextEncoder.encodeInto` encodes a 132 KB menu in some 60% of the time `Buffer#write` takes,
 * with the length `Buffer.byteLength` had to count first, but it needs room for the most the
 * text could take: the texts are encoded into a scratch buffer of that size, kept for the next
 * page, then copied out at their length.
 */
function utf8Bytes(texts: readonly string[]): Buffer {
  let room = 0;
  for (const text of texts) room += text.length * MAX_UTF8_BYTES_PER_UNIT;
  const into = scratch && scratch.length >= room ? scratch : Buffer.allocUnsafeSlow(room);
  if (room <= KEPT_SCRATCH_BYTES) scratch = into;
  let written = 0;
  for (const text of texts) written += utf8.encodeInto(text, into.subarray(written)).written;
  return Buffer.from(into.subarray(0, written));
}

export const HeldMarkupContext = createContext<HeldMarkup | null>(null);

/** `dangerouslySetInnerHTML` for template markup: set aside when the page's render holds it. */
export function useMarkupHtml(markup: Markup): { __html: string } {
  const held = useContext(HeldMarkupContext);
  return { __html: held ? held.placeholder(markup) : markup.text };
}
