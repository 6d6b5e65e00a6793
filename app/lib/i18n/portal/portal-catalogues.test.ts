import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literalTextIn } from "../../../../tests/support/literal-text";
import { portalNumber, portalPlural } from "../portal-text";
import { languageWords } from "./languages";

/**
 * The portal's words (app/lib/i18n/portal/*.ts, one catalogue per part of the portal, with
 * app/lib/messages.ts for the specification's messages): each is used, and no screen writes
 * words of its own, so the portal can follow the public pages into other languages by adding
 * catalogues, not by hunting for text.
 */

const catalogues = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], {
  eager: true,
});

/** Every source file under `dir` but the tests. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const APP_SOURCES = sourcesUnder("app").filter(
  // The catalogues are where the words belong.
  (path) =>
    !path.startsWith(join("app", "lib", "i18n")) && path !== join("app", "lib", "messages.ts"),
);

/**
 * The portal's own modules: every string in them that reads like words is a finding, not only
 * their JSX (a page title, a toast, an action's message).
 */
const PORTAL_DIRECTORIES = ["routes/portal", "routes/auth", "routes/marketing", "routes/print"].map(
  (dir) => join("app", dir),
);
const PORTAL_MODULES = new Set([
  ...APP_SOURCES.filter((path) => PORTAL_DIRECTORIES.some((dir) => path.startsWith(dir))),
  ...[
    "components/account-settings.tsx",
    "components/check-your-email.tsx",
    "components/portal-nav.tsx",
    "components/setup-checklist.tsx",
    "components/views-chart.tsx",
    "components/nav-bar.tsx",
  ].map((path) => join("app", path)),
  ...APP_SOURCES.filter((path) => path.startsWith(join("app", "components", "editor"))),
  ...APP_SOURCES.filter((path) => path.startsWith(join("app", "components", "marketing"))),
]);

type CatalogueEntry = [catalogue: string, key: string, value: unknown];

const ENTRIES: CatalogueEntry[] = Object.values(catalogues).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith("Words"))
    .flatMap(([name, words]) =>
      Object.entries(words as Record<string, unknown>).map(([key, value]): CatalogueEntry => [
        name,
        key,
        value,
      ]),
    ),
);

describe("the portal's catalogues", () => {
  it("are there, each frozen", () => {
    const named = Object.values(catalogues).flatMap((module) =>
      Object.entries(module).filter(([name]) => name.endsWith("Words")),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const [name, words] of named) expect(Object.isFrozen(words), name).toBe(true);
  });

  it("hold texts that are not empty, and plurals with their `other` form", () => {
    for (const [catalogue, key, value] of ENTRIES) {
      const where = `${catalogue}.${key}`;
      expect(key, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      if (typeof value === "string") {
        expect(value.trim(), where).not.toBe("");
      } else {
        // A plural: one text per category, "other" always among them.
        const forms = value as Record<string, unknown>;
        expect(typeof forms.other, where).toBe("string");
        for (const text of Object.values(forms)) expect(typeof text, where).toBe("string");
      }
    }
  });

  it("count in the portal's language: one text, 1,234 texts", () => {
    const progress = (translated: number, total: number) =>
      portalPlural(languageWords.progress, total, { translated: portalNumber(translated) });
    expect(progress(0, 1)).toBe("0 of 1 text translated");
    expect(progress(1000, 1234)).toBe("1,000 of 1,234 texts translated");
  });

  it("use every key somewhere in the app", () => {
    const sources = APP_SOURCES.map((path) => readFileSync(path, "utf8")).join("\n");
    const unused = ENTRIES.filter(
      ([catalogue, key]) => !new RegExp(`\\b${catalogue}\\.${key}\\b`).test(sources),
    ).map(([catalogue, key]) => `${catalogue}.${key}`);
    expect(unused).toEqual([]);
  });
});

describe("the app's screens", () => {
  it("write no words of their own in JSX, and the portal's modules none anywhere", () => {
    const found = APP_SOURCES.flatMap((path) =>
      literalTextIn(path, { everywhere: PORTAL_MODULES.has(path) }),
    ).map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`);
    expect(found).toEqual([]);
  });
});
