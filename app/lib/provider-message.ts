/**
 * A payment provider's message as the owner reads it. Stripe's client puts its request's id
 * in front of the message ("[req_8Ab…] Insufficient funds…"): kept where it is stored, for
 * support, and left out where the owner reads it.
 */
export function providerMessageForOwner(message: string): string {
  return message.replace(/^\s*\[req_[A-Za-z0-9]+\]\s*/, "");
}
