import { Link } from "react-router";
import { CopyLinkButton, useMarkLinkShared } from "~/components/copy-link-button";
import { ViewsBySourceChart } from "~/components/views-chart";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { portalNumber } from "~/lib/i18n/portal-text";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";
import { SOURCE_LABELS, VIEW_SOURCES } from "~/lib/page-views";
import { servicesContext } from "~/context";
import { PRINTABLES } from "~/lib/printables";
import { pageMeta } from "~/lib/seo";
import { shareLinks } from "~/lib/share-links";
import { slugify } from "~/lib/slug";
import { siteOf } from "~/sites";
import { viewsBySource, viewTotals } from "~/server/analytics/page-view-reports.server";
import { roleMay } from "~/lib/site-access";
import { requireSite } from "~/server/access/site-access.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import { ownSiteLink } from "~/server/share/site-links.server";
import type { Route } from "./+types/share";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import shareStylesHref from "./share.css?url";

export const links: Route.LinksFunction = () => stylesheetLinks(shareStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(siteAdminWords.shareSite, { name: args.data.name })
      : siteAdminWords.share,
    description: siteAdminWords.shareDescription,
    noIndex: true,
  });

/** The period the share page's views cover. */
const VIEWS_DAYS = 30;

export async function loader({ params, context }: Route.LoaderArgs) {
  // Someone else's site and an unknown one get the same 404.
  const { product, role } = await requireSite(context, params.pid, "site.edit");
  const services = context.get(servicesContext);
  const { db, env } = services;
  const link = await ownSiteLink(services, product);
  const [viewsByDay, totals, info] = await Promise.all([
    viewsBySource(db, product.id, VIEWS_DAYS),
    viewTotals(db, product.id, VIEWS_DAYS),
    loadProductInfo(db, product.id),
  ]);
  return {
    viewsByDay,
    totals,
    id: product.id,
    type: product.type,
    name: product.name,
    ...link,
    qrSvg: `${link.publicPath}/qr.svg`,
    qrPng: `${link.publicPath}/qr.png`,
    // A custom address is the owner's to connect (app/lib/site-access.ts).
    domainsOffered: env.customDomains !== null && roleMay(role, "site.domain"),
    /** What the printed sheets ask, in the site's main language (as they print it). */
    scanPrompt: siteOf(product.type).scanPrompt(pageLanguage(info?.language).words),
  };
}

/** A file name people recognise in their downloads: "cafe-rose-qr.png". */
function downloadName(name: string, extension: string): string {
  return `${slugify(name) || "site"}-qr.${extension}`;
}

export default function Share({ loaderData }: Route.ComponentProps) {
  const { id, type, name, publicUrl, publicPath, qrSvg, qrPng, viewsByDay, totals } = loaderData;
  const site = siteOf(type);
  const markShared = useMarkLinkShared(id);
  return (
    <div className="container share-page">
      <div className="page-header">
        <div>
          <h1>{fill(siteAdminWords.shareSite, { name })}</h1>
          <p className="muted">{fill(siteAdminWords.shareSubtitle, { type: site.label })}</p>
        </div>
        <div className="card-actions">
          <Link className="button secondary" to={`/user/${type}/setup/${id}`}>
            {siteAdminWords.edit}
          </Link>
          <a className="button secondary" href={publicPath} target="_blank" rel="noreferrer">
            {siteAdminWords.viewPublic}
          </a>
        </div>
      </div>

      <div className="share-grid">
        <section className="card share-section" aria-labelledby="share-link-heading">
          <h2 id="share-link-heading">{siteAdminWords.yourLink}</h2>
          <p className="public-url">{publicUrl}</p>
          <CopyLinkButton
            url={publicUrl}
            label={fill(siteAdminWords.copyLinkTo, { name })}
            productId={id}
          />
          {loaderData.domainsOffered ? (
            <p className="muted">
              {fillNodes(siteAdminWords.ownAddress, {
                link: <Link to={`/user/domain/${id}`}>{siteAdminWords.connectDomain}</Link>,
              })}
            </p>
          ) : null}
          <h3 className="share-subheading">{siteAdminWords.shareIt}</h3>
          <ul className="share-buttons" aria-label={siteAdminWords.shareOn}>
            {shareLinks(name, publicUrl).map((link) => (
              <li key={link.name}>
                <a
                  className={`button secondary share-${link.name.toLowerCase()}`}
                  href={link.href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={fill(siteAdminWords.shareOnNetwork, { network: link.label })}
                  onClick={markShared}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section className="card share-section" aria-labelledby="share-qr-heading">
          <h2 id="share-qr-heading">{siteAdminWords.qrCode}</h2>
          <p className="muted">{siteAdminWords.qrCodeHint}</p>
          <img
            className="share-qr"
            src={qrSvg}
            width={240}
            height={240}
            alt={fill(siteAdminWords.qrCodeFor, { url: publicUrl })}
          />
          <div className="card-actions">
            {[
              { format: "png", href: qrPng, className: "button" },
              { format: "svg", href: qrSvg, className: "button secondary" },
            ].map(({ format, href, className }) => (
              <a
                key={format}
                className={className}
                href={href}
                download={downloadName(name, format)}
                onClick={markShared}
              >
                {fill(siteAdminWords.downloadFormat, { format: format.toUpperCase() })}
              </a>
            ))}
          </div>
          <p className="muted small">{siteAdminWords.qrFormatsHint}</p>
        </section>

        <section className="card share-section" aria-labelledby="share-print-heading">
          <h2 id="share-print-heading">{siteAdminWords.print}</h2>
          <p className="muted">
            {fill(siteAdminWords.printHint, { scanPrompt: loaderData.scanPrompt })}
          </p>
          <ul className="printables">
            {PRINTABLES.map((printable) => (
              <li key={printable.format}>
                <a
                  href={`/user/share/${id}/print/${printable.format}`}
                  target="_blank"
                  rel="noreferrer"
                  onClick={markShared}
                >
                  <strong>{printable.title}</strong>
                  <span className="muted">{printable.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section className="card share-section share-views" aria-labelledby="share-views-heading">
          <h2 id="share-views-heading">
            {fill(siteAdminWords.viewsInLastDays, { days: VIEWS_DAYS })}
          </h2>
          <dl className="views-totals">
            <div>
              <dt>{siteAdminWords.views}</dt>
              <dd>{portalNumber(totals.views)}</dd>
            </div>
            {VIEW_SOURCES.map((source) => (
              <div key={source}>
                <dt>{SOURCE_LABELS[source]}</dt>
                <dd>{portalNumber(totals[source])}</dd>
              </div>
            ))}
            <div>
              <dt>{siteAdminWords.onPhones}</dt>
              <dd>{portalNumber(totals.phone)}</dd>
            </div>
            <div>
              <dt>{siteAdminWords.onComputers}</dt>
              <dd>{portalNumber(totals.desktop)}</dd>
            </div>
          </dl>
          <ViewsBySourceChart days={viewsByDay} />
          <p className="muted small">{siteAdminWords.viewsPrivacy}</p>
        </section>
      </div>
    </div>
  );
}
