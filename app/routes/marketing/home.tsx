import { data, useRouteLoaderData } from "react-router";
import { ContactForm } from "~/components/marketing/contact-form";
import { ExampleList } from "~/components/marketing/example-list";
import { ExampleShowcase } from "~/components/marketing/example-showcase";
import { GetStarted } from "~/components/marketing/get-started";
import { PlanTable } from "~/components/marketing/plan-table";
import { ProductGrid } from "~/components/marketing/product-grid";
import { useNonce } from "~/components/nonce";
import { servicesContext } from "~/context";
import { CATALOG } from "~/lib/catalog";
import { CONTACT_REPLY_PROMISE, contactMailto } from "~/lib/contact";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { fill } from "~/lib/i18n/text";
import { pageMeta, SITE_NAME } from "~/lib/seo";
import { contactSchema } from "~/lib/validation";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import { existingExampleSites } from "~/server/seed/examples.server";
import type { Route } from "./+types/home";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import homeStylesHref from "./home.css?url";
import type { loader as layoutLoader } from "./layout";

export const links: Route.LinksFunction = () => stylesheetLinks(homeStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: SITE_NAME,
    description: marketingWords.homeDescription,
  });

// Plain HTML, like the public sites: a visitor's phone downloads no JavaScript here, so the
// page and its pictures arrive first. The contact form works without it (see the action).
export const handle = { hydrate: false };

/**
 * Without React, the site nav's menu would stay open after a jump to a section of this page:
 * this closes it, as a new page would be.
 */
const CLOSE_MENU_ON_JUMP = `addEventListener("hashchange",()=>{for(const m of document.querySelectorAll("details.nav-menu[open]"))m.open=false})`;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return {
    supportEmail: services.env.supportEmail,
    examples: await existingExampleSites(services),
  };
}

/** The contact form without JavaScript: checked here, answered with the mailto link to follow. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readFormOrRefuse(request), contactSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), mailto: null }, { status: 400 });
  }
  const { supportEmail } = context.get(servicesContext).env;
  return {
    result: submission.reply({ resetForm: true }),
    mailto: contactMailto(supportEmail, submission.value),
  };
}

const FEATURES = [
  [marketingWords.featureMinutesTitle, marketingWords.featureMinutesText],
  [marketingWords.featureFastTitle, marketingWords.featureFastText],
  [marketingWords.featureCurrentTitle, marketingWords.featureCurrentText],
  [marketingWords.featureBrandTitle, marketingWords.featureBrandText],
  [marketingWords.featureSearchTitle, marketingWords.featureSearchText],
  [marketingWords.featureShareTitle, marketingWords.featureShareText],
] as const;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/marketing/layout");
  const { examples } = loaderData;
  const nonce = useNonce();
  const [featured] = examples;
  return (
    <div className="container">
      <section className={featured ? "hero with-showcase" : "hero"} aria-labelledby="hero-title">
        <div className="hero-text">
          <h1 id="hero-title">{marketingWords.heroTitle}</h1>
          <p>{marketingWords.heroText}</p>
          {/* The landing page presents every product, so none is chosen for the visitor here. */}
          <GetStarted
            product={null}
            signedIn={Boolean(layout?.user)}
            registerHref={layout?.registerHref ?? null}
          />
        </div>
        {featured ? <ExampleShowcase example={featured} loading="first" /> : null}
      </section>

      {examples.length > 0 ? (
        <section id="examples" className="section" aria-labelledby="examples-title">
          <h2 id="examples-title">{marketingWords.examplesTitle}</h2>
          <p className="muted">{fill(marketingWords.examplesIntro, { product: SITE_NAME })}</p>
          <ExampleList examples={examples} />
        </section>
      ) : null}

      <section id="products" className="section" aria-labelledby="products-title">
        <h2 id="products-title">{navigationWords.products}</h2>
        <ProductGrid entries={CATALOG} />
      </section>

      <section id="features" className="section" aria-labelledby="features-title">
        <h2 id="features-title">{marketingWords.features}</h2>
        <ul className="grid feature-list">
          {FEATURES.map(([title, text]) => (
            <li key={title} className="card">
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="versions" className="section" aria-labelledby="versions-title">
        <h2 id="versions-title">{marketingWords.versions}</h2>
        <PlanTable headingId="versions-title" />
      </section>

      <section id="about" className="section" aria-labelledby="about-title">
        <h2 id="about-title">{navigationWords.about}</h2>
        <p>{fill(marketingWords.aboutText, { product: SITE_NAME })}</p>
      </section>

      <section id="contact" className="section narrow-section" aria-labelledby="contact-title">
        <h2 id="contact-title">{navigationWords.contact}</h2>
        <p>
          {fill(marketingWords.contactIntro, {
            product: SITE_NAME,
            replyPromise: CONTACT_REPLY_PROMISE,
          })}
        </p>
        <ContactForm
          supportEmail={loaderData.supportEmail}
          lastResult={actionData?.result}
          serverMailto={actionData?.mailto ?? null}
        />
      </section>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CLOSE_MENU_ON_JUMP }} />
    </div>
  );
}
