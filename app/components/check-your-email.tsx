import { Form, useNavigation } from "react-router";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { MESSAGES } from "~/lib/messages";

/**
 * After registering where addresses are confirmed: what to do next, and a way to
 * get another link (posted to /verify-email, which answers the same for any address).
 */
export function CheckYourEmail({ email, notice }: { email: string; notice?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/verify-email";
  return (
    <div className="container narrow">
      <h1>{accountWords.checkEmailHeading}</h1>
      <p className="alert success" role="status">
        {notice ?? MESSAGES.checkYourEmail}
      </p>
      <p>{fillNodes(accountWords.checkEmailLinkGoesTo, { email: <strong>{email}</strong> })}</p>
      <Form method="post" action="/verify-email" className="form">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="button secondary" disabled={sending}>
          {sending ? accountWords.sending : accountWords.sendNewLink}
        </button>
      </Form>
    </div>
  );
}
