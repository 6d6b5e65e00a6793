import { useEffect, useState } from "react";

/**
 * False in the server-rendered HTML and until React has hydrated. Controls
 * that only work with JavaScript stay disabled until then, so an early tap is
 * never silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
