/**
 * The share page and its printables read an owner's own site only: another owner
 * gets the same 404 as for a site that does not exist, and an anonymous visitor is
 * sent to sign in.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import * as shareRoute from "../../app/routes/portal/share";
import * as printableRoute from "../../app/routes/print/printable";
import { productInfo } from "../../app/server/db/schema";
import { ownerWithSite } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";

const running = useTestApp();

describe("the share page", () => {
  it("shows the owner their link and QR code addresses", async () => {
    const { userId, productId } = await ownerWithSite(
      running.services,
      "restaurant",
      "Shared Diner",
    );
    const page = await callRoute(shareRoute.loader, {
      services: running.services,
      owner: ownerFor(userId),
      params: { pid: productId },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      name: "Shared Diner",
      publicUrl: `http://localhost:3999/r/shared-diner-${productId}`,
      qrPng: `/r/shared-diner-${productId}/qr.png`,
    });
  });

  it("prints the scan prompt in the site's main language, then in each further one", async () => {
    const { userId, productId } = await ownerWithSite(running.services, "shoppy", "Tienda Sol");
    await running.services.db
      .update(productInfo)
      .set({ language: "es", extraLanguages: ["ar", "en"] })
      .where(eq(productInfo.productId, productId));
    const answer = await callRoute(printableRoute.loader, {
      services: running.services,
      owner: ownerFor(userId),
      params: { pid: productId, format: "table-card" },
    });
    expect(answer.status).toBe(200);
    expect((answer.body as { scanPrompts: unknown }).scanPrompts).toEqual([
      { lang: "es", dir: "ltr", text: CATALOGUES.es.scanToShop },
      { lang: "ar", dir: "rtl", text: CATALOGUES.ar.scanToShop },
      { lang: "en", dir: "ltr", text: "Scan to shop" },
    ]);
  });

  it("answers 404 to another owner, for the page and every printable", async () => {
    const { productId } = await ownerWithSite(running.services, "restaurant", "Shared Diner");
    const stranger = await ownerWithSite(running.services, "restaurant", "Shared Diner");
    const asStranger = { services: running.services, owner: ownerFor(stranger.userId) };
    expect(
      (await callRoute(shareRoute.loader, { ...asStranger, params: { pid: productId } })).status,
    ).toBe(404);
    for (const format of ["table-card", "poster-a4", "poster-letter"]) {
      const answer = await callRoute(printableRoute.loader, {
        ...asStranger,
        params: { pid: productId, format },
      });
      expect(answer.status, format).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("Shared Diner");
    }
  });

  it("answers 404 for a paper it does not know", async () => {
    const { userId, productId } = await ownerWithSite(
      running.services,
      "restaurant",
      "Shared Diner",
    );
    const answer = await callRoute(printableRoute.loader, {
      services: running.services,
      owner: ownerFor(userId),
      params: { pid: productId, format: "billboard" },
    });
    expect(answer.status).toBe(404);
  });

  it("sends an anonymous visitor to sign in", async () => {
    const { productId } = await ownerWithSite(running.services, "restaurant", "Shared Diner");
    for (const path of [`/user/share/${productId}`, `/user/share/${productId}/print/table-card`]) {
      const answer = await fetch(`${running.app.url}${path}`, { redirect: "manual" });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
    }
  });
});
