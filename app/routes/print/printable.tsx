import { Fragment } from "react";
import { data, Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { servicesContext } from "~/context";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { printWords } from "~/lib/i18n/portal/print";
import { fill } from "~/lib/i18n/text";
import { publicImageSrc } from "~/lib/image-url";
import { printableOf } from "~/lib/printables";
import { pageMeta } from "~/lib/seo";
import { printedAddress } from "~/lib/share-links";
import { siteThemeAttributes } from "~/lib/site-theme";
import { siteOf } from "~/sites";
import { requireSite } from "~/server/access/site-access.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import { storedExtraLanguages } from "~/server/repositories/translations.server";
import { ownSiteLink } from "~/server/share/site-links.server";
import printableStyles from "./printable.css?url";
import type { Route } from "./+types/printable";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printableStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(printWords.title, { printable: args.data.printable.title, name: args.data.name })
      : printWords.titleAlone,
    description: printWords.description,
    noIndex: true,
  });

/** Names longer than this get a smaller type, so they stay on the sheet. */
const LONG_NAME = 24;

export async function loader({ params, context }: Route.LoaderArgs) {
  const printable = printableOf(params.format);
  // Someone else's site and an unknown one get the same 404.
  const { product } = await requireSite(context, params.pid, "site.edit");
  if (!printable) throw data({ message: printWords.noSuchPrintable }, { status: 404 });
  const services = context.get(servicesContext);
  const info = await loadProductInfo(services.db, product.id);
  const link = await ownSiteLink(services, product);
  // The sheet speaks the site's main language, and under it its further ones: one code for all.
  const main = info?.language ?? "en";
  const languages = [main, ...storedExtraLanguages(info?.extraLanguages, main)];
  const site = siteOf(product.type);
  return {
    id: product.id,
    printable,
    name: product.name,
    scanPrompts: languages.map((code) => {
      const { language, words } = pageLanguage(code);
      return { lang: language.tag, dir: language.dir, text: site.scanPrompt(words) };
    }),
    logoUrl: publicImageSrc(info?.logoUrl),
    colors: info?.colors ?? {},
    fontStyle: info?.fontStyle,
    publicUrl: link.publicUrl,
    qrSvg: `${link.publicPath}/qr.svg`,
  };
}

function PrintButton() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="button" onClick={() => window.print()}>
      {printWords.printOrSave}
    </button>
  ) : (
    <p>{printWords.useBrowserPrint}</p>
  );
}

export default function PrintableSheet({ loaderData }: Route.ComponentProps) {
  const { id, printable, name, scanPrompts, logoUrl, colors, fontStyle, publicUrl, qrSvg } =
    loaderData;
  const [mainPrompt, ...otherPrompts] = scanPrompts;
  return (
    <>
      <header className="print-toolbar">
        <Link to={`/user/share/${id}`}>{printWords.backToShare}</Link>
        <PrintButton />
        <p className="print-hint">
          {fill(printWords.marginsHint, {
            paper: printable.paper === "letter" ? printWords.usLetter : printable.paper,
          })}
        </p>
      </header>
      <div className="print-page">
        <main
          className={`sheet sheet-${printable.format}`}
          lang={mainPrompt?.lang}
          dir={mainPrompt?.dir}
          {...siteThemeAttributes(colors, fontStyle)}
        >
          <div className="sheet-body">
            {logoUrl ? (
              <img className="sheet-logo" src={logoUrl} alt="" width={240} height={240} />
            ) : null}
            <h1 className={name.length > LONG_NAME ? "sheet-name long" : "sheet-name"}>{name}</h1>
            <div className="sheet-qr">
              {/* Its words are the portal's, for the owner looking at the sheet. */}
              <img
                lang="en"
                dir="ltr"
                src={qrSvg}
                alt={fill(printWords.qrCodeFor, { address: publicUrl })}
                width={600}
                height={600}
              />
            </div>
            <p className="sheet-prompt">{mainPrompt?.text}</p>
            {otherPrompts.length > 0 ? (
              <p className="sheet-prompt-more">
                {otherPrompts.map((prompt, index) => (
                  <Fragment key={prompt.lang}>
                    {/* Kept on the line of the prompt before it: no line starts with a dot. */}
                    {index > 0 ? "\u00a0· " : null}
                    <span lang={prompt.lang} dir={prompt.dir}>
                      {prompt.text}
                    </span>
                  </Fragment>
                ))}
              </p>
            ) : null}
            <p className="sheet-url">{printedAddress(publicUrl)}</p>
          </div>
        </main>
      </div>
    </>
  );
}
