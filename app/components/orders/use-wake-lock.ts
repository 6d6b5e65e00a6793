/**
 * The Screen Wake Lock in React: `start` (from a tap) keeps the screen on, asking again each
 * time the page is shown, until `stop` or until the component goes. The rules are
 * WakeLockKeeper's (app/lib/wake-lock.ts).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { WakeLockKeeper, type WakeLockStatus } from "~/lib/wake-lock";

export function useWakeLock() {
  // "off" in the server's HTML; the browser's answer once hydrated.
  const [status, setStatus] = useState<WakeLockStatus>("off");
  const keeper = useRef<WakeLockKeeper | null>(null);

  const keeperNow = useCallback((): WakeLockKeeper => {
    keeper.current ??= new WakeLockKeeper(
      "wakeLock" in navigator ? navigator.wakeLock : undefined,
      document,
      setStatus,
    );
    return keeper.current;
  }, []);

  useEffect(() => {
    setStatus(keeperNow().current);
    return () => keeper.current?.stop();
  }, [keeperNow]);

  const start = useCallback(() => {
    const current = keeperNow();
    void current.start();
    setStatus(current.current);
  }, [keeperNow]);

  const stop = useCallback(() => keeper.current?.stop(), []);

  return { status, start, stop };
}
