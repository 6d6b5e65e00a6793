import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { CONTACT_REPLY_PROMISE, contactMailto } from "~/lib/contact";
import { contactSchema } from "~/lib/validation";
import { FieldErrors, TextField } from "../form";

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
      <Form method="post" action="/?index" {...getFormProps(form)} className="form contact-form">
        <TextField label="Name" field={fields.name} autoComplete="name" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <div className="field">
          <label htmlFor={fields.message.id}>Message</label>
          <textarea
            {...getTextareaProps(fields.message, { ariaAttributes: true })}
            key={fields.message.key}
            rows={5}
            aria-describedby={fields.message.errors?.length ? fields.message.errorId : undefined}
          />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <div>
          <button type="submit" className="button">
            Send
          </button>
        </div>
      </Form>
      <div role="status" aria-live="polite">
        {link ? (
          <p className="alert success">
            Your email app should open with your message. {CONTACT_REPLY_PROMISE}{" "}
            <a href={link} className="contact-mailto">
              Open the email
            </a>
          </p>
        ) : null}
      </div>
    </>
  );
}
