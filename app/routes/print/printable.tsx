import { data, Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { servicesContext } from "~/context";
import { publicImageSrc } from "~/lib/image-url";
import { printableOf } from "~/lib/printables";
import { pageMeta } from "~/lib/seo";
import { printedAddress } from "~/lib/share-links";
import { siteThemeAttributes } from "~/lib/site-theme";
import { siteOf } from "~/sites";
import { requireOwnedProduct } from "~/server/editing/ownership.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import { ownSiteLink } from "~/server/share/site-links.server";
import printableStyles from "./printable.css?url";
import type { Route } from "./+types/printable";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printableStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `${args.data.printable.title}: ${args.data.name}` : "Printable",
    description: "A printable sheet with your site's QR code.",
    noIndex: true,
  });

/** Names longer than this get a smaller type, so they stay on the sheet. */
const LONG_NAME = 24;

export async function loader({ params, context }: Route.LoaderArgs) {
  const printable = printableOf(params.format);
  // Someone else's site and an unknown one get the same 404.
  const { product } = await requireOwnedProduct(context, params.pid);
  if (!printable) throw data({ message: "There is no such printable." }, { status: 404 });
  const services = context.get(servicesContext);
  const info = await loadProductInfo(services.db, product.id);
  const link = await ownSiteLink(services, product);
  return {
    id: product.id,
    printable,
    name: product.name,
    scanPrompt: siteOf(product.type).scanPrompt,
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
      Print or save as PDF
    </button>
  ) : (
    <p>Use your browser’s Print (Ctrl+P or ⌘P) to print it or save it as a PDF.</p>
  );
}

export default function PrintableSheet({ loaderData }: Route.ComponentProps) {
  const { id, printable, name, scanPrompt, logoUrl, colors, fontStyle, publicUrl, qrSvg } =
    loaderData;
  return (
    <>
      <header className="print-toolbar">
        <Link to={`/user/share/${id}`}>Back to Share</Link>
        <PrintButton />
        <p className="print-hint">
          {`One ${printable.paper === "letter" ? "US Letter" : printable.paper} page, no margins: choose “Default” or “None” margins when you print.`}
        </p>
      </header>
      <div className="print-page">
        <main
          className={`sheet sheet-${printable.format}`}
          {...siteThemeAttributes(colors, fontStyle)}
        >
          <div className="sheet-body">
            {logoUrl ? (
              <img className="sheet-logo" src={logoUrl} alt="" width={240} height={240} />
            ) : null}
            <h1 className={name.length > LONG_NAME ? "sheet-name long" : "sheet-name"}>{name}</h1>
            <div className="sheet-qr">
              <img src={qrSvg} alt={`QR code for ${publicUrl}`} width={600} height={600} />
            </div>
            <p className="sheet-prompt">{scanPrompt}</p>
            <p className="sheet-url">{printedAddress(publicUrl)}</p>
          </div>
        </main>
      </div>
    </>
  );
}
