import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormErrors } from "~/components/form";
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
    title: "Forgot password",
    description: "Get a link to choose a new password.",
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
      <h1>Forgot your password?</h1>
      {sent ? (
        <div>
          <p className="alert success" role="status">
            {MESSAGES.resetLinkSent}
          </p>
          <p>
            Nothing after a few minutes? Look in your spam folder, or{" "}
            <Link to="/forgot-password" reloadDocument>
              ask again
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <p>
            Type the email address you registered with. We will send you a link to choose a new
            password.
          </p>
          <Form method="post" {...getFormProps(form)} className="form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field field={fields.email} label="Email">
              <input type="email" autoComplete="email" />
            </Field>
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Sending…" : "Send the link"}
            </button>
          </Form>
        </>
      )}
      <p>
        Remembered it? <Link to="/signin">Sign in</Link>
      </p>
    </div>
  );
}
