/**
 * The text of a built stylesheet, for a public page to carry inline.
 *
 * A public page's few KB of CSS, linked, cost a phone a second connection and a round trip
 * before anything paints: on a slow mobile link that is most of the time to first paint.
 * Inline, the page paints from its first response. The stylesheets are the client build's
 * hashed assets, read once per build and kept in memory; an address that is not one of them
 * (the development server's, a missing file) or a sheet too large to repeat in every page
 * stays a link.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { projectPath } from "../runtime/paths.server";

/** Larger sheets stay linked: every page of the site would repeat them. */
export const INLINE_STYLESHEET_MAX_BYTES = 16 * 1024;

const textsByBuild = new WeakMap<ServerBuild, Map<string, string | null>>();

/** The stylesheet at `href` as text to inline, or null to keep it a link. */
export function inlineStylesheetText(build: ServerBuild, href: string): string | null {
  let texts = textsByBuild.get(build);
  if (!texts) {
    texts = new Map();
    textsByBuild.set(build, texts);
  }
  let text = texts.get(href);
  if (text === undefined) {
    text = readStylesheet(build, href);
    texts.set(href, text);
  }
  return text;
}

function readStylesheet(build: ServerBuild, href: string): string | null {
  const assetsPrefix = `${build.publicPath ?? "/"}assets/`;
  const name = href.startsWith(assetsPrefix) ? href.slice(assetsPrefix.length) : "";
  // Only a hashed file of the build's assets folder, by its plain name.
  if (!/^[\w.-]+\.css$/.test(name) || !build.assetsBuildDirectory) return null;
  let text: string;
  try {
    text = readFileSync(
      path.resolve(projectPath(), build.assetsBuildDirectory, "assets", name),
      "utf8",
    );
  } catch {
    return null;
  }
  // Inside <style>, only "</style" could end the element early.
  if (Buffer.byteLength(text) > INLINE_STYLESHEET_MAX_BYTES || /<\/style/i.test(text)) return null;
  return text;
}
