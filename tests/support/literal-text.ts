/**
 * Finds words written straight into the app's source instead of coming from a catalogue: the
 * text of JSX, the values of JSX attributes that people read or hear (a label, a title, an
 * alt text), and in the portal's own modules any string that reads like a sentence or a
 * label. The catalogue tests (app/lib/i18n/portal/portal-catalogues.test.ts) fail on any.
 *
 * A heuristic, not a parser of meaning: a string "reads like words" when it holds a capital
 * followed by a small letter, or a word followed by another; class lists and other technical
 * attributes are skipped by name.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

/** JSX attributes whose values are for the code or the browser, never read by a person. */
const TECHNICAL_ATTRIBUTES = new Set([
  "accept",
  "action",
  "allow",
  "as",
  "autoComplete",
  "className",
  "d",
  "dangerouslySetInnerHTML",
  "defaultValue",
  "encType",
  "enterKeyHint",
  "fetchPriority",
  "form",
  "formAction",
  "formMethod",
  "href",
  "htmlFor",
  "id",
  "inputMode",
  "key",
  "lang",
  "media",
  "method",
  "name",
  "pattern",
  "prefetch",
  "rel",
  "role",
  "sizes",
  "src",
  "srcSet",
  "style",
  "target",
  "to",
  "type",
  "value",
  "viewBox",
]);

const READS_LIKE_WORDS = /\p{Lu}\p{Ll}|\p{L}{2,}\s+\p{L}/u;
/** One token starting with a small letter ("onBlur", "sentTo"): a name in the code. */
const IDENTIFIER = /^\p{Ll}[\p{L}\d_-]*$/u;

/** An HTTP header's name ("Content-Type"). */
const HEADER_NAME = /^[A-Z][a-z]*(-[A-Z][a-z]*)+$/;
/** Code, or a CSS value: braces, an arrow, a length, a colour. */
const CODE_OR_CSS = /[{}]|=>|\d(px|rem|em|%|cqw|vh|vw)\b|#[0-9a-f]{3,8}\b/i;

function readsLikeWords(text: string): boolean {
  return (
    READS_LIKE_WORDS.test(text) &&
    !IDENTIFIER.test(text) &&
    !HEADER_NAME.test(text) &&
    !CODE_OR_CSS.test(text)
  );
}

function isTechnicalAttribute(name: string): boolean {
  return (
    TECHNICAL_ATTRIBUTES.has(name) ||
    name.endsWith("ClassName") ||
    name.startsWith("data-") ||
    (name.startsWith("aria-") && !/^aria-(label|description|roledescription|valuetext)$/.test(name))
  );
}

/** The text of a string or template literal, with `${…}` parts as spaces. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
  }
  return null;
}

/** Calls whose string arguments are for the code, a log or a developer, not for a reader. */
function isForTheCode(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    // A thrown Error is for a developer; a comparison is with a value of the code.
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (
      ts.isBinaryExpression(at) &&
      /^[!=]==?$/.test(ts.tokenToString(at.operatorToken.kind) ?? "")
    )
      return true;
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      if (/^(console|log|logger|services\.log|request\.log)\.|^(require|import)$/.test(callee))
        return true;
      // The app's own loggers: logRequestError(…), log.warn(…).
      if (/(^|\.)log\w*$/.test(callee)) return true;
      if (/(^|\.)(querySelector|querySelectorAll|closest|matches|addEventListener)$/.test(callee))
        return true;
    }
    if (ts.isPropertyAssignment(at) && at.name.getText() === "className") return true;
    if (ts.isBlock(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

/**
 * The words a source file writes itself. `everywhere`: every string that reads like words
 * (a portal module); otherwise only what its JSX shows.
 */
export function literalTextIn(file: string, { everywhere }: { everywhere: boolean }) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: LiteralText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim(),
    });

  const visit = (node: ts.Node, inJsx: boolean): void => {
    if (ts.isJsxAttribute(node) && isTechnicalAttribute(node.name.getText())) return;
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) report(node, node.text);
      return;
    }
    const text = literalText(node);
    if (text !== null) {
      if ((inJsx || everywhere) && readsLikeWords(text) && !isForTheCode(node)) report(node, text);
      if (!ts.isTemplateExpression(node)) return;
    }
    const jsx = inJsx || ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node);
    ts.forEachChild(node, (child) => visit(child, jsx));
  };
  visit(source, false);
  return found;
}
