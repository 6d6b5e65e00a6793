/**
 * The owner's three changes to their site's domain, posted from its Domain page: add one,
 * check it now, remove it. The route has already checked that the site is theirs.
 */
import { data, redirect } from "react-router";
import { MESSAGES } from "~/lib/messages";
import type { SubmissionResult } from "@conform-to/react";
import {
  addDomainSchema,
  DOMAIN_INTENTS,
  type DomainCheck,
  type DomainIntent,
} from "~/lib/custom-domains";
import { setFlash } from "../http/flash.server";
import { parseSubmission } from "../http/forms.server";
import { logger } from "../http/log.server";
import type { AppServices } from "../runtime/services.server";
import { addDomain, domainOfSite, removeDomain } from "./custom-domains.server";
import { checkDomainNow } from "./domain-checks.server";
import { DnsLookupError } from "./dns-check.server";
import { parseDomainName } from "./domain-name.server";

export type DomainActionResult =
  | { intent: "add-domain"; reply: SubmissionResult<string[]> }
  | {
      intent: "verify-domain";
      ok: boolean;
      message: string;
      check?: DomainCheck;
    };

export function isDomainIntent(value: unknown): value is DomainIntent {
  return DOMAIN_INTENTS.includes(value as DomainIntent);
}

/** The portal's own names, which no owner may claim: its host and the CNAME target. */
export function reservedHosts(env: AppServices["env"]): string[] {
  const own = new URL(env.publicUrl).hostname;
  return env.customDomains ? [own, env.customDomains.target] : [own];
}

export async function runDomainIntent(
  services: AppServices,
  intent: DomainIntent,
  productId: string,
  formData: FormData,
  pagePath: string,
) {
  const checks = services.domainChecks;
  if (!checks) throw data({ message: MESSAGES.domainsOff }, { status: 404 });

  if (intent === "add-domain") {
    const submission = parseSubmission(formData, addDomainSchema);
    if (submission.status !== "success") {
      return data<DomainActionResult>({ intent, reply: submission.reply() }, { status: 400 });
    }
    const parsed = parseDomainName(submission.value.domain, reservedHosts(services.env));
    const outcome = parsed.ok ? await addDomain(services.db, productId, parsed.domain) : parsed;
    if (!outcome.ok) {
      const message =
        "message" in outcome
          ? outcome.message
          : outcome.reason === "taken"
            ? MESSAGES.domainTaken
            : MESSAGES.domainAlreadySet;
      const reply = submission.reply({ fieldErrors: { domain: [message] } });
      return data<DomainActionResult>(
        { intent, reply },
        { status: "message" in outcome ? 400 : 409 },
      );
    }
    return redirect(pagePath);
  }

  if (intent === "remove-domain") {
    await removeDomain(services.events, productId);
    return redirect(pagePath, {
      headers: { "Set-Cookie": await setFlash(services.env, MESSAGES.domainRemoved) },
    });
  }

  // verify-domain
  const claim = await domainOfSite(services.db, productId);
  if (!claim) return redirect(pagePath);
  try {
    const { result, check } = await checkDomainNow(
      { events: services.events, checker: checks.checker },
      { productId, domain: claim.domain, token: claim.token },
      { extend: true },
    );
    const message =
      result === "verified"
        ? MESSAGES.domainVerified
        : result === "taken"
          ? MESSAGES.domainTaken
          : MESSAGES.domainNotYet;
    return { intent, ok: result === "verified", message, check } satisfies DomainActionResult;
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    logger.warn({ domain: claim.domain, err: error }, "Custom domain check failed");
    return data<DomainActionResult>(
      { intent, ok: false, message: MESSAGES.failedToCheckDomain },
      { status: 503 },
    );
  }
}
