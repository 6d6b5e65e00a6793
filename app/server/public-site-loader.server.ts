import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import type { ProductType } from "~/lib/product-types";
import { loadPublicSite } from "./repositories/public-sites.server";

/** The loader every public site route shares until its type has a page of its own. */
export function publicSiteLoader(type: ProductType, notFoundMessage: string) {
  return async ({ params, context }: LoaderFunctionArgs) => {
    const { db } = context.get(servicesContext);
    return { site: await loadPublicSite(db, type, params.slugId ?? "", notFoundMessage) };
  };
}
