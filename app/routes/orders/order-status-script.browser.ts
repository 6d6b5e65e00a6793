/**
 * The status page's script, as a browser entry: built by esbuild into one minified program
 * (app/sites/browser-scripts.build.ts) that the page embeds with its nonce.
 */
import { watchOrderStatus } from "./order-status-script";

const root = document.querySelector<HTMLElement>("[data-order-status]");
if (root) {
  watchOrderStatus(root, (url) =>
    fetch(url, { cache: "no-store", headers: { Accept: "application/json" } }).then((answer) => {
      if (!answer.ok) throw new Error(String(answer.status));
      return answer.json() as Promise<{ version: number; closed: boolean }>;
    }),
  );
}
