/**
 * The portal's rarely used parts stay out of the code a page loads first: Radix's menu and
 * dialogs and sonner come in chunks of their own, fetched on first use, and what the page
 * renders before then is plain markup saying what Radix's would.
 */
import path from "node:path";
import { build } from "esbuild";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { ItemActionsMenu } from "./editor/item-menu";

const app = path.resolve(import.meta.dirname, "..");

/**
 * The packages bundled into what loading `entry` loads at once: its chunk and the chunks that
 * imports statically, its dynamic imports left out.
 */
async function firstLoadPackages(entry: string): Promise<string[]> {
  const entryPath = path.join(app, entry);
  const result = await build({
    entryPoints: [entryPath],
    bundle: true,
    splitting: true,
    format: "esm",
    write: false,
    outdir: "/tmp/lazy-parts",
    metafile: true,
    logLevel: "silent",
    alias: { "~": app },
    external: ["react", "react-dom", "react-router", "*.css", "*.css?url"],
    jsx: "automatic",
  });
  const outputs = result.metafile.outputs;
  // Each dynamic import is an entry point of its own to esbuild: only the asked one counts.
  const first = Object.keys(outputs).filter(
    (file) => path.resolve(outputs[file]!.entryPoint ?? "/") === entryPath,
  );
  expect(first).toHaveLength(1);
  const loaded = new Set<string>();
  while (first.length > 0) {
    const file = first.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const imported of outputs[file]!.imports) {
      if (imported.kind === "import-statement" && imported.path in outputs)
        first.push(imported.path);
    }
  }
  const packages = [...loaded]
    .flatMap((file) => Object.keys(outputs[file]!.inputs))
    .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(packages)].sort();
}

describe("the first load's code", () => {
  it.each([
    "components/editor/item-row.tsx",
    "components/toasts.tsx",
    "components/unsaved-changes.tsx",
    "components/confirm-dialog.tsx",
    "sites/restaurant/editor.tsx",
    "sites/shoppy/editor.tsx",
  ])("of %s holds neither Radix nor sonner", { timeout: 20_000 }, async (entry) => {
    const packages = await firstLoadPackages(entry);
    expect(packages.filter((name) => /^@radix-ui\/|^@floating-ui\/|^sonner$/.test(name))).toEqual(
      [],
    );
  });

  it("of the chunks loaded on first use holds them", { timeout: 20_000 }, async () => {
    expect(await firstLoadPackages("components/action-menu-radix.tsx")).toContain(
      "@radix-ui/react-dropdown-menu",
    );
    expect(await firstLoadPackages("components/editor/item-dialogs.tsx")).toContain(
      "@radix-ui/react-dialog",
    );
  });
});

/** Renders in a router, as the portal does: the confirm's dialog uses a fetcher. */
function serverHtml(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}

describe("before its first use", () => {
  it("an item's actions button is named and announces its menu, as Radix's trigger does", () => {
    const html = serverHtml(
      <ItemActionsMenu
        itemName="Soup"
        entries={[{ key: "edit", label: "Edit" }]}
        onSelect={() => {}}
        triggerRef={{ current: null }}
      />,
    );
    expect(html).toMatch(/<button[^>]*aria-label="Actions for Soup"/);
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('class="button secondary icon-button item-menu-button"');
    // Disabled until hydrated, and no menu yet.
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).not.toContain('role="menu"');
  });

  it("a confirm's trigger announces its dialog, which is not rendered yet", () => {
    const html = serverHtml(
      <ConfirmDialog
        trigger="Delete"
        triggerLabel="Delete Rosa's"
        title="Delete Rosa's?"
        description="Gone for good."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
      />,
    );
    expect(html).toMatch(/<button[^>]*aria-label="Delete Rosa&#x27;s"/);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain("Delete Rosa&#x27;s?");
  });
});
