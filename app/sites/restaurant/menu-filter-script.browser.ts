/**
 * The menu's dietary filter script, as a browser entry. Built by esbuild into one minified
 * program (app/sites/browser-scripts.build.ts) that the page embeds after its filter; see
 * docs/decisions/0020-browser-scripts-as-modules.md.
 */
import { enhanceMenuFilter } from "./menu-filter-script";

enhanceMenuFilter();
