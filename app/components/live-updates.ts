import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps a portal page in step with changes the owner makes elsewhere (another
 * tab or device): the server's event stream says something changed, and the
 * page reloads its loader data. EventSource reconnects by itself after a drop;
 * on reconnecting the page reloads too, in case it missed an event.
 */
export function useOwnerLiveUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    const source = new EventSource("/user/events");
    let reconnecting = false;
    const reload = () => void revalidate.current();
    source.addEventListener("products-changed", reload);
    source.addEventListener("resync", reload);
    source.addEventListener("error", () => {
      reconnecting = true;
    });
    source.addEventListener("open", () => {
      if (reconnecting) reload();
      reconnecting = false;
    });
    return () => source.close();
  }, []);
}
