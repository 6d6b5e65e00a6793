/**
 * The page's language for the React parts of a public page: the page component provides it
 * from its loader's data, and each part reads its words here rather than taking them as props.
 */
import { createContext, useContext } from "react";
import { ENGLISH, type PageLanguage } from "./page-language";

const PageLanguageContext = createContext<PageLanguage>(ENGLISH);

export const PageLanguageProvider = PageLanguageContext.Provider;

export function usePageLanguage(): PageLanguage {
  return useContext(PageLanguageContext);
}
