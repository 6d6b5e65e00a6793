/**
 * A public address that names no site, or no order, has no language of its own: its 404
 * speaks the language the address asks for, else the one the visitor's browser prefers,
 * and says it varies by `Accept-Language` so no cache hands one visitor's page to another.
 * Through the real HTTP app.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import { MESSAGES } from "../../app/lib/messages";
import { ownerWithSite } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";

const running = useTestApp();

const UNKNOWN_ID = "AAAAAAAAAAAAAAAAAAAA";

async function notFound(path: string, acceptLanguage?: string) {
  const response = await fetch(`${running.app.url}${path}`, {
    headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
  });
  return {
    status: response.status,
    vary: response.headers.get("vary"),
    html: await response.text(),
  };
}

describe("a public not-found page", () => {
  it("speaks the visitor's language, by the browser's order of preference", async () => {
    const spanish = await notFound(`/r/gone-${UNKNOWN_ID}`, "es-MX,es;q=0.9,en;q=0.5");
    expect(spanish.status).toBe(404);
    expect(spanish.vary).toMatch(/accept-language/i);
    expect(spanish.html).toContain(
      `<main class="container narrow error-page" lang="es" dir="ltr">`,
    );
    expect(spanish.html).toContain(`<h1>${CATALOGUES.es.restaurantNotFound}</h1>`);

    const arabic = await notFound(`/d/gone-${UNKNOWN_ID}`, "sv,ar;q=0.8");
    expect(arabic.html).toContain(`lang="ar" dir="rtl"`);
    expect(arabic.html).toContain(CATALOGUES.ar.dealershipNotFound);
    expect(arabic.html).toContain(CATALOGUES.ar.linkMayBeIncorrect);
  });

  it("keeps the specification's English words for a browser that asks for none it speaks", async () => {
    for (const acceptLanguage of [undefined, "sv-SE,fi;q=0.5"]) {
      const page = await notFound(`/s/gone-${UNKNOWN_ID}`, acceptLanguage);
      expect(page.status).toBe(404);
      expect(page.html).toContain(`<h1>${MESSAGES.shopNotFound}</h1>`);
    }
  });

  it("speaks the language the address names, whatever the browser prefers", async () => {
    // A site without French: its French address is not found, in French.
    const { productId } = await ownerWithSite(running.services, "restaurant", "Casa Sola");
    const page = await notFound(`/r/casa-sola-${productId}/fr`, "de");
    expect(page.status).toBe(404);
    expect(page.html).toContain(`<h1>${CATALOGUES.fr.restaurantNotFound}</h1>`);
    expect(page.html).not.toContain("Casa Sola");
  });

  it("says an order that does not exist in the visitor's language, with what to do", async () => {
    const page = await notFound(`/o/${"A".repeat(32)}`, "ja");
    expect(page.status).toBe(404);
    expect(page.html).toContain(`<h1>${CATALOGUES.ja.orderNotFound}</h1>`);
    expect(page.html).toContain(CATALOGUES.ja.orderNotFoundHint);
  });
});
