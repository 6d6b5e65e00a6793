/**
 * The portal's mails: each has a subject, a plain-text part and an HTML part
 * with the same words and link. The HTML is rendered by React, so every value
 * in it is escaped, and styled inline, as mail programs need.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PRODUCT_NAME } from "~/lib/brand";
import { ROLE_LABELS, staffWords } from "~/lib/i18n/portal/staff";
import type { StaffRole } from "~/lib/site-access";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";
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

/**
 * A mail's one button, and its address written out for mail programs that show no button;
 * `fallback` says so in the mail's language (a customer's mail speaks the customer's).
 */
export function MailAction({
  action,
  fallback = accountWords.mailButtonFallback,
}: {
  action: { label: string; url: string };
  fallback?: string;
}) {
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
        {fillNodes(fallback, {
          address: (
            <a href={action.url} style={{ color: "#1d4ed8", wordBreak: "break-all" }}>
              {action.url}
            </a>
          ),
        })}
      </p>
    </>
  );
}

function actionMail({ to, subject, intro, action, outro }: ActionMail): Mail {
  const text = [
    ...intro,
    fill(accountWords.mailActionLine, { label: action.label, url: action.url }),
    ...outro,
    fill(accountWords.mailSignature, { product: PRODUCT_NAME }),
  ].join("\n\n");
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
    subject: fill(accountWords.passwordResetMailSubject, { product: PRODUCT_NAME }),
    intro: [
      fill(accountWords.passwordResetMailIntro, { product: PRODUCT_NAME, email: to }),
      accountWords.passwordResetMailChoose,
    ],
    action: { label: accountWords.passwordResetMailAction, url },
    outro: [accountWords.passwordResetMailExpiry, accountWords.passwordResetMailNotYou],
  });
}

export function verifyEmailMail(to: string, url: string): Mail {
  return actionMail({
    to,
    subject: fill(accountWords.verifyEmailMailSubject, { product: PRODUCT_NAME }),
    intro: [fill(accountWords.verifyEmailMailIntro, { product: PRODUCT_NAME, email: to })],
    action: { label: accountWords.verifyEmailMailAction, url },
    outro: [accountWords.verifyEmailMailExpiry, accountWords.verifyEmailMailNotYou],
  });
}

export function confirmNewEmailMail(to: string, url: string): Mail {
  return actionMail({
    to,
    subject: fill(accountWords.newEmailMailSubject, { product: PRODUCT_NAME }),
    intro: [
      fill(accountWords.newEmailMailIntro, { email: to, product: PRODUCT_NAME }),
      accountWords.newEmailMailSwitch,
    ],
    action: { label: accountWords.newEmailMailAction, url },
    outro: [accountWords.newEmailMailExpiry, accountWords.newEmailMailNotYou],
  });
}

/** To the owner of an address someone tried to register again: the form itself says nothing. */
export function alreadyRegisteredMail(to: string, signInUrl: string): Mail {
  return actionMail({
    to,
    subject: fill(accountWords.alreadyRegisteredMailSubject, { product: PRODUCT_NAME }),
    intro: [
      fill(accountWords.alreadyRegisteredMailIntro, { product: PRODUCT_NAME, email: to }),
      accountWords.alreadyRegisteredMailSignIn,
    ],
    action: { label: accountWords.alreadyRegisteredMailAction, url: signInUrl },
    outro: [accountWords.alreadyRegisteredMailNotYou],
  });
}

/** An owner's invitation to work on their site: the link works once, for that address. */
export function staffInvitationMail(input: {
  to: string;
  url: string;
  site: string;
  owner: string;
  role: StaffRole;
}): Mail {
  const role = ROLE_LABELS[input.role];
  return actionMail({
    to: input.to,
    subject: fill(staffWords.mailSubject, { site: input.site, product: PRODUCT_NAME }),
    intro: [
      fill(staffWords.mailIntro, {
        owner: input.owner,
        site: input.site,
        product: PRODUCT_NAME,
        role,
      }),
      input.role === "orders" ? staffWords.roleOrdersHint : staffWords.roleEditorHint,
    ],
    action: { label: staffWords.mailAction, url: input.url },
    outro: [fill(staffWords.mailExpiry, { email: input.to }), staffWords.mailNotYou],
  });
}
