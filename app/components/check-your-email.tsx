import { Form, useNavigation } from "react-router";
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
      <h1>Check your email</h1>
      <p className="alert success" role="status">
        {notice ?? MESSAGES.checkYourEmail}
      </p>
      <p>
        The link goes to <strong>{email}</strong>. Nothing after a few minutes? Look in your spam
        folder, or ask for another one.
      </p>
      <Form method="post" action="/verify-email" className="form">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="button secondary" disabled={sending}>
          {sending ? "Sending…" : "Send a new link"}
        </button>
      </Form>
    </div>
  );
}
