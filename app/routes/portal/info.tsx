import { data, redirect } from "react-router";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountForm,
  SignedInSessions,
} from "~/components/account-settings";
import { useOwnerLiveUpdates } from "~/components/live-updates";
import { ownerContext, servicesContext } from "~/context";
import { effectiveMaxProducts } from "~/lib/limits";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { MESSAGES } from "~/lib/messages";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "~/lib/validation";
import {
  changePassword,
  deleteOwnAccount,
  endOtherSessions,
  listSignedInSessions,
  requestEmailChange,
  type AccountRefusal,
} from "~/server/accounts/account-settings.server";
import { cookieHeaders } from "~/server/accounts/auth-forms.server";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import { listOwnerProducts } from "~/server/repositories/products.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/info";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import accountSettingsStylesHref from "~/components/account-settings.css?url";
import { logRequestError } from "~/server/http/log.server";

export const links: Route.LinksFunction = () => stylesheetLinks(accountSettingsStylesHref);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: navigationWords.userInfo,
    description: siteAdminWords.userInfoDescription,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const services = context.get(servicesContext);
  try {
    const [products, sessions] = await Promise.all([
      listOwnerProducts(services.db, owner.id),
      listSignedInSessions(services, request),
    ]);
    return {
      error: null,
      sessions,
      // Without mail (MAIL=off) a new address could not be confirmed.
      canChangeEmail: services.mailer.enabled,
      info: {
        uid: owner.id,
        email: owner.email,
        username: owner.username,
        used: products.length,
        max: effectiveMaxProducts(owner.maxProduct),
      },
    };
  } catch (error) {
    logRequestError(request, "loading user info failed", error);
    return {
      error: `${MESSAGES.errorPrefix}${loadFailureReason(error)}`,
      info: null,
      sessions: [],
      canChangeEmail: false,
    };
  }
}

const ACCOUNT_SCHEMAS = {
  "change-password": changePasswordSchema,
  "change-email": changeEmailSchema,
  "delete-account": deleteAccountSchema,
} as const;

/**
 * The account's own changes. The portal's middleware has checked the session; each
 * change is made by better-auth with this request's cookie, on this owner only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const services = context.get(servicesContext);
  const formData = await readFormOrRefuse(request);
  const intent = formData.get("intent");

  if (intent === "end-other-sessions") {
    await endOtherSessions(services, request);
    return { intent, status: "success" as const };
  }
  if (typeof intent !== "string" || !(intent in ACCOUNT_SCHEMAS)) {
    throw data({ message: siteAdminWords.unknownAction }, { status: 400 });
  }
  const name = intent as keyof typeof ACCOUNT_SCHEMAS;
  const submission = parseSubmission(formData, ACCOUNT_SCHEMAS[name]);
  const secret = ["currentPassword", "newPassword", "confirmPassword", "password"];
  const refuse = (refusal: AccountRefusal) =>
    data(
      {
        intent: name,
        result: submission.reply({
          hideFields: secret,
          ...(refusal.field
            ? { fieldErrors: { [refusal.field]: [refusal.message] } }
            : { formErrors: [refusal.message] }),
        }),
      },
      { status: refusal.status },
    );
  if (submission.status !== "success") {
    return data(
      { intent: name, result: submission.reply({ hideFields: secret }) },
      { status: 400 },
    );
  }
  const value = submission.value;

  if (value.intent === "change-password") {
    const changed = await changePassword(services, request, value);
    if (!changed.ok) return refuse(changed.refusal);
    return data(
      { intent: name, result: submission.reply({ resetForm: true }), status: "success" as const },
      { headers: cookieHeaders(changed.setCookies) },
    );
  }
  if (value.intent === "change-email") {
    if (!services.mailer.enabled) {
      throw data({ message: siteAdminWords.unknownAction }, { status: 400 });
    }
    const asked = await requestEmailChange(services, request, value.newEmail);
    if (!asked.ok) return refuse(asked.refusal);
    return {
      intent: name,
      result: submission.reply({ resetForm: true }),
      status: "success" as const,
      sentTo: value.newEmail,
    };
  }
  const deleted = await deleteOwnAccount(services, request, owner.id, value.password);
  if (!deleted.ok) return refuse(deleted.refusal);
  throw redirect("/signin?account=deleted", { headers: cookieHeaders(deleted.setCookies) });
}

/** The underlying cause (a query wrapper's own message repeats the SQL), kept short. */
function loadFailureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

export default function UserInfo({ loaderData }: Route.ComponentProps) {
  useOwnerLiveUpdates();
  const { info, error, sessions, canChangeEmail } = loaderData;
  return (
    <div className="container narrow">
      <h1>{navigationWords.userInfo}</h1>
      {info ? (
        <dl className="card details">
          <dt>{siteAdminWords.uid}</dt>
          <dd>
            <code>{info.uid}</code>
          </dd>
          <dt>{siteAdminWords.email}</dt>
          <dd>{info.email}</dd>
          <dt>{siteAdminWords.username}</dt>
          <dd>{info.username}</dd>
          <dt>{siteAdminWords.productsUsed}</dt>
          <dd>{`${info.used}/${info.max}`}</dd>
        </dl>
      ) : (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {info ? (
        <>
          <ChangePasswordForm />
          {canChangeEmail ? <ChangeEmailForm email={info.email} /> : null}
          <SignedInSessions sessions={sessions} />
          <DeleteAccountForm sites={info.used} />
        </>
      ) : null}
    </div>
  );
}
