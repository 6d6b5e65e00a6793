import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { CopyLinkButton } from "~/components/copy-link-button";
import { Field, FormErrors } from "~/components/form";
import { servicesContext } from "~/context";
import {
  addDomainSchema,
  customDomainUrl,
  DOMAIN_RECHECK_INTERVAL_MS,
  dnsRecordsToSet,
  type DnsRecordToSet,
  type DomainCheck,
} from "~/lib/custom-domains";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { domainWords } from "~/lib/i18n/portal/domains";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { publicPath } from "~/lib/slug";
import { siteOf } from "~/sites";
import { domainOfSite } from "~/server/domains/custom-domains.server";
import { displayDomain, zoneOf } from "~/server/domains/domain-name.server";
import {
  isDomainIntent,
  runDomainIntent,
  type DomainActionResult,
} from "~/server/domains/domain-actions.server";
import { takeFlash } from "~/server/http/flash.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import { requireSite } from "~/server/access/site-access.server";
import type { Route } from "./+types/domain";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import domainStylesHref from "./domain.css?url";

export const links: Route.LinksFunction = () => stylesheetLinks(domainStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? fill(domainWords.pageTitle, { site: args.data.name })
      : domainWords.pageTitleNoSite,
    description: domainWords.pageDescription,
    noIndex: true,
  });

/** "a moment ago", "4 minutes ago": how long ago a check ran, in words. */
function minutesAgo(moment: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - moment.getTime()) / 60_000);
  if (minutes < 1) return domainWords.momentAgo;
  // The count as it always was, without a thousands separator.
  return portalPlural(domainWords.minutesAgo, minutes, { count: minutes });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Someone else's site and an unknown one get the same 404.
  const { product } = await requireSite(context, params.pid, "site.domain");
  const { db, env } = context.get(servicesContext);
  const portalUrl = `${env.publicUrl}${publicPath(product.type, product.slug, product.id)}`;
  const flash = await takeFlash(env, request);
  const config = env.customDomains;
  const claim = config ? await domainOfSite(db, product.id) : null;
  const now = new Date();
  const page = {
    id: product.id,
    type: product.type,
    name: product.name,
    portalUrl,
    offered: config !== null,
    flash: flash.message,
    domain:
      claim && config
        ? {
            name: claim.domain,
            /** As the owner typed it: `café.fr` rather than `xn--caf-dma.fr`. */
            display: displayDomain(claim.domain),
            url: customDomainUrl(env.publicUrl, claim.domain),
            verified: claim.verified,
            lastCheck: claim.lastCheck,
            checkedAgo: claim.lastCheckedAt ? minutesAgo(claim.lastCheckedAt, now) : null,
            /** Whole minutes left of the background checks, or null when they are over. */
            minutesOfChecksLeft:
              claim.recheckUntil && claim.recheckUntil > now
                ? Math.ceil((claim.recheckUntil.getTime() - now.getTime()) / 60_000)
                : null,
            records: dnsRecordsToSet({
              domain: claim.domain,
              zone: zoneOf(claim.domain),
              token: claim.token,
              target: config.target,
              ips: config.ips,
            }),
          }
        : null,
  };
  return flash.clear ? data(page, { headers: { "Set-Cookie": flash.clear } }) : page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { product } = await requireSite(context, params.pid, "site.domain");
  const formData = await readFormOrRefuse(request);
  const intent = formData.get("intent");
  if (!isDomainIntent(intent)) {
    return data({ error: domainWords.cannotDoThat }, { status: 400 });
  }
  return runDomainIntent(
    context.get(servicesContext),
    intent,
    product.id,
    formData,
    `/user/domain/${product.id}`,
  );
}

type ActionData = DomainActionResult | { error: string } | undefined;

function resultFor<Intent extends DomainActionResult["intent"]>(
  actionData: ActionData,
  intent: Intent,
) {
  return actionData && "intent" in actionData && actionData.intent === intent
    ? (actionData as Extract<DomainActionResult, { intent: Intent }>)
    : undefined;
}

export default function DomainPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, type, name, portalUrl, offered, flash, domain } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="container domain-page">
      <div className="page-header">
        <div>
          <h1>{domainWords.heading}</h1>
          <p className="muted">
            {name} · {siteOf(type).label}
          </p>
        </div>
        <div className="card-actions">
          <Link className="button secondary" to={`/user/${type}/setup/${id}`}>
            {domainWords.editSite}
          </Link>
          <Link className="button secondary" to={`/user/share/${id}`}>
            {domainWords.share}
          </Link>
        </div>
      </div>
      {flash ? (
        <p className="alert success" role="status">
          {flash}
        </p>
      ) : null}
      {refusal ? (
        <p className="alert error" role="alert">
          {refusal}
        </p>
      ) : null}
      {!offered ? (
        <section className="card">
          <p>{MESSAGES.domainsOff}</p>
          <p className="public-url">{fill(domainWords.siteAddress, { url: portalUrl })}</p>
        </section>
      ) : domain ? (
        <ConnectedDomain
          productId={id}
          portalUrl={portalUrl}
          domain={domain}
          verifyResult={resultFor(actionData, "verify-domain")}
        />
      ) : (
        <AddDomain portalUrl={portalUrl} lastResult={resultFor(actionData, "add-domain")?.reply} />
      )}
    </div>
  );
}

function AddDomain({
  portalUrl,
  lastResult,
}: {
  portalUrl: string;
  lastResult: Extract<DomainActionResult, { intent: "add-domain" }>["reply"] | undefined;
}) {
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-domain";
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(addDomainSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addDomainSchema }),
  });
  return (
    <section className="card domain-card" aria-labelledby="add-domain-heading">
      <h2 id="add-domain-heading">{domainWords.connectHeading}</h2>
      <p>{fillNodes(domainWords.connectIntro, { example: <b>{domainWords.exampleDomain}</b> })}</p>
      <p className="public-url">{fill(domainWords.todayAt, { url: portalUrl })}</p>
      <Form method="post" {...getFormProps(form)} className="form domain-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="add-domain" />
        <Field field={fields.domain} label={domainWords.domainLabel} hint={domainWords.domainHint}>
          <input
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={domainWords.exampleDomain}
          />
        </Field>
        <button type="submit" className="button" disabled={adding}>
          {adding ? domainWords.connecting : domainWords.connect}
        </button>
      </Form>
    </section>
  );
}

type ConnectedDomainData = NonNullable<Route.ComponentProps["loaderData"]["domain"]>;

function ConnectedDomain({
  productId,
  portalUrl,
  domain,
  verifyResult,
}: {
  productId: string;
  portalUrl: string;
  domain: ConnectedDomainData;
  verifyResult: Extract<DomainActionResult, { intent: "verify-domain" }> | undefined;
}) {
  const navigation = useNavigation();
  const checking =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "verify-domain";
  // The answer to Check now, when there is one; else what the last check found.
  const lastCheck = verifyResult?.check ?? domain.lastCheck;
  const intervalMinutes = DOMAIN_RECHECK_INTERVAL_MS / 60_000;
  return (
    <>
      <section className="card domain-card" aria-labelledby="domain-heading">
        <div className="domain-title">
          <h2 id="domain-heading">{domain.display}</h2>
          {domain.verified ? (
            <span className="badge">{domainWords.connected}</span>
          ) : (
            <span className="badge pending">{domainWords.waitingForDns}</span>
          )}
        </div>
        {domain.verified ? (
          <>
            {/* Check now found the records: the domain is connected as the page reloads. */}
            {verifyResult?.ok ? (
              <p className="alert success" role="status">
                {verifyResult.message}
              </p>
            ) : null}
            <p>
              {fillNodes(domainWords.answersAt, {
                url: (
                  <a href={domain.url} target="_blank" rel="noreferrer">
                    {domain.url}
                  </a>
                ),
              })}
            </p>
            {domain.url.startsWith("https:") ? (
              <p className="muted">{domainWords.firstVisit}</p>
            ) : null}
            <div className="card-actions">
              <CopyLinkButton
                url={domain.url}
                label={fill(domainWords.copyLinkTo, { domain: domain.display })}
              />
            </div>
          </>
        ) : (
          <>
            <p>
              {fillNodes(domainWords.addRecords, { checkNow: <b>{domainWords.checkNow}</b> })}{" "}
              {domain.minutesOfChecksLeft
                ? fill(domainWords.checkingInBackground, {
                    interval: intervalMinutes,
                    minutes: domain.minutesOfChecksLeft,
                  })
                : domainWords.dnsTakesTime}
            </p>
            {verifyResult ? (
              <p
                className={`alert ${verifyResult.ok ? "success" : "warning"}`}
                role={verifyResult.ok ? "status" : "alert"}
              >
                {verifyResult.message}
              </p>
            ) : domain.checkedAgo ? (
              <p className="muted">{fill(domainWords.lastChecked, { ago: domain.checkedAgo })}</p>
            ) : null}
            <Form method="post" className="card-actions">
              <input type="hidden" name="intent" value="verify-domain" />
              <button type="submit" className="button" disabled={checking}>
                {checking ? domainWords.checking : domainWords.checkNow}
              </button>
            </Form>
          </>
        )}
      </section>

      <section className="card domain-card" aria-labelledby="records-heading">
        <h2 id="records-heading">{domainWords.recordsHeading}</h2>
        <p className="muted">
          {domain.verified ? domainWords.keepRecords : domainWords.addEachRecord}
        </p>
        <ul className="dns-records">
          {domain.records.map((record) => (
            <DnsRecord
              key={`${record.type}-${record.value}`}
              record={record}
              status={domain.verified ? null : recordStatus(record, lastCheck)}
            />
          ))}
        </ul>
      </section>

      <section className="card domain-card" aria-labelledby="remove-heading">
        <h2 id="remove-heading">{domainWords.removeHeading}</h2>
        <p className="muted">{fill(domainWords.removeIntro, { url: portalUrl })}</p>
        <ConfirmDialog
          trigger={domainWords.removeDomain}
          triggerClassName="button secondary danger-text"
          title={fill(domainWords.removeQuestion, { domain: domain.display })}
          description={fill(domainWords.removeWarning, { url: portalUrl })}
          confirmLabel={domainWords.remove}
          pendingLabel={domainWords.removing}
          action={`/user/domain/${productId}`}
          fields={{ intent: "remove-domain" }}
        />
      </section>
    </>
  );
}

type RecordStatus = { text: string; ok: boolean } | null;

/** What the last check found of this record, in words; null before any check. */
function recordStatus(record: DnsRecordToSet, check: DomainCheck | null): RecordStatus {
  if (!check) return null;
  if (record.purpose === "proves") {
    if (check.txt === "found") return { text: domainWords.recordFound, ok: true };
    if (check.txt === "wrong") return { text: domainWords.recordWrongValue, ok: false };
    return { text: domainWords.recordNotFound, ok: false };
  }
  if (check.pointing === "found") return { text: domainWords.recordFound, ok: true };
  if (check.pointing === "elsewhere") return { text: domainWords.recordElsewhere, ok: false };
  return { text: domainWords.recordNotFound, ok: false };
}

function DnsRecord({ record, status }: { record: DnsRecordToSet; status: RecordStatus }) {
  const purpose = record.purpose === "proves" ? domainWords.provesYours : domainWords.sendsVisitors;
  return (
    <li className="dns-record">
      <div className="dns-record-head">
        <span className="dns-record-purpose">{purpose}</span>
        {status ? (
          <span className={`badge ${status.ok ? "" : "pending"}`}>{status.text}</span>
        ) : null}
      </div>
      <dl>
        <div>
          <dt>{domainWords.recordType}</dt>
          <dd>
            <code>{record.type}</code>
            {record.type === "ALIAS" ? (
              <span className="field-hint"> {domainWords.aliasOtherNames}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{domainWords.recordName}</dt>
          <dd>
            <code>{record.host}</code>
            {record.host !== record.name ? (
              <span className="field-hint"> ({record.name})</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{domainWords.recordValue}</dt>
          <dd className="dns-record-value">
            <code>{record.value}</code>
            <CopyLinkButton
              url={record.value}
              text={domainWords.copy}
              label={fill(domainWords.copyValue, { type: record.type })}
            />
          </dd>
        </div>
      </dl>
    </li>
  );
}
