/**
 * The menu's navigation script (the Menu and the category chips), as a browser entry. Built
 * by esbuild into one minified program (app/sites/browser-scripts.build.ts) that the page
 * embeds at its end; see docs/decisions/0020-browser-scripts-as-modules.md.
 */
import { enhanceMenuNav } from "./menu-nav-script";

enhanceMenuNav(document);
