/**
 * A site's staff, for its owner alone (`site.staff`): invite someone by address with a role,
 * change a member's role, remove them, withdraw an invitation. The rules (at most ten, once,
 * seven days, the invited address only) are kept by app/server/access/staff.server.ts.
 */
import { useEffect, useRef } from "react";
import { z } from "zod";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { CopyLinkButton } from "~/components/copy-link-button";
import { servicesContext } from "~/context";
import { staffWords, ROLE_LABELS } from "~/lib/i18n/portal/staff";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { isStaffRole, MAX_STAFF_PER_SITE, STAFF_ROLES, type StaffRole } from "~/lib/site-access";
import { requireSite } from "~/server/access/site-access.server";
import {
  inviteStaff,
  listStaff,
  revokeInvitation,
  setStaffRole,
} from "~/server/access/staff.server";
import { staffInvitationMail } from "~/server/mail/templates.server";
import { setFlash, takeFlash } from "~/server/http/flash.server";
import { formText, readFormOrRefuse } from "~/server/http/forms.server";
import { logRequestError } from "~/server/http/log.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/staff";
import staffStylesHref from "./staff.css?url";

export const links: Route.LinksFunction = () => stylesheetLinks(staffStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: staffWords.pageTitle,
    description: staffWords.pageDescription,
    noIndex: true,
  });

const ROLE_HINTS: Record<StaffRole, string> = {
  orders: staffWords.roleOrdersHint,
  editor: staffWords.roleEditorHint,
};

function dateText(moment: Date): string {
  return moment.toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric" });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { product } = await requireSite(context, params.pid, "site.staff");
  const services = context.get(servicesContext);
  const now = publicPagesNow(services.env).getTime();
  const { members, invitations } = await listStaff(services.db, product.id, now);
  const flash = await takeFlash(services.env, request);
  const page = {
    id: product.id,
    /** What the last Remove did: it answers from its dialog, which leaves with the person's row. */
    flash: flash.flash?.tone === "success" ? flash.message : null,
    name: product.name,
    editorPath: `/user/${product.type}/setup/${product.id}`,
    mailOn: services.mailer.enabled,
    members: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      role: member.role,
      since: fill(staffWords.since, { date: dateText(member.since) }),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires: fill(staffWords.expires, { date: dateText(invitation.expiresAt) }),
    })),
  };
  return flash.clear ? data(page, { headers: { "Set-Cookie": flash.clear } }) : page;
}

const inviteSchema = z.object({
  email: z.email({ error: MESSAGES.emailInvalid }).max(254),
  role: z.enum(STAFF_ROLES, { error: staffWords.roleRequired }),
});

export type StaffActionResult =
  | {
      ok: true;
      intent: "invite";
      email: string;
      /** The link to pass on, when no mail took it. */
      link: string | null;
      /** Mail is on, but sending this one failed. */
      mailFailed: boolean;
    }
  | { ok: true; intent: "set-role" | "withdraw"; message: string }
  | { ok: false; error: string; field?: "email" | "role" };

function refuse(error: string, status: number, field?: "email" | "role") {
  return data<StaffActionResult>({ ok: false, error, field }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, product } = await requireSite(context, params.pid, "site.staff");
  const services = context.get(servicesContext);
  const now = publicPagesNow(services.env).getTime();
  const form = await readFormOrRefuse(request);
  const intent = form.get("intent");

  if (intent === "invite") {
    const parsed = inviteSchema.safeParse({
      email: formText(form, "email").trim(),
      role: form.get("role") ?? undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === "role" ? "role" : "email";
      return refuse(field === "role" ? staffWords.roleRequired : issue.message, 400, field);
    }
    const invited = await inviteStaff(services.events, {
      productId: product.id,
      email: parsed.data.email,
      role: parsed.data.role,
      now,
    });
    if (!invited.ok) {
      if (invited.reason === "full") {
        return refuse(fill(staffWords.full, { max: MAX_STAFF_PER_SITE }), 409);
      }
      if (invited.reason === "owner") return refuse(staffWords.inviteOwner, 400, "email");
      if (invited.reason === "member") {
        return refuse(fill(staffWords.alreadyMember, { email: parsed.data.email }), 409, "email");
      }
      throw data({ message: MESSAGES.invalidProduct }, { status: 404 });
    }
    const link = `${services.env.publicUrl}/invite/${invited.token}`;
    let mailed = false;
    if (services.mailer.enabled) {
      try {
        await services.mailer.send(
          staffInvitationMail({
            to: invited.email,
            url: link,
            site: product.name,
            owner: user.username,
            role: parsed.data.role,
          }),
        );
        mailed = true;
      } catch (error) {
        // The invitation stands: the owner is given its link to send some other way.
        logRequestError(request, "invitation mail failed", error);
      }
    }
    return data<StaffActionResult>({
      ok: true,
      intent: "invite",
      email: invited.email,
      link: mailed ? null : link,
      mailFailed: services.mailer.enabled && !mailed,
    });
  }

  if (intent === "set-role" || intent === "remove") {
    const userId = formText(form, "userId");
    const name = formText(form, "name").slice(0, 200);
    const role = intent === "remove" ? null : form.get("role");
    if (role !== null && !isStaffRole(role)) return refuse(staffWords.roleRequired, 400, "role");
    const done = await setStaffRole(services.events, { productId: product.id, userId, role });
    if (!done) return refuse(staffWords.notMember, 404);
    if (role === null) {
      // Remove posts from its confirm dialog, whose answer the page never sees, and the row it
      // sits in is gone once the page reloads: the page itself says it was done.
      throw redirect(`/user/staff/${product.id}`, {
        headers: {
          "Set-Cookie": await setFlash(services.env, fill(staffWords.removed, { name }), {
            tone: "success",
          }),
        },
      });
    }
    return data<StaffActionResult>({
      ok: true,
      intent: "set-role",
      message: fill(staffWords.roleSaved, { name, role: ROLE_LABELS[role] }),
    });
  }

  if (intent === "withdraw") {
    const invitationId = formText(form, "invitationId");
    const email = formText(form, "email").slice(0, 254);
    const done = await revokeInvitation(services.events, { productId: product.id, invitationId });
    if (!done) return refuse(staffWords.noInvitation, 404);
    return data<StaffActionResult>({
      ok: true,
      intent,
      message: fill(staffWords.withdrawn, { email }),
    });
  }

  return refuse(staffWords.cannotDoThat, 400);
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, members, invitations, mailOn, editorPath, flash } = loaderData;
  const used = members.length + invitations.length;
  const answer: StaffActionResult | undefined = actionData;
  return (
    <div className="container staff-page">
      <div className="page-header">
        <div>
          <h1>{fill(staffWords.heading, { site: name })}</h1>
          <p className="muted">{staffWords.intro}</p>
        </div>
        <div className="card-actions">
          <Link className="button secondary" to={editorPath}>
            {staffWords.backToEditor}
          </Link>
        </div>
      </div>
      {answer?.ok && answer.intent !== "invite" ? (
        <p className="alert success" role="status">
          {answer.message}
        </p>
      ) : null}
      {flash ? (
        <p className="alert success" role="status">
          {flash}
        </p>
      ) : null}
      {answer && !answer.ok && !answer.field ? (
        <p className="alert error" role="alert">
          {answer.error}
        </p>
      ) : null}
      <InviteForm
        answer={answer}
        mailOn={mailOn}
        full={used >= MAX_STAFF_PER_SITE}
        placesUsed={fill(staffWords.placesUsed, { used, max: MAX_STAFF_PER_SITE })}
      />
      <section className="card staff-section" aria-labelledby="staff-people-heading">
        <h2 id="staff-people-heading">{staffWords.peopleHeading}</h2>
        {members.length === 0 ? <p className="muted">{staffWords.nobodyYet}</p> : null}
        <ul className="staff-list">
          {members.map((member) => (
            <li key={member.userId} className="staff-row">
              <div className="staff-person">
                <strong>{member.name}</strong>
                <span className="muted">{member.email}</span>
                <span className="muted staff-since">{member.since}</span>
              </div>
              <Form method="post" className="staff-role-form">
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="userId" value={member.userId} />
                <input type="hidden" name="name" value={member.name} />
                <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
                  {fill(staffWords.roleOf, { name: member.name })}
                </label>
                <select id={`role-${member.userId}`} name="role" defaultValue={member.role}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button secondary small">
                  {staffWords.saveRole}
                </button>
              </Form>
              <ConfirmDialog
                trigger={staffWords.remove}
                triggerLabel={fill(staffWords.removeConfirm, { name: member.name })}
                triggerClassName="button secondary small danger-text"
                title={fill(staffWords.removeConfirm, { name: member.name })}
                description={fill(staffWords.removeQuestion, { name: member.name })}
                confirmLabel={staffWords.remove}
                pendingLabel={staffWords.remove}
                action={`/user/staff/${id}`}
                fields={{ intent: "remove", userId: member.userId, name: member.name }}
              />
            </li>
          ))}
        </ul>
        <p className="muted staff-owner-only">{staffWords.ownerOnly}</p>
      </section>
      {invitations.length > 0 ? (
        <section className="card staff-section" aria-labelledby="staff-pending-heading">
          <h2 id="staff-pending-heading">{staffWords.pendingHeading}</h2>
          <ul className="staff-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="staff-row">
                <div className="staff-person">
                  <strong>{invitation.email}</strong>
                  <span className="muted">
                    {ROLE_LABELS[invitation.role]} · {invitation.expires}
                  </span>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <input type="hidden" name="email" value={invitation.email} />
                  <button
                    type="submit"
                    className="button secondary small"
                    aria-label={fill(staffWords.withdrawLabel, { email: invitation.email })}
                  >
                    {staffWords.withdraw}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function InviteForm({
  answer,
  mailOn,
  full,
  placesUsed,
}: {
  answer: StaffActionResult | undefined;
  mailOn: boolean;
  full: boolean;
  placesUsed: string;
}) {
  const navigation = useNavigation();
  const inviting = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const invited = answer?.ok && answer.intent === "invite" ? answer : null;
  const fieldError = answer && !answer.ok && answer.field ? answer : null;
  const formRef = useRef<HTMLFormElement>(null);
  // A new invitation empties the form for the next one.
  useEffect(() => {
    if (invited) formRef.current?.reset();
  }, [invited]);
  return (
    <section className="card staff-section" aria-labelledby="staff-invite-heading">
      <div className="staff-section-head">
        <h2 id="staff-invite-heading">{staffWords.inviteHeading}</h2>
        <span className="muted">{placesUsed}</span>
      </div>
      {invited ? (
        <div className="alert success staff-invited" role="status">
          {invited.link ? (
            <>
              <p>
                {fill(
                  invited.mailFailed
                    ? staffWords.invitationMailFailed
                    : staffWords.invitationLinkReady,
                  { email: invited.email },
                )}
              </p>
              <p className="staff-link">
                <code>{invited.link}</code>
              </p>
              <CopyLinkButton url={invited.link} label={staffWords.copyLink} />
            </>
          ) : (
            <p>{fill(staffWords.invitationSent, { email: invited.email })}</p>
          )}
        </div>
      ) : null}
      <Form method="post" className="form staff-invite-form" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="invite" />
        <div className="field">
          <label htmlFor="staff-email">{staffWords.emailLabel}</label>
          <input
            id="staff-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            aria-describedby="staff-email-hint staff-email-error"
            aria-invalid={fieldError?.field === "email" ? true : undefined}
          />
          <p id="staff-email-hint" className="field-hint">
            {staffWords.emailHint}
          </p>
          {fieldError?.field === "email" ? (
            <p id="staff-email-error" className="field-error" role="alert">
              {fieldError.error}
            </p>
          ) : null}
        </div>
        <fieldset className="field staff-roles">
          <legend>{staffWords.roleLabel}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="staff-role-choice">
              <input type="radio" name="role" value={role} defaultChecked={role === "orders"} />
              <strong>{ROLE_LABELS[role]}</strong>
              <span className="muted">{ROLE_HINTS[role]}</span>
            </label>
          ))}
          {fieldError?.field === "role" ? (
            <p className="field-error" role="alert">
              {fieldError.error}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="button" disabled={inviting || full}>
          {inviting
            ? staffWords.inviting
            : mailOn
              ? staffWords.sendInvitation
              : staffWords.createLink}
        </button>
      </Form>
    </section>
  );
}
