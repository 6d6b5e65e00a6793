/**
 * A site's texts and their translations as a CSV file, for a translator
 * (app/server/editing/translations-csv.server.ts describes it). Guarded like every /user
 * route; someone else's site gets the same 404 as an unknown one.
 */
import { servicesContext } from "~/context";
import { siteLanguage } from "~/lib/i18n/languages";
import { requireSite } from "~/server/access/site-access.server";
import { loadTranslatableTexts } from "~/server/editing/translatable-site.server";
import { translationsFileName, translationsToCsv } from "~/server/editing/translations-csv.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import {
  loadAllTranslations,
  storedExtraLanguages,
} from "~/server/repositories/translations.server";
import type { Route } from "./+types/languages-csv";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { product } = await requireSite(context, params.pid, "site.edit");
  const { db } = context.get(servicesContext);
  const [info, all] = await Promise.all([
    loadProductInfo(db, product.id),
    loadAllTranslations(db, product.id),
  ]);
  const main = siteLanguage(info?.language).code;
  const texts = await loadTranslatableTexts(db, product.id, info);
  const body = translationsToCsv(
    texts,
    main,
    storedExtraLanguages(info?.extraLanguages, main),
    all,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${translationsFileName(product.slug)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
