/**
 * The fake's hosted pages: plain HTML forms, no script, readable on a phone, so that a browser
 * test walks them as a customer or an owner would walk Stripe's.
 */
import { formatAmount } from "./money";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  h1 { font-size: 1.375rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: 0.5rem 0; border-bottom: 1px solid #e3e8ee; }
  td.amount, th.amount { text-align: right; }
  label { display: block; margin: 1rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.625rem; font-size: 1rem; }
  button { display: block; width: 100%; margin: 1rem 0 0; padding: 0.75rem; font-size: 1rem;
    border: 0; border-radius: 6px; background: #635bff; color: #fff; }
  button.secondary { background: #e3e8ee; color: #1a1f36; }
  form { margin: 0; }
  .note { color: #697386; font-size: 0.875rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }) {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""}`,
  );
}

export function onboardingPage(input: {
  linkId: string;
  accountId: string;
  email: string | null;
  country: string;
}): string {
  const action = (step: string) => `/onboarding/${encodeURIComponent(input.linkId)}/${step}`;
  return page(
    "Fake Stripe onboarding",
    `<h1>Fake Stripe onboarding</h1>
<p>Account <code>${escapeHtml(input.accountId)}</code>${
      input.email ? ` (${escapeHtml(input.email)})` : ""
    }, ${escapeHtml(input.country)}</p>
<p class="note">This page stands in for Stripe's hosted onboarding.</p>
<form method="post" action="${action("complete")}">
<button type="submit">Complete onboarding</button>
</form>
<form method="post" action="${action("unfinished")}">
<button type="submit" class="secondary">Leave details unfinished</button>
</form>
<form method="post" action="${action("expired")}">
<button type="submit" class="secondary">Link expired</button>
</form>`,
  );
}

export interface CheckoutPageLine {
  name: string;
  quantity: number;
  amountTotal: number;
}

export function checkoutPage(input: {
  sessionId: string;
  lines: CheckoutPageLine[];
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  cancelUrl: string | null;
}): string {
  const money = (amount: number) => escapeHtml(formatAmount(amount, input.currency));
  const rows = input.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td>${line.quantity}</td>` +
        `<td class="amount">${money(line.amountTotal)}</td></tr>`,
    )
    .join("\n");
  const email = input.customerEmail
    ? `<input id="email" name="email" type="email" value="${escapeHtml(input.customerEmail)}" readonly>`
    : `<input id="email" name="email" type="email" autocomplete="email" required>`;
  return page(
    "Fake Stripe Checkout",
    `<h1>Fake Stripe Checkout</h1>
<table>
<thead><tr><th>Item</th><th>Qty</th><th class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th colspan="2">Total</th><td class="amount" data-testid="total">${money(input.amountTotal)}</td></tr></tfoot>
</table>
<form method="post" action="/checkout/${encodeURIComponent(input.sessionId)}/pay">
<label for="email">Email</label>
${email}
<p class="note">Card 4242 4242 4242 4242 (fake: nothing is charged)</p>
<button type="submit">Pay</button>
</form>
${input.cancelUrl ? `<p><a href="${escapeHtml(input.cancelUrl)}">Back</a></p>` : ""}`,
  );
}
