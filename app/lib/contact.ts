import type { ContactInput } from "./validation";

export const CONTACT_SUBJECT = "General Question";
export const CONTACT_REPLY_PROMISE = "We reply within one business day.";

/** The mailto: link the contact form opens (SPEC section 9): subject and body prefilled. */
export function contactMailto(supportEmail: string, input: ContactInput): string {
  // A form the browser posts sends its line breaks as CRLF; the script's copy has LF. One kind.
  const message = input.message.replace(/\r\n?/g, "\n");
  const body = `Name: ${input.name}\nEmail: ${input.email}\n\n${message}`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(CONTACT_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
