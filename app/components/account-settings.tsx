import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import type { SignedInSession } from "~/lib/signed-in-sessions";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "~/lib/validation";
import { Field, FormErrors } from "./form";
import { useSavedToast } from "./toasts";
import { useHydrated } from "./use-hydrated";

/** What the account actions of /user/info answer; `status` is set when the change was made. */
type AccountAnswer =
  | {
      intent: "change-password" | "change-email" | "delete-account";
      result: SubmissionResult;
      status?: "success";
      sentTo?: string;
    }
  | { intent: "end-other-sessions"; status: "success" };

/**
 * The answer to this form's intent: from its fetcher once the page is hydrated, or
 * from the page's own action data after a plain post without JavaScript.
 */
function useAnswer(intent: AccountAnswer["intent"]) {
  const fetcher = useFetcher<AccountAnswer>({ key: `account-${intent}` });
  const actionData = useActionData<AccountAnswer>();
  const answer = fetcher.data ?? actionData;
  return { fetcher, answer: answer?.intent === intent ? answer : undefined };
}

function resultOf(answer: AccountAnswer | undefined) {
  return answer && "result" in answer ? answer.result : undefined;
}

export function ChangePasswordForm() {
  const { fetcher, answer } = useAnswer("change-password");
  const result = resultOf(answer);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: result,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  useSavedToast(answer, MESSAGES.passwordChanged);
  const saving = fetcher.state !== "idle";
  return (
    <section className="card account-section" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">{accountWords.passwordHeading}</h2>
      <p className="muted">{accountWords.changePasswordIntro}</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="change-password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {answer?.status === "success" && !fetcher.data ? (
          <p className="alert success" role="status">
            {MESSAGES.passwordChanged}
          </p>
        ) : null}
        <Field field={fields.currentPassword} label={accountWords.currentPasswordLabel}>
          <input type="password" autoComplete="current-password" />
        </Field>
        <Field
          field={fields.newPassword}
          label={accountWords.newPasswordLabel}
          hint={fill(accountWords.changePasswordHint, { min: PASSWORD_MIN_LENGTH })}
        >
          <input type="password" autoComplete="new-password" />
        </Field>
        <Field field={fields.confirmPassword} label={accountWords.newPasswordAgainLabel}>
          <input type="password" autoComplete="new-password" />
        </Field>
        <button type="submit" className="button" disabled={saving}>
          {saving ? accountWords.changingPassword : accountWords.changePasswordSubmit}
        </button>
      </fetcher.Form>
    </section>
  );
}

export function ChangeEmailForm({ email }: { email: string }) {
  const { fetcher, answer } = useAnswer("change-email");
  const result = resultOf(answer);
  const sentTo = answer && "sentTo" in answer ? answer.sentTo : undefined;
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: result,
    constraint: getZodConstraint(changeEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  const saving = fetcher.state !== "idle";
  return (
    <section className="card account-section" aria-labelledby="change-email-heading">
      <h2 id="change-email-heading">{accountWords.emailAddressHeading}</h2>
      <p className="muted">
        {fillNodes(accountWords.currentEmail, { email: <strong>{email}</strong> })}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="change-email" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {sentTo && answer?.status === "success" ? (
          <p className="alert success" role="status">
            {fill(accountWords.emailChangeLinkSent, { email: sentTo })}
          </p>
        ) : null}
        <Field field={fields.newEmail} label={accountWords.newEmailLabel}>
          <input type="email" autoComplete="email" />
        </Field>
        <button type="submit" className="button secondary" disabled={saving}>
          {saving ? accountWords.sending : accountWords.sendConfirmationLink}
        </button>
      </fetcher.Form>
    </section>
  );
}

const FULL_TIME = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function SignedInSessions({ sessions }: { sessions: SignedInSession[] }) {
  const { fetcher, answer } = useAnswer("end-other-sessions");
  useSavedToast(answer, MESSAGES.otherSessionsEnded);
  const others = sessions.filter((session) => !session.current).length;
  const ending = fetcher.state !== "idle";
  return (
    <section className="card account-section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{accountWords.sessionsHeading}</h2>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            <span className="session-device">
              {session.device}
              {session.current ? <span className="badge">{accountWords.thisDevice}</span> : null}
            </span>
            <time
              className="muted"
              dateTime={session.lastUsed}
              title={fill(accountWords.sessionLastUsedAt, {
                time: FULL_TIME.format(new Date(session.lastUsed)),
              })}
            >
              {session.activity}
            </time>
          </li>
        ))}
      </ul>
      {answer && !fetcher.data ? (
        <p className="alert success" role="status">
          {MESSAGES.otherSessionsEnded}
        </p>
      ) : null}
      {others > 0 ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className="button secondary" disabled={ending}>
            {ending ? accountWords.signingOut : accountWords.signOutEverywhereElse}
          </button>
        </fetcher.Form>
      ) : (
        <p className="muted">{accountWords.signedInHereOnly}</p>
      )}
    </section>
  );
}

/**
 * Deleting the account: the password confirms it. With JavaScript a dialog asks once
 * more before the form is sent; without, the typed password is the confirmation. It is
 * a whole-page post either way: the answer signs the browser out and leaves the portal.
 */
export function DeleteAccountForm({ sites }: { sites: number }) {
  const answer = useActionData<AccountAnswer>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [confirming, setConfirming] = useState(false);
  // The browser itself sends the form and loads the answer; until then, say so.
  const [deleting, setDeleting] = useState(false);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: answer?.intent === "delete-account" ? resultOf(answer) : undefined,
    constraint: getZodConstraint(deleteAccountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
    onSubmit: (event, { submission }) => {
      // Conform has checked the password is typed; the dialog asks before anything is sent.
      if (submission?.status === "success" && !confirmed.current) {
        event.preventDefault();
        setConfirming(true);
      }
    },
  });
  return (
    <section className="card account-section danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{accountWords.deleteAccountHeading}</h2>
      <p>
        {sites > 0
          ? portalPlural(accountWords.deleteAccountWithSites, sites)
          : accountWords.deleteAccountWithoutSites}
      </p>
      <Form method="post" reloadDocument {...getFormProps(form)} ref={formRef} className="form">
        <input type="hidden" name="intent" value="delete-account" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.password} label={accountWords.yourPasswordLabel}>
          <input type="password" autoComplete="current-password" />
        </Field>
        <button type="submit" className="button danger" disabled={deleting}>
          {deleting ? accountWords.deleting : accountWords.deleteAccountSubmit}
        </button>
      </Form>
      {hydrated ? (
        <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog-overlay" />
            <AlertDialog.Content className="dialog">
              <AlertDialog.Title className="dialog-title">
                {accountWords.deleteAccountConfirmTitle}
              </AlertDialog.Title>
              <AlertDialog.Description>
                {sites > 0
                  ? portalPlural(accountWords.deleteAccountConfirmWithSites, sites)
                  : accountWords.deleteAccountConfirmWithoutSites}
              </AlertDialog.Description>
              <div className="dialog-actions">
                <AlertDialog.Cancel className="button secondary">
                  {accountWords.keepMyAccount}
                </AlertDialog.Cancel>
                <AlertDialog.Action
                  className="button danger"
                  onClick={() => {
                    confirmed.current = true;
                    setDeleting(true);
                    formRef.current?.requestSubmit();
                  }}
                >
                  {accountWords.deleteEverything}
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : null}
    </section>
  );
}
