/**
 * A site's texts and their translations as a CSV file, for a translator
 * (app/server/editing/translations-csv.server.ts describes it). Guarded like every /user
 * route; someone else's site gets the same 404 as an unknown one.
 */
import { servicesContext } from "~/context";
import { siteLanguage } from "~/lib/i18n/languages";
import { translatableTexts } from "~/lib/i18n/translatable-texts";
import { storedOptions } from "~/lib/item-options";
import { storedSpecialHours } from "~/lib/special-hours";
import { requireOwnedProduct } from "~/server/editing/ownership.server";
import { translationsFileName, translationsToCsv } from "~/server/editing/translations-csv.server";
import { listItems } from "~/server/repositories/items.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import {
  loadAllTranslations,
  storedExtraLanguages,
} from "~/server/repositories/translations.server";
import type { Route } from "./+types/languages-csv";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { product } = await requireOwnedProduct(context, params.pid);
  const { db } = context.get(servicesContext);
  const [info, itemRows, all] = await Promise.all([
    loadProductInfo(db, product.id),
    listItems(db, product.id),
    loadAllTranslations(db, product.id),
  ]);
  const main = siteLanguage(info?.language).code;
  const texts = translatableTexts({
    items: itemRows.map((item) => ({ ...item, options: storedOptions(item.options) })),
    specialHours: storedSpecialHours(info?.specialHours),
  });
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
