/**
 * The portal's mails: each has a subject, a plain-text part and an HTML part
 * with the same words and link. The HTML is rendered by React, so every value
 * in it is escaped, and styled inline, as mail programs need.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PRODUCT_NAME } from "~/lib/brand";
import type { Mail } from "./mailer.server";

interface ActionMail {
  to: string;
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after it: how long the link lasts, what to do if it was not you. */
  outro: string[];
}

/**
 * A whole mail's HTML: the card every mail of the portal is, with `heading` on top and the
 * mail's own content in it.
 */
export function mailDocument(subject: string, heading: string, content: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 12px", background: "#f4f4f5" }}>
        <div
          style={{
            maxWidth: 520,
            margin: "0 auto",
            padding: 24,
            background: "#ffffff",
            borderRadius: 8,
            fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
            fontSize: 16,
            lineHeight: 1.5,
            color: "#1f2937",
          }}
        >
          <p style={{ margin: "0 0 16px", fontWeight: 700 }}>{heading}</p>
          {content}
        </div>
      </body>
    </html>,
  )}`;
}

/** Smaller, grey text: what comes after a mail's button. */
export const MUTED_MAIL_TEXT = { fontSize: 14, color: "#4b5563" };

/** A mail's one button, and its address written out for mail programs that show no button. */
export function MailAction({ action }: { action: { label: string; url: string } }) {
  return (
    <>
      <p style={{ margin: "24px 0" }}>
        <a
          href={action.url}
          style={{
            display: "inline-block",
            padding: "12px 20px",
            background: "#1d4ed8",
            color: "#ffffff",
            borderRadius: 6,
            textDecoration: "none",
            fontWeight: 600,
          }}
        >
          {action.label}
        </a>
      </p>
      <p style={MUTED_MAIL_TEXT}>
        If the button does not work, copy this address into your browser:{" "}
        <a href={action.url} style={{ color: "#1d4ed8", wordBreak: "break-all" }}>
          {action.url}
        </a>
      </p>
    </>
  );
}

function actionMail({ to, subject, intro, action, outro }: ActionMail): Mail {
  const text = [...intro, `${action.label}: ${action.url}`, ...outro, `— ${PRODUCT_NAME}`].join(
    "\n\n",
  );
  const html = mailDocument(
    subject,
    PRODUCT_NAME,
    <>
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <MailAction action={action} />
      {outro.map((paragraph) => (
        <p key={paragraph} style={MUTED_MAIL_TEXT}>
          {paragraph}
        </p>
      ))}
    </>,
  );
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, url: string): Mail {
  return actionMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: [
      `Someone asked to reset the password of the ${PRODUCT_NAME} account for ${to}.`,
      "Choose a new password with the link below.",
    ],
    action: { label: "Choose a new password", url },
    outro: [
      "The link works once, within one hour. Setting a new password signs you out everywhere else.",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
  });
}

export function verifyEmailMail(to: string, url: string): Mail {
  return actionMail({
    to,
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    intro: [
      `Welcome to ${PRODUCT_NAME}! Confirm that ${to} is your address to finish creating your account.`,
    ],
    action: { label: "Confirm my email", url },
    outro: [
      "The link works for 24 hours and signs you in.",
      "If you did not create an account, ignore this mail: nothing happens without the link.",
    ],
  });
}

export function confirmNewEmailMail(to: string, url: string): Mail {
  return actionMail({
    to,
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    intro: [
      `Someone asked to use ${to} as the address of a ${PRODUCT_NAME} account.`,
      "The account switches to this address once you confirm it.",
    ],
    action: { label: "Confirm my new email", url },
    outro: [
      "The link works for 24 hours.",
      "If you did not ask for this, ignore this mail: the account keeps its current address.",
    ],
  });
}

/** To the owner of an address someone tried to register again: the form itself says nothing. */
export function alreadyRegisteredMail(to: string, signInUrl: string): Mail {
  return actionMail({
    to,
    subject: `You already have a ${PRODUCT_NAME} account`,
    intro: [
      `Someone, probably you, tried to create a ${PRODUCT_NAME} account for ${to}, but this address already has one.`,
      "Sign in instead; if you forgot your password, the sign-in page lets you choose a new one.",
    ],
    action: { label: "Sign in", url: signInUrl },
    outro: ["If it was not you, ignore this mail: nothing has changed."],
  });
}
