/**
 * The currency of the site being edited, for every price the editor shows or starts a
 * field from (item rows, the edit dialog, the price hint). The editor page provides it
 * from the stored Info; outside one, prices are in the default currency.
 */
import { createContext, useContext } from "react";
import { DEFAULT_CURRENCY, type CurrencyCode } from "~/lib/currency";

const SiteCurrencyContext = createContext<CurrencyCode>(DEFAULT_CURRENCY);

export const SiteCurrencyProvider = SiteCurrencyContext.Provider;

export function useSiteCurrency(): CurrencyCode {
  return useContext(SiteCurrencyContext);
}
