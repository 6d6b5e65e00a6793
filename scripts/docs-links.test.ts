/**
 * The documentation holds together: every relative link and `#anchor` in README.md and
 * docs/ leads somewhere, and every variable the server reads has a row in the
 * configuration table of docs/operators.md.
 *
 * Anchors are GitHub's: a heading's text, lower-cased, punctuation dropped, spaces turned
 * into hyphens, and `-1`, `-2` … after a repeated one (github-slugger, which GitHub's own
 * rendering follows), plus any `<a id>` or `<a name>` written into the page. Links to
 * other sites (`http:`, `https:`, `mailto:`) are not followed.
 *
 * The variables are read from the code, not listed here. The server's are the keys of the
 * schema in app/server/runtime/env.server.ts and every `process.env` read in the non-test
 * code under app/ and server/ and in server.js; each must be a row of the configuration
 * table, except NOT_SETTINGS below. Those the tests, the benchmarks and the scripts read
 * must be in that table or in the table of docs/development.md.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { lexer, walkTokens, type Token, type Tokens } from "marked";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "..");

const OPERATORS_DOC = "docs/operators.md";
const CONFIGURATION_HEADING = "Configuration";
const DEVELOPMENT_DOC = "docs/development.md";
const TOOL_VARIABLES_HEADING = "Environment variables of the tests and tools";

/** Variables the server reads that nobody sets by hand; docs/development.md says why. */
const NOT_SETTINGS = new Set([
  // Set by Vitest: the server's log stays silent in unit tests.
  "VITEST",
  // Set by server.js itself, for its worker processes: the NODE_ENV the operator gave.
  "PORTAL_GIVEN_NODE_ENV",
]);

/** The system's own, which tools pass on to the commands they run. */
const SYSTEM_VARIABLES = new Set(["PATH"]);

const CODE_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;
const TEST_FILE = /\.(?:test|spec)\.(?:ts|tsx|js|mjs)$/;

// ---------------------------------------------------------------------------------------
// Markdown: headings, anchors and links.

type Link = { target: string; raw: string };
type Page = { anchors: Set<string>; links: Link[] };

/** A heading's text as GitHub reads it for its anchor: code spans keep their text, HTML tags none. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token): string => {
      if (token.type === "html") return "";
      if ("tokens" in token && token.tokens) return plainText(token.tokens);
      return "text" in token && typeof token.text === "string" ? token.text : "";
    })
    .join("");
}

const HTML_ANCHOR = /<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi;
const HTML_LINK = /<(?:a|img)\s[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;

/** The anchors a Markdown page offers and the links it makes. */
export function readPage(markdown: string): Page {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const links: Link[] = [];
  // The callback returns nothing, so there is no promise among what walkTokens returns.
  void walkTokens(lexer(markdown), (token) => {
    if (token.type === "heading") {
      anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
    } else if (token.type === "link" || token.type === "image") {
      const { href, raw } = token as Tokens.Link | Tokens.Image;
      links.push({ target: href, raw });
    } else if (token.type === "html") {
      const { text } = token as Tokens.HTML;
      for (const [, id] of text.matchAll(HTML_ANCHOR)) anchors.add(id!);
      for (const [raw, href] of text.matchAll(HTML_LINK)) links.push({ target: href!, raw });
    }
  });
  return { anchors, links };
}

const NOT_FOLLOWED = /^(?:https?:|mailto:)/i;

/**
 * What is wrong with the links of these Markdown files (paths relative to `root`), one
 * line each: a file or folder that does not exist, or an anchor its page does not have.
 */
export function linkProblems(root: string, files: string[]): string[] {
  const pages = new Map<string, Page>();
  const page = (file: string): Page => {
    let read = pages.get(file);
    if (!read) {
      read = readPage(readFileSync(path.join(root, file), "utf8"));
      pages.set(file, read);
    }
    return read;
  };
  const problems: string[] = [];
  for (const file of files) {
    for (const { target, raw } of page(file).links) {
      if (NOT_FOLLOWED.test(target)) continue;
      const hash = target.indexOf("#");
      const pathPart = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      let linked = file;
      if (pathPart !== "") {
        const decoded = decodeURIComponent(pathPart);
        const absolute = decoded.startsWith("/")
          ? path.join(root, decoded)
          : path.resolve(root, path.dirname(file), decoded);
        linked = path.relative(root, absolute);
        if (linked.startsWith("..") || path.isAbsolute(linked)) {
          problems.push(`${file}: ${raw} leads outside the repository`);
          continue;
        }
        if (!exists(absolute)) {
          problems.push(`${file}: ${raw}: ${linked} does not exist`);
          continue;
        }
      }
      if (anchor === null || anchor === "") continue;
      if (!linked.endsWith(".md") || statSync(path.join(root, linked)).isDirectory()) {
        problems.push(`${file}: ${raw}: ${linked} is not a Markdown page, it has no anchors`);
      } else if (!page(linked).anchors.has(anchor)) {
        problems.push(`${file}: ${raw}: ${linked} has no heading or anchor #${anchor}`);
      }
    }
  }
  return problems;
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** README.md and every page under docs/, as paths relative to `root`. */
function documentation(root: string): string[] {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return ["README.md", ...docs.sort()];
}

// ---------------------------------------------------------------------------------------
// Environment variables: what the code reads, and what the tables list.

/** `process.env`, as written in the code. */
function isProcessEnv(node: ts.Node): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "process" &&
    node.name.text === "env"
  );
}

/**
 * The variables a piece of code reads through `process.env`, by name: `process.env.NAME`,
 * `process.env["NAME"]` and `const { NAME } = process.env` (comments and strings aside).
 */
export function processEnvReads(code: string, fileName = "code.ts"): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isProcessEnv(node.expression)) {
      names.add(node.name.text);
    } else if (
      ts.isElementAccessExpression(node) &&
      isProcessEnv(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression)
    ) {
      names.add(node.argumentExpression.text);
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      isProcessEnv(node.initializer) &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key) || ts.isStringLiteral(key)) names.add(key.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, scriptKind(fileName)));
  return names;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  return /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** The keys of `const envSchema = z.object({ … })`, in the order written. */
export function envSchemaKeys(code: string): string[] {
  const source = ts.createSourceFile("env.server.ts", code, ts.ScriptTarget.Latest, false);
  let keys: string[] | null = null;
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === "envSchema" &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.arguments[0] &&
      ts.isObjectLiteralExpression(node.initializer.arguments[0])
    ) {
      keys = node.initializer.arguments[0].properties.flatMap((property) =>
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [property.name.text]
          : [],
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!keys) throw new Error("no `const envSchema = z.object({ … })` found");
  return keys;
}

/**
 * The variables named in the first column of the table under a heading: every code span in
 * that column (a row may name two, as `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`).
 */
export function tableVariables(markdown: string, heading: string): Set<string> {
  const tables = tablesUnder(markdown, heading);
  if (tables.length !== 1) {
    throw new Error(`"${heading}" should hold one table of variables; it holds ${tables.length}`);
  }
  const names = new Set<string>();
  for (const row of tables[0]!.rows) {
    for (const token of row[0]!.tokens) {
      if (token.type === "codespan") names.add((token as Tokens.Codespan).text);
    }
  }
  return names;
}

function tablesUnder(markdown: string, heading: string): Tokens.Table[] {
  const tables: Tokens.Table[] = [];
  let depth: number | null = null;
  for (const token of lexer(markdown)) {
    if (token.type === "heading") {
      const { depth: level, tokens } = token as Tokens.Heading;
      if (depth !== null && level <= depth) break;
      if (plainText(tokens) === heading) depth = level;
    } else if (depth !== null && token.type === "table") {
      tables.push(token as Tokens.Table);
    }
  }
  return tables;
}

function codeFiles(root: string, folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((name) => path.join(folder, name))
    .filter((file) => !file.split(path.sep).includes("node_modules"))
    .filter((file) => CODE_FILE.test(file) && keep(file));
}

function readsOf(files: string[]): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of files) {
    for (const name of processEnvReads(readFileSync(path.join(repository, file), "utf8"), file)) {
      where.set(name, [...(where.get(name) ?? []), file]);
    }
  }
  return where;
}

const ENV_MODULE = "app/server/runtime/env.server.ts";

let serverReadsOnce: Map<string, string[]> | null = null;

/** Every variable the server reads, with the files that read it. */
function serverReads(): Map<string, string[]> {
  serverReadsOnce ??= readServer();
  return serverReadsOnce;
}

function readServer(): Map<string, string[]> {
  const files = [
    ...codeFiles(repository, "app", (file) => !TEST_FILE.test(file)),
    ...codeFiles(repository, "server", (file) => !TEST_FILE.test(file)),
    "server.js",
  ];
  const where = readsOf(files);
  for (const key of envSchemaKeys(readFileSync(path.join(repository, ENV_MODULE), "utf8"))) {
    where.set(key, [...(where.get(key) ?? []), `${ENV_MODULE} (envSchema)`]);
  }
  return where;
}

/** Every variable the tests, the benchmarks, the scripts and the tools' configurations read. */
function toolReads(): Map<string, string[]> {
  const rootConfigs = readdirSync(repository).filter((name) =>
    /\.config\.(?:ts|js|mjs)$/.test(name),
  );
  const files = [
    ...codeFiles(repository, "scripts", () => true),
    ...codeFiles(repository, "bench", () => true),
    ...codeFiles(repository, "tests", () => true),
    ...rootConfigs,
  ];
  return readsOf(files);
}

const missingFrom = (reads: Map<string, string[]>, listed: (name: string) => boolean) =>
  [...reads]
    .filter(([name]) => !listed(name))
    .map(([name, files]) => `${name} (read in ${[...new Set(files)].join(", ")})`)
    .sort();

// ---------------------------------------------------------------------------------------

describe("the documentation's links", () => {
  it("lead to files and folders that exist, and to anchors their pages have", () => {
    const files = documentation(repository);
    expect(files).toContain("docs/operators.md");
    expect(linkProblems(repository, files)).toEqual([]);
  });

  it("fail on a missing file or folder, a missing anchor, and an anchor of a page that has none", () => {
    const root = mkdtempSync(path.join(tmpdir(), "docs-links-"));
    mkdirSync(path.join(root, "docs", "decisions"), { recursive: true });
    mkdirSync(path.join(root, "app"));
    writeFileSync(path.join(root, "app", "main.ts"), "");
    writeFileSync(
      path.join(root, "README.md"),
      [
        "# Portal",
        "",
        "[ok](docs/guide.md#logs) [ok](#portal) [ok](app/main.ts) [ok](docs/decisions/)",
        "[ok](docs/guide.md#held) [ok](https://example.com/x#y) [ok](mailto:a@example.com)",
        "[gone](docs/gone.md) [no anchor](docs/guide.md#metrics) [not here](#logs)",
        "[code](app/main.ts#L1) [outside](../elsewhere.md) ![picture](docs/images/none.png)",
        '<a href="docs/guide.md#nowhere">html</a>',
        "",
        "`[in code](docs/gone.md)`",
        "",
      ].join("\n"),
    );
    writeFileSync(
      path.join(root, "docs", "guide.md"),
      '# Guide\n\n## Logs\n\n<a id="held"></a>\n\n[back](../README.md#portal) [up](../gone/)\n',
    );
    expect(linkProblems(root, documentation(root))).toEqual([
      "README.md: [gone](docs/gone.md): docs/gone.md does not exist",
      "README.md: [no anchor](docs/guide.md#metrics): docs/guide.md has no heading or anchor #metrics",
      "README.md: [not here](#logs): README.md has no heading or anchor #logs",
      "README.md: [code](app/main.ts#L1): app/main.ts is not a Markdown page, it has no anchors",
      "README.md: [outside](../elsewhere.md) leads outside the repository",
      "README.md: ![picture](docs/images/none.png): docs/images/none.png does not exist",
      'README.md: <a href="docs/guide.md#nowhere": docs/guide.md has no heading or anchor #nowhere',
      "docs/guide.md: [up](../gone/): gone does not exist",
    ]);
  });

  it("name headings as GitHub does", () => {
    const { anchors } = readPage(
      [
        '## Opening hours, "Open now" and special days',
        "### All cores: `WEB_CONCURRENCY`",
        "## Certificates: Caddy's on-demand TLS",
        "## Importing and exporting items (CSV)",
        "## Logs",
        "## Logs",
        "## Logs",
        "```sh",
        "# a shell comment, no heading",
        "```",
      ].join("\n"),
    );
    expect([...anchors]).toEqual([
      "opening-hours-open-now-and-special-days",
      "all-cores-web_concurrency",
      "certificates-caddys-on-demand-tls",
      "importing-and-exporting-items-csv",
      "logs",
      "logs-1",
      "logs-2",
    ]);
  });
});

describe("the configuration table", () => {
  const operators = readFileSync(path.join(repository, OPERATORS_DOC), "utf8");
  const development = readFileSync(path.join(repository, DEVELOPMENT_DOC), "utf8");
  const settings = tableVariables(operators, CONFIGURATION_HEADING);
  const toolVariables = tableVariables(development, TOOL_VARIABLES_HEADING);

  it("has a row for every variable the server reads", () => {
    const reads = serverReads();
    // The schema is found and read: a mistake there must not pass for a complete table.
    expect(reads.get("PORT")).toContain(`${ENV_MODULE} (envSchema)`);
    expect(reads.get("TLS_ASK_ALLOW")).toContain(`${ENV_MODULE} (envSchema)`);
    expect(reads.get("LOG_LEVEL")).toContain("app/server/http/log.server.ts");
    expect(missingFrom(reads, (name) => settings.has(name) || NOT_SETTINGS.has(name))).toEqual([]);
  });

  it("lists no variable the server no longer reads", () => {
    const reads = serverReads();
    expect([...settings].filter((name) => !reads.has(name))).toEqual([]);
    // Nor keeps an exception that is read no more, or that the development guide leaves out.
    for (const name of NOT_SETTINGS) {
      expect(reads.has(name), `${name} is still read by the server`).toBe(true);
      expect(development, `${DEVELOPMENT_DOC} explains ${name}`).toContain(`\`${name}\``);
    }
  });

  it("or the development guide's table has a row for every variable the tools read", () => {
    const reads = toolReads();
    expect(reads.get("TEST_DATABASE_URL")).toBeDefined();
    expect(
      missingFrom(
        reads,
        (name) => settings.has(name) || toolVariables.has(name) || SYSTEM_VARIABLES.has(name),
      ),
    ).toEqual([]);
    expect([...toolVariables].filter((name) => !reads.has(name))).toEqual([]);
  });

  it("reads the variables as the code names them", () => {
    expect([
      ...processEnvReads(
        'const a = process.env.ONE ?? process.env["TWO"];\nconst { THREE, FOUR: four } = process.env;\n// process.env.IN_A_COMMENT\nconst b = "process.env.IN_A_STRING";',
      ),
    ]).toEqual(["ONE", "TWO", "THREE", "FOUR"]);
    expect(
      envSchemaKeys(
        'const envSchema = z.object({\n  A_B: z.string().regex(/[)}]/, "a: b"),\n  // C: no\n  D: z.object({ E: z.string() }).default({ E: "f" }),\n});',
      ),
    ).toEqual(["A_B", "D"]);
    expect([
      ...tableVariables(
        "## Configuration\n\n| variable | meaning |\n| --- | --- |\n| `A`, `B` | `C` |\n| `D` | x |\n\n## Next\n",
        "Configuration",
      ),
    ]).toEqual(["A", "B", "D"]);
  });
});
