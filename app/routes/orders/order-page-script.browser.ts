/**
 * The order page's script, as a browser entry: built by esbuild into one minified program
 * (app/sites/browser-scripts.build.ts) that the page embeds with its nonce.
 */
import { enhanceOrderForm } from "./order-page-script";

const form = document.querySelector<HTMLFormElement>("form[data-order-form]");
if (form) enhanceOrderForm(form);
