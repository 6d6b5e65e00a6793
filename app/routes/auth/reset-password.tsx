import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors } from "~/components/form";
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";
import { PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { resetPasswordSchema } from "~/lib/validation";
import { passwordRuleError, postToAuthRouter } from "~/server/accounts/auth-forms.server";
import { isPasswordResetTokenValid, requireMailOn } from "~/server/accounts/password-reset.server";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/reset-password";
import { logRequestError } from "~/server/http/log.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: accountWords.resetPasswordTitle,
    description: accountWords.resetPasswordDescription,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = requireMailOn(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A dead link says so at once, before the owner types a new password for nothing.
  const valid = await isPasswordResetTokenValid(services.auth, token);
  return { token: valid ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireMailOn(context);
  const submission = parseSubmission(await readFormOrRefuse(request), resetPasswordSchema);
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data(submission.reply({ hideFields }), { status: 400 });

  const { token, password } = submission.value;
  const result = await postToAuthRouter(services, request, "/reset-password", {
    token,
    newPassword: password,
  });
  if (result.ok) throw redirect("/signin?reset=done");

  const passwordError = passwordRuleError(result);
  if (passwordError) {
    return data(submission.reply({ fieldErrors: { password: [passwordError] }, hideFields }), {
      status: 400,
    });
  }
  const message =
    result.status === 429
      ? MESSAGES.resetTooManyRequests
      : result.status >= 500
        ? MESSAGES.resetFailed
        : result.code === "INVALID_TOKEN"
          ? MESSAGES.resetLinkInvalid
          : (result.message ?? MESSAGES.resetFailed);
  if (result.status >= 500) logRequestError(request, "password reset failed", result.message);
  return data(submission.reply({ formErrors: [message], hideFields }), {
    status: result.status >= 500 ? 500 : result.status,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password");
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  if (!loaderData.token) {
    return (
      <div className="container narrow">
        <h1>{accountWords.resetPasswordTitle}</h1>
        <p className="alert error" role="alert">
          {MESSAGES.resetLinkInvalid}
        </p>
        <p>
          <Link to="/forgot-password" className="button">
            {accountWords.getNewResetLink}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container narrow">
      <h1>{accountWords.resetPasswordTitle}</h1>
      <p>{accountWords.resetPasswordIntro}</p>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          field={fields.password}
          label={accountWords.newPasswordLabel}
          hint={fill(accountWords.resetPasswordHint, { min: PASSWORD_MIN_LENGTH })}
        >
          <input type="password" autoComplete="new-password" />
        </Field>
        <Field field={fields.confirmPassword} label={accountWords.newPasswordAgainLabel}>
          <input type="password" autoComplete="new-password" />
        </Field>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? accountWords.saving : accountWords.resetPasswordSubmit}
        </button>
      </Form>
      {form.errors?.includes(MESSAGES.resetLinkInvalid) ? (
        <p>
          <Link to="/forgot-password">{accountWords.getNewResetLink}</Link>
        </p>
      ) : null}
    </div>
  );
}
