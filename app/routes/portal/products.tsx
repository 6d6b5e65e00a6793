import { Link } from "react-router";
import { CopyLinkButton } from "~/components/copy-link-button";
import { useOwnerLiveUpdates } from "~/components/live-updates";
import { ownerContext, servicesContext } from "~/context";
import { SetupChecklist } from "~/components/setup-checklist";
import { ViewsTrend } from "~/components/views-chart";
import { effectiveMaxProducts, isStatusValid } from "~/lib/limits";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { siteOf } from "~/sites";
import type { ProductType } from "~/sites/product-types";
import { ROLE_LABELS, staffWords } from "~/lib/i18n/portal/staff";
import { roleMay, type StaffRole } from "~/lib/site-access";
import { publicPath } from "~/lib/slug";
import { sitesWorkedOn } from "~/server/access/staff.server";
import { setupChecklist } from "~/lib/setup-checklist";
import { dailyViews } from "~/server/analytics/page-view-reports.server";
import { listOwnerSitesWithProgress } from "~/server/repositories/products.server";
import { publicLink } from "~/server/share/site-links.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/products";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import productsStylesHref from "./products.css?url";
import { logRequestError } from "~/server/http/log.server";

export const links: Route.LinksFunction = () => stylesheetLinks(productsStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: navigationWords.yourProducts,
    description: siteAdminWords.productsDescription,
    noIndex: true,
  });

/** The trend each site's card shows. */
const VIEWS_DAYS = 7;

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const max = effectiveMaxProducts(owner.maxProduct);
  // An owner whose status is not valid learns it here, not only when trying to create.
  const blockedStatus = isStatusValid(owner.status) ? null : owner.status;
  const { db, env } = context.get(servicesContext);
  try {
    const [products, shared] = await Promise.all([
      listOwnerSitesWithProgress(db, owner.id),
      sitesWorkedOn(db, owner.id),
    ]);
    const views = await dailyViews(
      db,
      products.map((product) => product.id),
      VIEWS_DAYS,
    );
    return {
      error: null,
      max,
      blockedStatus,
      shared: shared.map((site) => ({
        id: site.id,
        name: site.name,
        type: site.type,
        role: site.role,
        publicPath: publicPath(site.type, site.slug, site.id),
        editorPath: roleMay(site.role, "site.edit") ? `/user/${site.type}/setup/${site.id}` : null,
      })),
      products: products.map((product) => ({
        id: product.id,
        type: product.type,
        name: product.name,
        ...publicLink(
          env,
          product.type,
          product.slug,
          product.id,
          env.customDomains ? product.customDomain : null,
        ),
        views: views.get(product.id) ?? [],
        setup: setupChecklist({
          type: product.type,
          logoUrl: product.logoUrl ?? "",
          bgUrl: product.bgUrl ?? "",
          hours: product.hours,
          itemCount: product.itemCount,
          shared: product.sharedAt !== null,
        }),
      })),
    };
  } catch (error) {
    logRequestError(request, "loading products failed", error);
    return { error: MESSAGES.failedToLoadProducts, max, blockedStatus, products: [], shared: [] };
  }
}

export default function YourProducts({ loaderData }: Route.ComponentProps) {
  const { products, shared, max, error, blockedStatus } = loaderData;
  useOwnerLiveUpdates();
  const atLimit = products.length >= max;

  return (
    <div className="container">
      <div className="page-header">
        <h1>{navigationWords.yourProducts}</h1>
        <p className="muted" aria-live="polite">
          {fill(siteAdminWords.sitesUsed, { used: products.length, max })}
        </p>
      </div>
      {blockedStatus !== null ? (
        <div className="alert warning" role="status">
          <p>
            <strong>{fill(siteAdminWords.accountStatusIs, { status: blockedStatus })}</strong>{" "}
            {MESSAGES.statusNotValid} {siteAdminWords.existingSitesStayOnline}
          </p>
        </div>
      ) : null}
      {shared.length > 0 ? <SitesWorkedOn sites={shared} /> : null}
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : products.length === 0 && blockedStatus === null ? (
        <div className="card">
          <p>{siteAdminWords.noSitesYet}</p>
          <p>
            <Link className="button" to="/user/create">
              {siteAdminWords.createFirstSite}
            </Link>
          </p>
        </div>
      ) : products.length === 0 ? null : (
        <ul className="grid" aria-label={siteAdminWords.yourSites}>
          {products.map((product) => (
            <li key={product.id} className="card">
              <h2>{product.name}</h2>
              <p className="muted">
                {siteOf(product.type).label} · <span className="badge">{siteAdminWords.live}</span>
              </p>
              <p className="public-url">{product.publicUrl}</p>
              <ViewsTrend siteName={product.name} counts={product.views} />
              <div className="card-actions">
                <Link
                  to={`/user/${product.type}/setup/${product.id}`}
                  aria-label={fill(siteAdminWords.editSite, { name: product.name })}
                >
                  {siteAdminWords.edit}
                </Link>
                <a
                  href={product.publicPath}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={fill(siteAdminWords.viewPublicOf, { name: product.name })}
                >
                  {siteAdminWords.viewPublic}
                </a>
                <Link
                  to={`/user/share/${product.id}`}
                  aria-label={fill(siteAdminWords.shareSite, { name: product.name })}
                >
                  {siteAdminWords.share}
                </Link>
                <CopyLinkButton
                  url={product.publicUrl}
                  label={fill(siteAdminWords.copyLinkTo, { name: product.name })}
                  productId={product.id}
                />
              </div>
              <SetupChecklist
                siteName={product.name}
                steps={product.setup}
                editorPath={`/user/${product.type}/setup/${product.id}`}
                sharePath={`/user/share/${product.id}`}
              />
            </li>
          ))}
        </ul>
      )}
      {!error && products.length > 0 && blockedStatus === null ? (
        atLimit ? (
          <p className="muted">{MESSAGES.productLimitReached}</p>
        ) : (
          <p>
            <Link className="button" to="/user/create">
              {siteAdminWords.create}
            </Link>
          </p>
        )
      ) : null}
    </div>
  );
}

/** The sites the person works on for their owners, each with their role and where it leads. */
function SitesWorkedOn({
  sites,
}: {
  sites: Array<{
    id: string;
    name: string;
    type: ProductType;
    role: StaffRole;
    publicPath: string;
    editorPath: string | null;
  }>;
}) {
  return (
    <section className="shared-sites" aria-labelledby="shared-sites-heading">
      <h2 id="shared-sites-heading">{staffWords.sharedHeading}</h2>
      <ul className="grid">
        {sites.map((site) => (
          <li key={site.id} className="card">
            <h3>{site.name}</h3>
            <p className="muted">
              {siteOf(site.type).label} ·{" "}
              <span className="role-badge">
                {fill(staffWords.sharedRole, { role: ROLE_LABELS[site.role] })}
              </span>
            </p>
            <div className="card-actions">
              <Link className="button small" to="/user/orders">
                {staffWords.openOrders}
              </Link>
              {site.editorPath ? (
                <Link className="button secondary small" to={site.editorPath}>
                  {staffWords.openEditor}
                </Link>
              ) : null}
              <a
                href={site.publicPath}
                target="_blank"
                rel="noreferrer"
                aria-label={fill(siteAdminWords.viewPublicOf, { name: site.name })}
              >
                {siteAdminWords.viewPublic}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
