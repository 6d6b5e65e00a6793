/**
 * A page that sends the browser on to another site (a payment provider's checkout or
 * onboarding) by itself, with a link for a browser that does not follow it.
 *
 * Why not a 303 from the form's post: every page's Content Security Policy says forms post
 * to this site only (`form-action 'self'`), and browsers hold a form's redirects to that
 * rule too, so a post answered with a redirect to Stripe is stopped. Arriving here is a
 * same-site redirect; the refresh from here is a new navigation that no form rule covers,
 * and a refresh at once replaces this page in the history, so Back from the provider's page
 * does not bounce through it.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function handOffPage(
  url: string,
  words: { title: string; link: string; language: string },
): Response {
  const href = escapeHtml(url);
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(words.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0;url=${href}">
<title>${escapeHtml(words.title)}</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem 1rem;text-align:center">
<p><a href="${href}" style="display:inline-block;padding:0.8rem 1.2rem;border-radius:0.5rem;background:#1d4ed8;color:#fff;text-decoration:none">${escapeHtml(words.link)}</a></p>
</body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
