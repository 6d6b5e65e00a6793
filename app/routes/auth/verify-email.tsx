import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { CheckYourEmail } from "~/components/check-your-email";
import { Field, FormErrors } from "~/components/form";
import { createSitePath } from "~/lib/get-started";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { forgotPasswordSchema as emailOnlySchema } from "~/lib/validation";
import { EMAIL_VERIFIED_PATH } from "~/server/accounts/auth.server";
import { postToAuthRouter } from "~/server/accounts/auth-forms.server";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import { requireMailOn } from "~/server/accounts/password-reset.server";
import type { Route } from "./+types/verify-email";
import { takeStartingProduct } from "./starting-product.server";
import { logRequestError } from "~/server/http/log.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: accountWords.verifyEmailTitle,
    description: accountWords.verifyEmailDescription,
    noIndex: true,
  });

/**
 * Where a confirmation link lands (EMAIL_VERIFIED_PATH): better-auth has confirmed the
 * address and signed the owner in, or sends `?error=` when the link was dead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = requireMailOn(context);
  if (new URL(request.url).searchParams.has("error")) return { state: "invalid" as const };
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (session?.user.emailVerified) {
    // The product a new owner registered for, so they can go straight on to creating it.
    const { product, headers } = await takeStartingProduct(services.env, request);
    return data(
      { state: "confirmed" as const, email: session.user.email, startWith: product },
      { headers },
    );
  }
  return { state: "ask" as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireMailOn(context);
  const submission = parseSubmission(await readFormOrRefuse(request), emailOnlySchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const result = await postToAuthRouter(services, request, "/send-verification-email", {
    email,
    callbackURL: EMAIL_VERIFIED_PATH,
  });
  if (!result.ok && result.status === 429) {
    return data(submission.reply({ formErrors: [MESSAGES.verificationTooManyRequests] }), {
      status: 429,
    });
  }
  if (!result.ok && result.status >= 500) {
    logRequestError(request, "sending a confirmation link failed", result.message);
  }
  // Known, unknown or already confirmed: the same answer.
  return { resent: email };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/verify-email";
  const resent = actionData && "resent" in actionData ? actionData.resent : null;
  const [form, fields] = useForm({
    lastResult: actionData && !("resent" in actionData) ? actionData : undefined,
    constraint: getZodConstraint(emailOnlySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema }),
  });

  if (resent) return <CheckYourEmail email={resent} notice={MESSAGES.verificationResent} />;

  if (loaderData.state === "confirmed") {
    return (
      <div className="container narrow">
        <h1>{accountWords.emailConfirmedHeading}</h1>
        <p className="alert success" role="status">
          {fill(accountWords.emailConfirmedSignedIn, { email: loaderData.email })}
        </p>
        <p className="button-row">
          {loaderData.startWith ? (
            <Link to={createSitePath(loaderData.startWith)} className="button">
              {accountWords.createYourPage}
            </Link>
          ) : null}
          <Link to="/user" className={loaderData.startWith ? "button secondary" : "button"}>
            {accountWords.goToYourSites}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container narrow">
      <h1>{accountWords.verifyEmailTitle}</h1>
      {loaderData.state === "invalid" ? (
        <p className="alert error" role="alert">
          {MESSAGES.verificationLinkInvalid}
        </p>
      ) : (
        <p>{accountWords.verifyEmailIntro}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.email} label={accountWords.emailLabel}>
          <input type="email" autoComplete="email" />
        </Field>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? accountWords.sending : accountWords.sendNewLink}
        </button>
      </Form>
      <p>
        {fillNodes(accountWords.alreadyConfirmed, {
          link: <Link to="/signin">{accountWords.signInLink}</Link>,
        })}
      </p>
    </div>
  );
}
