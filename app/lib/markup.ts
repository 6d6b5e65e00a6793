/**
 * HTML written as template literals, for the parts of the public pages that repeat once per
 * item (a menu's dishes, a shop's cards). React rendered such a list at about 17 µs per dish,
 * the largest part of an uncached menu view; a template writes the same markup in about 4 µs
 * (docs/decisions/0019-item-lists-as-html-templates.md).
 *
 * The `markup` tag escapes every value it is given, as React escapes text and attribute values
 * (the same five characters, written the same way, so a list moved here renders byte for byte
 * as before), unless the value is itself `Markup`: markup is only ever made by this tag, so an
 * owner's text can never become markup by mistake. Values belong in text or in quoted
 * attribute values, and an address must be checked before it is given (as `publicImageSrc`
 * checks a picture's): unlike React, the tag does not refuse `javascript:` URLs.
 * (The tag is not named `html`: Prettier would format such templates as HTML, and add
 * whitespace the page would show.)
 */
export class Markup {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/**
 * Markup made of a list of pieces: a menu's sections, a shop's cards. Its text is theirs in
 * order; the pieces are kept, so that a page written to bytes encodes them one by one
 * (`useMarkupHtml`) instead of making the whole page one string first. V8 puts a string of
 * more than 128 KB in fresh memory of its own, and for the 50-dish menu building that string
 * and then its bytes cost more than the rest of turning the page into bytes.
 */
export class MarkupList extends Markup {
  constructor(readonly pieces: readonly Markup[]) {
    // Concatenated, not joined: the text is only read where the pieces are not.
    let text = "";
    for (const piece of pieces) text += piece.text;
    super(text);
  }
}

/** What a template may hold: text (escaped), markup, numbers, and nothing (null, undefined, false). */
export type MarkupValue =
  Markup | string | number | null | undefined | false | readonly MarkupValue[];

const UNSAFE_IN_HTML = /["&'<>]/;
const EACH_UNSAFE_IN_HTML = /["&'<>]/g;
const ESCAPED: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/** Text as it may stand in an element or a quoted attribute value: React's escaping. */
export function escapeHtml(text: string): string {
  // Most values (ids, prices, plain names) have nothing to escape: test before replacing.
  if (!UNSAFE_IN_HTML.test(text)) return text;
  return text.replace(EACH_UNSAFE_IN_HTML, (character) => ESCAPED[character]!);
}

function markupText(value: MarkupValue): string {
  if (typeof value === "string") return escapeHtml(value);
  if (value instanceof Markup) return value.text;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(markupText).join("");
  return "";
}

/** Each template's text with its line breaks taken out, made once per template. */
const joinedLines = new WeakMap<TemplateStringsArray, readonly string[]>();

function templateText(strings: TemplateStringsArray): readonly string[] {
  let text = joinedLines.get(strings);
  if (!text) {
    text = joinLines(strings);
    joinedLines.set(strings, text);
  }
  return text;
}

/** A line break with the indentation around it. */
const LINE_BREAK = /[ \t]*\n\s*/g;

/**
 * A template's text parts with each line break (and the spaces around it) taken out, or
 * made one space where it separates a tag's name and attributes. Whether a break is
 * inside a tag is read from the `<` and `>` before it, across the parts: values are
 * escaped, so only the template's own text opens and closes tags.
 */
function joinLines(parts: readonly string[]): string[] {
  let inTag = false;
  return parts.map((part) => {
    let joined = "";
    let from = 0;
    for (const lineBreak of part.matchAll(LINE_BREAK)) {
      const before = part.slice(from, lineBreak.index);
      inTag = isInTagAfter(before, inTag);
      const after = part.slice(lineBreak.index + lineBreak[0].length);
      const endsTag = after.startsWith(">") || after.startsWith("/>");
      joined += before + (inTag && !endsTag ? " " : "");
      from = lineBreak.index + lineBreak[0].length;
    }
    const rest = part.slice(from);
    inTag = isInTagAfter(rest, inTag);
    return joined + rest;
  });
}

/** Whether a tag is open after `text`, given whether one was open before it. */
function isInTagAfter(text: string, inTag: boolean): boolean {
  const opened = text.lastIndexOf("<");
  const closed = text.lastIndexOf(">");
  return opened === closed ? inTag : opened > closed;
}

/**
 * Markup from a template: `markup\`<h3 id="item-${id}">${name}</h3>\``. Values are escaped,
 * `Markup` values (other templates) are kept as they are, arrays are joined, and null,
 * undefined and false leave nothing, so `${cond && markup\`…\`}` reads as JSX does.
 *
 * A template may be laid out on several lines, as JSX is: a line break in its text, with
 * the spaces around it, is taken out, and inside a tag it separates the attributes by one
 * space (none before the tag's closing `>` or `/>`). Where text needs a space at a line's
 * end, write it as `${" "}`.
 */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  const text = templateText(strings);
  let joined = text[0]!;
  for (let index = 0; index < values.length; index++) {
    joined += markupText(values[index]) + text[index + 1]!;
  }
  return new Markup(joined);
}

/** The `hidden` attribute, as React writes it: `${isHidden && HIDDEN_ATTRIBUTE}` inside a tag. */
export const HIDDEN_ATTRIBUTE = markup` hidden=""`;
