/**
 * The language hint's script, as a browser entry: built by esbuild into one minified
 * program (app/sites/browser-scripts.build.ts) that the page embeds after its hints.
 */
import { showLanguageHint } from "./language-hint-script";

showLanguageHint(document);
