/**
 * The W3C Nu HTML Checker (vnu-jar, a dev dependency) over a set of documents, in one run
 * (Java starts slowly). Its JSON report is parsed so that a failure names the page, the line
 * and the message. Java (17 or newer) must be installed: without it the check fails, it does
 * not pass unchecked.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "./fixtures";

const require = createRequire(import.meta.url);
/** The package's main export is the path of its vnu.jar (a String object). */
const VNU_JAR = String(require("vnu-jar"));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over every file; the errors as "page:line: message". */
function vnuErrors(files: Map<string, string>): string[] {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error) {
    throw new Error(
      `The Nu HTML checker needs Java (17 or newer) on the PATH, and none was found (${java.error.message}).`,
    );
  }
  const run = spawnSync(
    "java",
    ["-jar", VNU_JAR, "--format", "json", "--stdout", "--errors-only", ...files.keys()],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  let report: { messages: VnuMessage[] };
  try {
    report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  } catch {
    throw new Error(`The checker gave no JSON report (exit ${run.status}): ${run.stderr}`);
  }
  // The checker names a file "file:/tmp/…": a URL, though not the form pathToFileURL writes.
  const pageOf = (url: string | undefined) =>
    url?.startsWith("file:") ? (files.get(fileURLToPath(url)) ?? url) : (url ?? "?");
  const errors = report.messages
    .filter((message) => message.type === "error" || message.type === "non-document-error")
    .map((message) => {
      return `${pageOf(message.url)}:${message.lastLine ?? "?"}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ""}`;
    });
  // A run that reports nothing must have read every file: the exit status says so too.
  if (errors.length === 0) expect(run.status, run.stderr).toBe(0);
  return errors;
}

/** The checker's errors for these documents (name and HTML), as "name:line: message". */
export function checkedHtmlErrors(
  documents: ReadonlyArray<readonly [name: string, html: string]>,
): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "valid-html-"));
  try {
    const files = new Map<string, string>();
    for (const [index, [name, html]] of documents.entries()) {
      const file = path.join(dir, `${String(index).padStart(2, "0")}.html`);
      writeFileSync(file, html);
      files.set(file, name);
    }
    return vnuErrors(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
