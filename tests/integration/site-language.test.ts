/**
 * A site's language, on a real database and through the real HTTP app (page cache included):
 * chosen in the Info form, refused when not listed, untouched by a second owner or an
 * anonymous visitor, and spoken by the public pages: their `lang` and `dir`, the words they
 * say by themselves, days, times and prices as the language writes them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import { MESSAGES } from "../../app/lib/messages";
import { publicPath, slugify } from "../../app/lib/slug";
import * as setupRoute from "../../app/routes/portal/setup";
import { productInfo } from "../../app/server/db/schema";
import { createProduct } from "../../app/server/repositories/products.server";
import { registerOwner } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";

const running = useTestApp();

function formOf(entries: Array<[string, string]>) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

async function site(type: "restaurant" | "shoppy" | "dealership", name: string) {
  const first = await registerOwner(running.services);
  const second = await registerOwner(running.services);
  const created = await createProduct(running.services.events, first.userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  const productId = created.productId;
  const owner = ownerFor(first.userId);
  const act = (who: typeof owner, entries: Array<[string, string]>) =>
    callRoute(setupRoute.action, {
      services: running.services,
      owner: who,
      params: { type, pid: productId },
      multipart: formOf(entries),
    });
  const stored = async () =>
    (await running.services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    }))!;
  return {
    owner,
    stranger: ownerFor(second.userId),
    productId,
    act,
    stored,
    path: publicPath(type, slugify(name), productId),
    editorPath: `/user/${type}/setup/${productId}`,
  };
}

/** The Info form: a name, Monday's hours, and the language when given. */
function info(name: string, language?: string): Array<[string, string]> {
  return [
    ["intent", "save-info"],
    ["name", name],
    ["timeZone", "Europe/Madrid"],
    ["hours[0].open", "9:00 AM"],
    ["hours[0].close", "5:00 PM"],
    ...(language === undefined ? [] : ([["language", language]] as Array<[string, string]>)),
  ];
}

async function publicHtml(path: string) {
  const response = await fetch(`${running.app.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("a site's language", () => {
  it("starts as English, and the public menu speaks Spanish once the owner chooses it", async () => {
    const { owner, act, stored, path, productId } = await site("restaurant", "Casa Lupe");
    expect((await stored()).language).toBe("en");
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Flan"],
      ["price", "12.50"],
      ["category", "Postres"],
      ["allergens", "milk"],
      ["allergens", "eggs"],
      ["diets", "vegetarian"],
    ]);
    expect(added.status).toBe(200);
    const english = await publicHtml(path);
    expect(english).toMatch(/^<!DOCTYPE html><html lang="en">/);

    expect((await act(owner, info("Casa Lupe", "es"))).status).toBe(200);
    expect((await stored()).language).toBe("es");

    // The save dropped the cached English page.
    const html = await publicHtml(path);
    const es = CATALOGUES.es;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="es">/);
    for (const words of [es.findUs, es.openingHours, es.skipToMenu, es.allergensAndDiets]) {
      expect(html).toContain(words);
    }
    for (const words of ["Find us", "Opening hours", "Skip to the menu", "Allergens and diets"]) {
      expect(html).not.toContain(words);
    }
    // The price, the day and the hours as Spanish writes them.
    expect(html).toContain("12,50\u00a0US$");
    expect(html).toContain("lunes");
    expect(html).toContain("9:00 \u2013 17:00");
    // Allergens by their Spanish names, lowercased inside the sentence.
    expect(html).toContain(es.allergenMilk);
    expect(html).toContain(es.allergenEggs.toLowerCase());
    expect(html).toContain(`title="${es.dietVegetarian}"`);

    // The editor starts from the stored language.
    const editor = await callRoute(setupRoute.loader, {
      services: running.services,
      owner,
      params: { type: "restaurant", pid: productId },
    });
    expect(editor.body).toMatchObject({ info: { language: "es" } });
  });

  it("sets the page right to left in Arabic, on every kind of site", async () => {
    for (const type of ["restaurant", "shoppy", "dealership"] as const) {
      const { owner, act, path } = await site(type, `Souk ${type}`);
      expect((await act(owner, info(`Souk ${type}`, "ar"))).status, type).toBe(200);
      const html = await publicHtml(path);
      expect(html, type).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
      expect(html, type).toContain(CATALOGUES.ar.openingHours);
    }
  });

  it("gives a shop's script its words in the shop's language", async () => {
    const { owner, act, path } = await site("shoppy", "Laden Berlin");
    await act(owner, info("Laden Berlin", "de"));
    await act(owner, [
      ["intent", "add-item"],
      ["name", "Tasse"],
      ["price", "1200"],
    ]);
    const html = await publicHtml(path);
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain(`<label for="shop-search">${CATALOGUES.de.search}</label>`);
    expect(html).toContain("1.200,00\u00a0$");
    const words = /data-words="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(words)).toMatchObject({ tag: "de", photoOf: CATALOGUES.de.photoOf });
  });

  it("refuses a language that is not listed, and keeps the stored one when the form leaves it out", async () => {
    const { owner, act, stored } = await site("restaurant", "Careful Kitchen");
    await act(owner, info("Careful Kitchen", "fr"));
    for (const language of ["xx", "FR", "fr-CA", "<script>"]) {
      const refused = await act(owner, info("Renamed", language));
      expect(refused.status, language).toBe(400);
      expect(refused.body).toMatchObject({
        result: { error: { language: [MESSAGES.languageUnknown] } },
      });
    }
    expect(await stored()).toMatchObject({ language: "fr", name: "Careful Kitchen" });
    expect((await act(owner, info("Renamed"))).status).toBe(200);
    expect(await stored()).toMatchObject({ language: "fr", name: "Renamed" });
  });

  it("is changed by no one but the site's owner", async () => {
    const { stranger, act, stored, editorPath, path } = await site("restaurant", "Mine Alone");
    const refused = await act(stranger, info("Taken", "ja"));
    expect(refused.status).toBe(404);
    const anonymous = await fetch(`${running.app.url}${editorPath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(info("Taken", "ja")),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    expect(await stored()).toMatchObject({ language: "en", name: "Mine Alone" });
    expect(await publicHtml(path)).toMatch(/<html lang="en">/);
  });
});
