import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy nonce, for the inline scripts React Router writes.
 * Provided on the server only (app/entry.server.tsx): in the browser the scripts already
 * ran, and browsers hide a nonce from the page anyway.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
