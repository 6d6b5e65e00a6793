/**
 * An invitation to work on a site (/invite/{token}), from the owner's mail or copied link.
 * Anyone with the link sees which site and role it offers; only the account of the address it
 * was sent to can take it, once, within its seven days (app/server/access/staff.server.ts).
 */
import { data, Form, Link, redirect } from "react-router";
import { servicesContext } from "~/context";
import { ROLE_LABELS, staffWords } from "~/lib/i18n/portal/staff";
import { fill } from "~/lib/i18n/text";
import { pageMeta } from "~/lib/seo";
import { invitationPath } from "~/lib/site-access";
import { signInPathTo } from "~/lib/validation";
import { acceptInvitation, invitationByToken } from "~/server/access/staff.server";
import { getOptionalUser } from "~/server/accounts/session.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: staffWords.invitationTitle,
    description: staffWords.invitationDescription,
    noIndex: true,
  });

/** Where a new member starts: the inbox for Orders, the site's editor for an Editor. */
function startFor(role: "orders" | "editor", site: { id: string; type: string }): string {
  return role === "orders" ? "/user/orders" : `/user/${site.type}/setup/${site.id}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const now = publicPagesNow(services.env).getTime();
  const invitation = await invitationByToken(services.db, params.token, now);
  const user = await getOptionalUser(request, context);
  const here = invitationPath(params.token);
  const page = {
    here,
    signedInAs: user?.email ?? null,
    registrationOpen: services.env.registrationOpen && !services.env.registerUrl,
  };
  if (!invitation) {
    return data({ ...page, invitation: null }, { status: 404 });
  }
  // Served as a sign-in page is (app/server/http/security-headers.server.ts): never cached.
  return {
    ...page,
    invitation: {
      state: invitation.state,
      site: invitation.siteName,
      role: invitation.role,
      email: invitation.email,
      forThisAccount: user ? user.email.toLowerCase() === invitation.email : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await readFormOrRefuse(request);
  const services = context.get(servicesContext);
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(signInPathTo(invitationPath(params.token)));
  const now = publicPagesNow(services.env).getTime();
  const accepted = await acceptInvitation(services.events, {
    token: params.token,
    user: { id: user.id, email: user.email },
    now,
  });
  if (!accepted.ok) {
    return data(
      { error: REFUSALS[accepted.reason] },
      { status: accepted.reason === "unknown" ? 404 : 409 },
    );
  }
  const invitation = await invitationByToken(services.db, params.token, now);
  throw redirect(
    startFor(accepted.role, { id: accepted.productId, type: invitation?.siteType ?? "restaurant" }),
  );
}

const REFUSALS = {
  unknown: staffWords.invitationUnknown,
  used: staffWords.invitationUsed,
  expired: staffWords.invitationExpired,
  "wrong-account": staffWords.wrongAccountShort,
  owner: staffWords.invitationOwner,
  full: staffWords.invitationFull,
} as const;

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, signedInAs, here, registrationOpen } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData.error : null;
  if (!invitation) {
    return (
      <div className="container narrow">
        <h1>{staffWords.invitationTitle}</h1>
        <p className="alert error">{staffWords.invitationUnknown}</p>
      </div>
    );
  }
  const role = ROLE_LABELS[invitation.role];
  const heading = fill(staffWords.invitationHeading, { site: invitation.site });
  if (invitation.state !== "open") {
    return (
      <div className="container narrow">
        <h1>{heading}</h1>
        <p className="alert info">
          {invitation.state === "used" ? staffWords.invitationUsed : staffWords.invitationExpired}
        </p>
        {invitation.state === "used" ? (
          <p>
            <Link className="button" to={signedInAs ? "/user" : "/signin"}>
              {signedInAs ? staffWords.openYourSites : staffWords.signIn}
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  const signInPath = signInPathTo(here);
  const registerPath = `/register?invitation=${encodeURIComponent(here.slice("/invite/".length))}`;
  return (
    <div className="container narrow">
      <h1>{heading}</h1>
      <p className="lead">
        {fill(staffWords.invitationLead, { site: invitation.site, role })}{" "}
        {invitation.role === "orders" ? staffWords.roleOrdersHint : staffWords.roleEditorHint}
      </p>
      <p>{fill(staffWords.invitationForAddress, { email: invitation.email })}</p>
      {refusal ? (
        <p className="alert error" role="alert">
          {refusal}
        </p>
      ) : null}
      {!signedInAs ? (
        // `card-actions` is the portal layout's; this page is outside it.
        <div className="button-row">
          <Link className="button" to={signInPath}>
            {staffWords.signInToAccept}
          </Link>
          {registrationOpen ? (
            <Link className="button secondary" to={registerPath}>
              {staffWords.registerToAccept}
            </Link>
          ) : null}
        </div>
      ) : invitation.forThisAccount ? (
        <Form method="post">
          <button type="submit" className="button">
            {fill(staffWords.accept, { site: invitation.site })}
          </button>
        </Form>
      ) : (
        <>
          <p className="alert warning" role="status">
            {fill(staffWords.wrongAccount, { current: signedInAs, email: invitation.email })}
          </p>
          <Form method="post" action="/signout">
            <button type="submit" className="button secondary">
              {staffWords.signOut}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
