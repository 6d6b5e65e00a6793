import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormErrors } from "~/components/form";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { forgotPasswordSchema } from "~/lib/validation";
import { postToAuthRouter } from "~/server/accounts/auth-forms.server";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import { requireMailOn } from "~/server/accounts/password-reset.server";
import type { Route } from "./+types/forgot-password";
import { logRequestError } from "~/server/http/log.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: accountWords.forgotPasswordTitle,
    description: accountWords.forgotPasswordDescription,
    noIndex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  requireMailOn(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireMailOn(context);
  const submission = parseSubmission(await readFormOrRefuse(request), forgotPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const result = await postToAuthRouter(services, request, "/request-password-reset", {
    email: submission.value.email,
    redirectTo: "/reset-password",
  });
  if (result.ok) return { sent: true as const };
  // Whether the address has an account never changes the answer; only a refusal of the
  // request itself (too many from here, a failure) does.
  const message = result.status === 429 ? MESSAGES.resetTooManyRequests : MESSAGES.resetFailed;
  if (result.status >= 500)
    logRequestError(request, "password reset request failed", result.message);
  return data(submission.reply({ formErrors: [message] }), {
    status: result.status === 429 ? 429 : result.status >= 500 ? 500 : 400,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const sent = actionData && "sent" in actionData;
  const [form, fields] = useForm({
    lastResult: sent ? undefined : actionData,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  return (
    <div className="container narrow">
      <h1>{accountWords.forgotPasswordHeading}</h1>
      {sent ? (
        <div>
          <p className="alert success" role="status">
            {MESSAGES.resetLinkSent}
          </p>
          <p>
            {fillNodes(accountWords.forgotPasswordNothingYet, {
              link: (
                <Link to="/forgot-password" reloadDocument>
                  {accountWords.forgotPasswordAskAgain}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : (
        <>
          <p>{accountWords.forgotPasswordIntro}</p>
          <Form method="post" {...getFormProps(form)} className="form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field field={fields.email} label={accountWords.emailLabel}>
              <input type="email" autoComplete="email" />
            </Field>
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? accountWords.sending : accountWords.forgotPasswordSubmit}
            </button>
          </Form>
        </>
      )}
      <p>
        {fillNodes(accountWords.rememberedIt, {
          link: <Link to="/signin">{accountWords.signInLink}</Link>,
        })}
      </p>
    </div>
  );
}
