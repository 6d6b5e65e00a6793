import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { CONTACT_REPLY_PROMISE, contactMailto } from "~/lib/contact";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { fill } from "~/lib/i18n/text";
import { contactSchema } from "~/lib/validation";
import { Field } from "../form";

/**
 * The contact form opens the visitor's mail client with everything filled in.
 * With JavaScript it is checked and opened at once; without, the server
 * checks it and answers with the same mailto link to follow.
 */
export function ContactForm({
  supportEmail,
  lastResult,
  serverMailto,
}: {
  supportEmail: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  serverMailto: string | null;
}) {
  const [mailto, setMailto] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const link = contactMailto(supportEmail, submission.value);
      setMailto(link);
      window.location.href = link;
    },
  });
  const link = mailto ?? serverMailto;

  return (
    <>
      {/* The answer opens at the form, with the link to follow. */}
      <Form
        method="post"
        action="/?index#contact"
        {...getFormProps(form)}
        className="form contact-form"
      >
        <Field field={fields.name} label={marketingWords.contactName}>
          <input autoComplete="name" />
        </Field>
        <Field field={fields.email} label={marketingWords.contactEmail}>
          <input type="email" autoComplete="email" />
        </Field>
        <Field field={fields.message} label={marketingWords.contactMessage}>
          <textarea rows={5} />
        </Field>
        <div>
          <button type="submit" className="button">
            {marketingWords.contactSend}
          </button>
        </div>
      </Form>
      <div role="status" aria-live="polite">
        {link ? (
          <p className="alert success">
            {fill(marketingWords.contactMailOpens, { replyPromise: CONTACT_REPLY_PROMISE })}{" "}
            <a href={link} className="contact-mailto">
              {marketingWords.contactOpenMail}
            </a>
          </p>
        ) : null}
      </div>
    </>
  );
}
