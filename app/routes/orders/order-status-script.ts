/**
 * The status page's script: asks the server every few seconds whether the order has moved
 * (`/o/{token}/state`, a few bytes) and reloads the page when it has, so the customer sees
 * "Accepted" or "Ready" without touching the phone. Without JavaScript the page refreshes
 * itself every 30 seconds instead (a `<noscript>` refresh). It pauses while the page is
 * hidden and asks again as soon as it is shown.
 */
export const STATUS_POLL_MS = 5000;

export function watchOrderStatus(
  root: HTMLElement,
  fetchState: (url: string) => Promise<{ version: number; closed: boolean }>,
): void {
  const token = root.dataset.orderStatus;
  const version = Number(root.dataset.version);
  if (!token) return;
  let timer = 0;
  const check = async () => {
    window.clearTimeout(timer);
    if (document.visibilityState === "visible") {
      try {
        const state = await fetchState(`/o/${token}/state`);
        if (state.version !== version) return location.reload();
        if (state.closed) return;
      } catch {
        // Offline for a moment: try again at the next turn.
      }
    }
    timer = window.setTimeout(() => void check(), STATUS_POLL_MS);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void check();
  });
  timer = window.setTimeout(() => void check(), STATUS_POLL_MS);
}
