import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { Field, FormErrors } from "~/components/form";
import { servicesContext } from "~/context";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { MESSAGES } from "~/lib/messages";
import { safeRedirect, signInSchema } from "~/lib/validation";
import { cookieHeaders, postToAuthRouter } from "~/server/accounts/auth-forms.server";
import { getOptionalUser } from "~/server/accounts/session.server";
import { registerHref } from "~/server/accounts/register-link.server";
import { pageMeta } from "~/lib/seo";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/signin";
import { logRequestError } from "~/server/http/log.server";

/**
 * Plain HTML, like the landing page: the form posts and the server answers with the page
 * again, its errors at their fields, or with the redirect. A phone meeting the portal on a
 * weak signal downloads no JavaScript before it can sign in.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: accountWords.signInTitle,
    description: accountWords.signInDescription,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getOptionalUser(request, context)) throw redirect("/user");
  const { env, mailer } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const redirectTo = query.get("redirectTo");
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo) : null,
    registerHref: registerHref(env),
    // Without mail (MAIL=off) a reset link could not reach anyone.
    canResetPassword: mailer.enabled,
    passwordReset: query.get("reset") === "done",
    accountDeleted: query.get("account") === "deleted",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readFormOrRefuse(request), signInSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;

  let result;
  try {
    result = await postToAuthRouter(context.get(servicesContext), request, "/sign-in/email", {
      email,
      password,
    });
  } catch (error) {
    // The form was fine; the session layer failed.
    logRequestError(request, "sign-in failed", error);
    return data(
      submission.reply({ formErrors: [MESSAGES.signInFailed], hideFields: ["password"] }),
      {
        status: 500,
      },
    );
  }

  if (result.ok) {
    throw redirect(safeRedirect(redirectTo), { headers: cookieHeaders(result.setCookies) });
  }
  const message =
    result.code === "EMAIL_NOT_VERIFIED"
      ? MESSAGES.emailNotVerified
      : result.status === 429
        ? MESSAGES.tooManyAttempts
        : result.status >= 500
          ? MESSAGES.signInFailed
          : (result.message ?? MESSAGES.failedToSignIn);
  return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
    status: result.status,
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });

  return (
    <div className="container narrow">
      <h1>{accountWords.signInTitle}</h1>
      {loaderData.accountDeleted ? (
        <p className="alert success" role="status">
          {MESSAGES.accountDeleted}
        </p>
      ) : null}
      {loaderData.passwordReset ? (
        <p className="alert success" role="status">
          {MESSAGES.passwordResetDone}
        </p>
      ) : null}
      {loaderData.redirectTo ? (
        <p className="alert info" role="status">
          {loaderData.redirectTo.startsWith("/user/info")
            ? MESSAGES.pleaseSignInToViewInfo
            : MESSAGES.pleaseSignInToContinue}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors id={form.errorId} errors={form.errors} />
        {loaderData.redirectTo ? (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        ) : null}
        <Field field={fields.email} label={accountWords.emailLabel}>
          <input type="email" autoComplete="email" />
        </Field>
        <Field field={fields.password} label={accountWords.passwordLabel}>
          <input type="password" autoComplete="current-password" />
        </Field>
        {loaderData.canResetPassword ? (
          <p className="field-aside">
            <Link to="/forgot-password">{accountWords.forgotPasswordLink}</Link>
          </p>
        ) : null}
        <button type="submit" className="button">
          {accountWords.signInSubmit}
        </button>
      </Form>
      {loaderData.registerHref ? (
        <p>
          {fillNodes(accountWords.noAccountYet, {
            link: loaderData.registerHref.startsWith("/") ? (
              <Link to={loaderData.registerHref}>{accountWords.registerLink}</Link>
            ) : (
              <a href={loaderData.registerHref}>{accountWords.registerLink}</a>
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
