import { Link } from "react-router";
import { CopyLinkButton, useMarkLinkShared } from "~/components/copy-link-button";
import { ViewsBySourceChart } from "~/components/views-chart";
import { SOURCE_LABELS, VIEW_SOURCES } from "~/lib/page-views";
import { servicesContext } from "~/context";
import { PRINTABLES } from "~/lib/printables";
import { pageMeta } from "~/lib/seo";
import { shareLinks } from "~/lib/share-links";
import { slugify } from "~/lib/slug";
import { siteOf } from "~/sites";
import { viewsBySource, viewTotals } from "~/server/analytics/page-view-reports.server";
import { requireOwnedProduct } from "~/server/editing/ownership.server";
import { ownSiteLink } from "~/server/share/site-links.server";
import type { Route } from "./+types/share";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import shareStylesHref from "./share.css?url";

export const links: Route.LinksFunction = () => stylesheetLinks(shareStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Share ${args.data.name}` : "Share",
    description: "Your site's link, QR code and printables.",
    noIndex: true,
  });

/** The period the share page's views cover. */
const VIEWS_DAYS = 30;

export async function loader({ params, context }: Route.LoaderArgs) {
  // Someone else's site and an unknown one get the same 404.
  const { product } = await requireOwnedProduct(context, params.pid);
  const services = context.get(servicesContext);
  const { db, env } = services;
  const link = await ownSiteLink(services, product);
  const [viewsByDay, totals] = await Promise.all([
    viewsBySource(db, product.id, VIEWS_DAYS),
    viewTotals(db, product.id, VIEWS_DAYS),
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
    domainsOffered: env.customDomains !== null,
  };
}

const NUMBER = new Intl.NumberFormat("en-US");

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
          <h1>Share {name}</h1>
          <p className="muted">{site.label}: your link, QR code and printables</p>
        </div>
        <div className="card-actions">
          <Link className="button secondary" to={`/user/${type}/setup/${id}`}>
            Edit
          </Link>
          <a className="button secondary" href={publicPath} target="_blank" rel="noreferrer">
            View Public
          </a>
        </div>
      </div>

      <div className="share-grid">
        <section className="card share-section" aria-labelledby="share-link-heading">
          <h2 id="share-link-heading">Your link</h2>
          <p className="public-url">{publicUrl}</p>
          <CopyLinkButton url={publicUrl} label={`Copy link to ${name}`} productId={id} />
          {loaderData.domainsOffered ? (
            <p className="muted">
              Want your own address? <Link to={`/user/domain/${id}`}>Connect a domain</Link>
            </p>
          ) : null}
          <h3 className="share-subheading">Share it</h3>
          <ul className="share-buttons" aria-label="Share on">
            {shareLinks(name, publicUrl).map((link) => (
              <li key={link.name}>
                <a
                  className={`button secondary share-${link.name.toLowerCase()}`}
                  href={link.href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Share on ${link.name}`}
                  onClick={markShared}
                >
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section className="card share-section" aria-labelledby="share-qr-heading">
          <h2 id="share-qr-heading">QR code</h2>
          <p className="muted">Opens your page. Scans are counted as “QR code” in your views.</p>
          <img
            className="share-qr"
            src={qrSvg}
            width={240}
            height={240}
            alt={`QR code for ${publicUrl}`}
          />
          <div className="card-actions">
            {(
              [
                ["png", qrPng, "button"],
                ["svg", qrSvg, "button secondary"],
              ] as const
            ).map(([format, href, className]) => (
              <a
                key={format}
                className={className}
                href={href}
                download={downloadName(name, format)}
                onClick={markShared}
              >
                Download {format.toUpperCase()}
              </a>
            ))}
          </div>
          <p className="muted small">
            PNG (1,024 px) for documents and social posts; SVG stays sharp at any size, for print
            shops.
          </p>
        </section>

        <section className="card share-section" aria-labelledby="share-print-heading">
          <h2 id="share-print-heading">Print</h2>
          <p className="muted">
            Your name, logo, colours and QR code with “{site.scanPrompt}”, ready to print or save as
            a PDF.
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
          <h2 id="share-views-heading">Views in the last {VIEWS_DAYS} days</h2>
          <dl className="views-totals">
            <div>
              <dt>Views</dt>
              <dd>{NUMBER.format(totals.views)}</dd>
            </div>
            {VIEW_SOURCES.map((source) => (
              <div key={source}>
                <dt>{SOURCE_LABELS[source]}</dt>
                <dd>{NUMBER.format(totals[source])}</dd>
              </div>
            ))}
            <div>
              <dt>On phones</dt>
              <dd>{NUMBER.format(totals.phone)}</dd>
            </div>
            <div>
              <dt>On computers</dt>
              <dd>{NUMBER.format(totals.desktop)}</dd>
            </div>
          </dl>
          <ViewsBySourceChart days={viewsByDay} />
          <p className="muted small">
            Counted without cookies and without keeping anyone's address or browser; search engines'
            and other robots' visits are left out. New views show within a minute.
          </p>
        </section>
      </div>
    </div>
  );
}
