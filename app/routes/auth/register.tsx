import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CheckYourEmail } from "~/components/check-your-email";
import { Field, FormErrors } from "~/components/form";
import { servicesContext } from "~/context";
import { catalogEntry } from "~/lib/catalog";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";
import { pathAfterRegistration, PRODUCT_PARAMETER, productFromSearch } from "~/lib/get-started";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { registerSchema, signInPathTo } from "~/lib/validation";
import {
  cookieHeaders,
  hasSessionCookie,
  isExistingEmailRefusal,
  passwordRuleError,
  postToAuthRouter,
} from "~/server/accounts/auth-forms.server";
import { getOptionalUser } from "~/server/accounts/session.server";
import { invitationByToken } from "~/server/access/staff.server";
import { invitationPath } from "~/lib/site-access";
import { staffWords } from "~/lib/i18n/portal/staff";
import { publicPagesNow } from "~/server/runtime/env.server";
import { pageMeta } from "~/lib/seo";
import { parseSubmission, readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/register";
import { rememberStartingProduct } from "./starting-product.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: accountWords.registerTitle,
    description: accountWords.registerDescription,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = context.get(servicesContext);
  if (env.registerUrl) throw redirect(env.registerUrl);
  const search = new URL(request.url).searchParams;
  const product = productFromSearch(search);
  // Registering to accept a site's invitation: its address filled in, and back to it after.
  const invitation = await invitationByToken(
    db,
    search.get("invitation") ?? "",
    publicPagesNow(env).getTime(),
  );
  const invited =
    invitation?.state === "open"
      ? {
          token: search.get("invitation")!,
          email: invitation.email,
          site: invitation.siteName,
        }
      : null;
  if (await getOptionalUser(request, context)) {
    throw redirect(invited ? invitationPath(invited.token) : pathAfterRegistration(product));
  }
  return { open: env.registrationOpen, product, invited };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readFormOrRefuse(request), registerSchema);
  if (!services.env.registrationOpen) {
    return data(submission.reply({ formErrors: [MESSAGES.registrationClosed] }), { status: 403 });
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { username, email, password } = submission.value;
  const product = submission.value.product ?? null;
  const invitation = submission.value.invitation ?? null;
  const next = invitation ? invitationPath(invitation) : pathAfterRegistration(product);
  const result = await postToAuthRouter(services, request, "/sign-up/email", {
    name: username,
    email,
    password,
  });
  if (result.ok) {
    // With confirmation required there is no session yet: the mailed link signs the owner in.
    // A new address and one that already has an account get this same answer.
    if (!hasSessionCookie(result.setCookies)) {
      return data(
        { checkEmail: email },
        { headers: product ? await rememberStartingProduct(services.env, product) : undefined },
      );
    }
    throw redirect(next, { headers: cookieHeaders(result.setCookies) });
  }

  const passwordError = passwordRuleError(result);
  if (passwordError) {
    return data(
      submission.reply({ fieldErrors: { password: [passwordError] }, hideFields: ["password"] }),
      { status: 400 },
    );
  }
  // An existing email gets the status of any other refusal and a message that
  // fits them too, so the form does not say which emails have an account.
  if (isExistingEmailRefusal(result)) {
    return data(
      submission.reply({ formErrors: [MESSAGES.registrationRefused], hideFields: ["password"] }),
      { status: 400 },
    );
  }
  const message =
    result.status === 429
      ? MESSAGES.tooManyAttempts
      : (result.message ?? accountWords.registrationFailed);
  return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
    status: result.status >= 500 ? 500 : result.status,
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The form posts to this page's own address, with its `product` parameter.
  const submitting =
    navigation.state !== "idle" && navigation.formAction?.split("?")[0] === "/register";
  const startingWith = loaderData.product ? catalogEntry(loaderData.product) : null;
  const checkEmail = actionData && "checkEmail" in actionData ? actionData.checkEmail : null;
  const [form, fields] = useForm({
    lastResult: actionData && !("checkEmail" in actionData) ? actionData : undefined,
    constraint: getZodConstraint(registerSchema),
    // Registering from an invitation: the address it was sent to, which it must be.
    defaultValue: loaderData.invited ? { email: loaderData.invited.email } : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });

  if (!loaderData.open) {
    return (
      <div className="container narrow">
        <h1>{accountWords.registerTitle}</h1>
        <p className="alert info">{MESSAGES.registrationClosed}</p>
        <p>
          {fillNodes(accountWords.alreadyHaveAccount, {
            link: <Link to="/signin">{accountWords.signInLink}</Link>,
          })}
        </p>
      </div>
    );
  }

  if (checkEmail) return <CheckYourEmail email={checkEmail} />;

  return (
    <div className="container narrow">
      <h1>{accountWords.registerHeading}</h1>
      <p className="lead">
        {loaderData.invited
          ? fill(staffWords.registerForInvitation, { site: loaderData.invited.site })
          : startingWith
            ? fill(accountWords.registerLeadForProduct, {
                product: startingWith.name.toLowerCase(),
              })
            : accountWords.registerLead}
      </p>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors id={form.errorId} errors={form.errors} />
        {loaderData.product ? (
          <input type="hidden" name={PRODUCT_PARAMETER} value={loaderData.product} />
        ) : null}
        {loaderData.invited ? (
          <input type="hidden" name="invitation" value={loaderData.invited.token} />
        ) : null}
        <Field field={fields.username} label={accountWords.usernameLabel}>
          <input autoComplete="username" />
        </Field>
        <Field field={fields.email} label={accountWords.emailLabel}>
          <input type="email" autoComplete="email" />
        </Field>
        <Field
          field={fields.password}
          label={accountWords.passwordLabel}
          hint={fill(accountWords.registerPasswordHint, {
            min: PASSWORD_MIN_LENGTH,
            max: PASSWORD_MAX_LENGTH,
          })}
        >
          <input type="password" autoComplete="new-password" />
        </Field>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? accountWords.registerSubmitting : accountWords.registerSubmit}
        </button>
      </Form>
      <p>
        {fillNodes(accountWords.alreadyHaveAccount, {
          link: (
            <Link
              to={
                loaderData.invited
                  ? signInPathTo(invitationPath(loaderData.invited.token))
                  : "/signin"
              }
            >
              {accountWords.signInLink}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
