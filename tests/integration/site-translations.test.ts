/**
 * A site's further languages and the owner's translations, on a real database and through
 * the real HTTP app (page cache included): added, limited and removed on the Languages page,
 * saved with their limits, refused to a second owner and an anonymous visitor, shown at
 * `/{r|s|d|e}/{slugId}/{lang}` with the main texts where none, linked with `hreflang` and a
 * switcher, listed in the sitemap, and gone with their item or their language.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import {
  categoryTextKey,
  choiceTextKey,
  DELIVERY_NOTE_TEXT_KEY,
  itemTextKey,
} from "../../app/lib/i18n/translatable-texts";
import { DEFAULT_ORDER_SETTINGS } from "../../app/lib/order-settings";
import { publicPath, slugify } from "../../app/lib/slug";
import * as languagesRoute from "../../app/routes/portal/languages";
import * as languagesCsvRoute from "../../app/routes/portal/languages-csv";
import * as setupRoute from "../../app/routes/portal/setup";
import { translations } from "../../app/server/db/schema";
import { orderPageLoader } from "../../app/server/orders/order-page.server";
import { saveOrderSettings } from "../../app/server/orders/orders.server";
import { listItems } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import { registerOwner } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";
import { RouterContextProvider } from "react-router";
import { ownerContext, servicesContext } from "../../app/context";

const running = useTestApp();

function formOf(entries: Array<[string, string]>) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

/** A menu with two dishes (one with sizes) in two categories, and ways to act on it. */
async function menu(name: string) {
  const first = await registerOwner(running.services);
  const second = await registerOwner(running.services);
  const created = await createProduct(running.services.events, first.userId, {
    type: "restaurant",
    name,
  });
  if (!created.ok) throw new Error(created.reason);
  const productId = created.productId;
  const owner = ownerFor(first.userId);
  const params = { type: "restaurant", pid: productId };
  const edit = (entries: Array<[string, string]>) =>
    callRoute(setupRoute.action, {
      services: running.services,
      owner,
      params,
      multipart: formOf(entries),
    });
  const languages = (who: typeof owner, entries: Array<[string, string]>) =>
    callRoute(languagesRoute.action, {
      services: running.services,
      owner: who,
      params,
      multipart: formOf(entries),
    });
  await edit([
    ["intent", "add-item"],
    ["name", "Tomato soup"],
    ["price", "6"],
    ["category", "Starters"],
    ["description", "With basil"],
  ]);
  await edit([
    ["intent", "add-item"],
    ["name", "Lemonade"],
    ["price", "3"],
    ["category", "Drinks"],
    ["options[0].name", "Size"],
    ["options[0].min", "1"],
    ["options[0].max", "1"],
    ["options[0].choices[0].name", "Small"],
    ["options[0].choices[0].priceChange", "0"],
    ["options[0].choices[1].name", "Large"],
    ["options[0].choices[1].priceChange", "1"],
  ]);
  const items = await listItems(running.services.db, productId);
  return {
    productId,
    owner,
    stranger: ownerFor(second.userId),
    languages,
    edit,
    items,
    path: publicPath("restaurant", slugify(name), productId),
    pagePath: `/user/restaurant/languages/${productId}`,
  };
}

/** The router context a portal route runs in for `owner`. */
function contextFor(owner: ReturnType<typeof ownerFor>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, running.services);
  context.set(ownerContext, owner);
  return context;
}

async function page(path: string) {
  const response = await fetch(`${running.app.url}${path}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

describe("a site's further languages", () => {
  it("are added, translated and shown at their own address, the main texts where none", async () => {
    const site = await menu("Harbor Kitchen");
    expect(
      (
        await site.languages(site.owner, [
          ["intent", "add-language"],
          ["language", "es"],
        ])
      ).status,
    ).toBe(200);
    const soup = site.items.find((item) => item.name === "Tomato soup")!;
    const lemonade = site.items.find((item) => item.name === "Lemonade")!;
    const size = lemonade.options[0]!;
    const saved = await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "es"],
      [`t:${itemTextKey(soup.id, "name")}`, "Sopa de tomate"],
      [`t:${categoryTextKey("Starters")}`, "Entrantes"],
      [`t:${choiceTextKey(lemonade.id, size.id, size.choices[1]!.id)}`, "Grande"],
      // Left empty: shown in the main language.
      [`t:${itemTextKey(lemonade.id, "name")}`, ""],
    ]);
    expect(saved.status).toBe(200);

    const spanish = await page(`${site.path}/es`);
    expect(spanish.status).toBe(200);
    expect(spanish.html).toMatch(/^<!DOCTYPE html><html lang="es">/);
    expect(spanish.html).toContain("Sopa de tomate");
    expect(spanish.html).toContain(">Entrantes</h2>");
    expect(spanish.html).toContain("Grande");
    // Untranslated: the main language's, never a blank.
    expect(spanish.html).toContain("Lemonade");
    expect(spanish.html).toContain("With basil");
    expect(spanish.html).toContain(">Drinks</h2>");
    // The page's own words are Spanish too.
    expect(spanish.html).toContain(CATALOGUES.es.skipToMenu);

    // The main page is as it was, and both link each other for search engines and visitors.
    const main = await page(site.path);
    expect(main.html).toMatch(/<html lang="en">/);
    expect(main.html).toContain("Tomato soup");
    expect(main.html).not.toContain("Sopa de tomate");
    for (const html of [main.html, spanish.html]) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="es" href="${running.services.env.publicUrl}${site.path}/es"/>`,
      );
      expect(html).toContain(
        `<link rel="alternate" hrefLang="en" href="${running.services.env.publicUrl}${site.path}"/>`,
      );
      expect(html).toContain(
        `<link rel="alternate" hrefLang="x-default" href="${running.services.env.publicUrl}${site.path}"/>`,
      );
      expect(html).toContain(`<a href="${site.path}/es" hrefLang="es" lang="es"`);
    }
    expect(spanish.html).toContain(
      `<link rel="canonical" href="${running.services.env.publicUrl}${site.path}/es"/>`,
    );
    expect(spanish.html).toContain('<meta property="og:locale" content="es"/>');
    expect(main.html).toContain('<meta property="og:locale:alternate" content="es"/>');

    // The editor's page counts what is done.
    const loaded = await callRoute(languagesRoute.loader, {
      services: running.services,
      owner: site.owner,
      params: { type: "restaurant", pid: site.productId },
      url: `http://localhost${site.pagePath}?lang=es&untranslated=1`,
    });
    const body = loaded.body as {
      languages: Array<{ code: string; translated: number }>;
      total: number;
      rows: Array<{ source: string }>;
    };
    expect(body.languages).toMatchObject([{ code: "es", translated: 3 }]);
    // Two names, a description, a size group and its two choices, two categories.
    expect(body.total).toBe(8);
    expect(body.rows.map((row) => row.source)).not.toContain("Tomato soup");
    expect(body.rows).toHaveLength(5);

    // A second save of the same form changes nothing.
    const again = await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "es"],
      [`t:${itemTextKey(soup.id, "name")}`, "Sopa de tomate"],
    ]);
    expect(again.status).toBe(200);
    expect((await page(`${site.path}/es`)).html).toContain("Sopa de tomate");
  });

  it("include the delivery note where the site delivers, shown on the order page", async () => {
    const site = await menu("Harbor Delivery");
    await site.languages(site.owner, [
      ["intent", "add-language"],
      ["language", "es"],
    ]);
    const settings = {
      ...DEFAULT_ORDER_SETTINGS,
      enabled: true,
      delivery: true,
      deliveryNote: "We deliver within 2 km.",
    };
    const params = { type: "restaurant", pid: site.productId };
    const listed = async () => {
      const loaded = await callRoute(languagesRoute.loader, {
        services: running.services,
        owner: site.owner,
        params,
      });
      const body = loaded.body as { rows: Array<{ key: string; label: string; source: string }> };
      return body.rows.find((row) => row.key === DELIVERY_NOTE_TEXT_KEY);
    };
    // Not while the site does not deliver: no customer would read it.
    await saveOrderSettings(running.services.events, site.productId, {
      ...settings,
      delivery: false,
    });
    expect(await listed()).toBeUndefined();
    await saveOrderSettings(running.services.events, site.productId, settings);
    expect(await listed()).toMatchObject({
      label: "Delivery note",
      source: "We deliver within 2 km.",
    });
    const saved = await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "es"],
      [`t:${DELIVERY_NOTE_TEXT_KEY}`, "Repartimos a 2 km como máximo."],
    ]);
    expect(saved.status).toBe(200);
    // The order page's settings, as its loader gives them to the page (the form that shows
    // them is there only while the site takes orders).
    const noteOn = async (lang?: string) => {
      // A customer's page: whoever is signed in does not matter to it.
      const loaded = await callRoute(orderPageLoader("restaurant"), {
        services: running.services,
        owner: site.stranger,
        params: { slugId: site.path.split("/")[2]!, ...(lang ? { lang } : {}) },
        url: `http://localhost${site.path}${lang ? `/${lang}` : ""}/order`,
      });
      return (loaded.body as { settings: { deliveryNote: string } }).settings.deliveryNote;
    };
    expect(await noteOn("es")).toBe("Repartimos a 2 km como máximo.");
    expect(await noteOn()).toBe("We deliver within 2 km.");
  });

  it("are at most 3 besides the main one, each listed, and the main one is not one", async () => {
    const site = await menu("Limits Cafe");
    const add = (language: string) =>
      site.languages(site.owner, [
        ["intent", "add-language"],
        ["language", language],
      ]);
    for (const language of ["fr", "de", "ja"]) expect((await add(language)).status).toBe(200);
    expect(await add("it")).toMatchObject({
      status: 400,
      body: { error: languagesRoute.LANGUAGE_MESSAGES.limit },
    });
    expect((await add("en")).body).toMatchObject({ error: languagesRoute.LANGUAGE_MESSAGES.main });
    expect((await add("xx")).body).toMatchObject({
      error: languagesRoute.LANGUAGE_MESSAGES.unknown,
    });
    // The same one twice is one.
    expect((await add("fr")).status).toBe(200);
    expect((await page(`${site.path}/it`)).status).toBe(404);
    expect((await page(`${site.path}/ja`)).status).toBe(200);
  });

  it("refuses a translation longer than its text may be, saving none of the form", async () => {
    const site = await menu("Long Words");
    await site.languages(site.owner, [
      ["intent", "add-language"],
      ["language", "de"],
    ]);
    const soup = site.items.find((item) => item.name === "Tomato soup")!;
    const refused = await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "de"],
      [`t:${itemTextKey(soup.id, "description")}`, "Mit Basilikum"],
      [`t:${itemTextKey(soup.id, "name")}`, "T".repeat(101)],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: {
        [itemTextKey(soup.id, "name")]: languagesRoute.LANGUAGE_MESSAGES.tooLong(100),
      },
    });
    const stored = await running.services.db
      .select()
      .from(translations)
      .where(eq(translations.productId, site.productId));
    expect(stored).toEqual([]);
    // A language the site does not have takes no translation.
    const other = await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "fr"],
      [`t:${itemTextKey(soup.id, "name")}`, "Soupe"],
    ]);
    expect(other).toMatchObject({
      status: 400,
      body: { error: languagesRoute.LANGUAGE_MESSAGES.notExtra },
    });
  });

  it("writes a hostile translation as text, without its direction controls", async () => {
    const site = await menu("Safe Words");
    await site.languages(site.owner, [
      ["intent", "add-language"],
      ["language", "ar"],
    ]);
    const soup = site.items.find((item) => item.name === "Tomato soup")!;
    await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "ar"],
      [`t:${itemTextKey(soup.id, "name")}`, "\u202e<script>alert(1)</script>حساء"],
    ]);
    const [row] = await running.services.db
      .select({ text: translations.text })
      .from(translations)
      .where(eq(translations.productId, site.productId));
    expect(row!.text).toBe("<script>alert(1)</script>حساء");
    const { html } = await page(`${site.path}/ar`);
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;حساء");
    expect(html).not.toContain("<script>alert(1)");
  });

  it("are changed by no one but the site's owner", async () => {
    const site = await menu("Owned Words");
    expect(
      (
        await site.languages(site.stranger, [
          ["intent", "add-language"],
          ["language", "es"],
        ])
      ).status,
    ).toBe(404);
    const loaded = await callRoute(languagesRoute.loader, {
      services: running.services,
      owner: site.stranger,
      params: { type: "restaurant", pid: site.productId },
    });
    expect(loaded.status).toBe(404);
    const anonymous = await fetch(`${running.app.url}${site.pagePath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add-language", language: "es" }),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    expect((await page(`${site.path}/es`)).status).toBe(404);
  });

  it("go with their item, and all of a language's with the language", async () => {
    const site = await menu("Going Words");
    await site.languages(site.owner, [
      ["intent", "add-language"],
      ["language", "it"],
    ]);
    const soup = site.items.find((item) => item.name === "Tomato soup")!;
    await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "it"],
      [`t:${itemTextKey(soup.id, "name")}`, "Zuppa di pomodoro"],
      [`t:${categoryTextKey("Drinks")}`, "Bevande"],
    ]);
    const count = async () =>
      (
        await running.services.db
          .select()
          .from(translations)
          .where(and(eq(translations.productId, site.productId), eq(translations.language, "it")))
      ).length;
    expect(await count()).toBe(2);
    expect(
      (
        await site.edit([
          ["intent", "delete-item"],
          ["itemId", soup.id],
        ])
      ).status,
    ).toBe(200);
    expect(await count()).toBe(1);
    // The first press asks; only the confirmed one removes.
    const asked = await site.languages(site.owner, [
      ["intent", "remove-language"],
      ["language", "it"],
    ]);
    expect(asked.body).toMatchObject({ confirm: "it" });
    expect(await count()).toBe(1);
    await site.languages(site.owner, [
      ["intent", "remove-language"],
      ["language", "it"],
      ["confirmed", "yes"],
    ]);
    expect(await count()).toBe(0);
    expect((await page(`${site.path}/it`)).status).toBe(404);
  });

  it("are listed in the sitemap", async () => {
    const site = await menu("Mapped Words");
    await site.languages(site.owner, [
      ["intent", "add-language"],
      ["language", "pt"],
    ]);
    const sitemap = await (await fetch(`${running.app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${running.services.env.publicUrl}${site.path}</loc>`);
    expect(sitemap).toContain(`<loc>${running.services.env.publicUrl}${site.path}/pt</loc>`);
  });

  it("go out as a CSV file and come back in, all or nothing, the same file twice changing nothing", async () => {
    const site = await menu("Filed Words");
    for (const language of ["es", "fr"]) {
      await site.languages(site.owner, [
        ["intent", "add-language"],
        ["language", language],
      ]);
    }
    const soup = site.items.find((item) => item.name === "Tomato soup")!;
    await site.languages(site.owner, [
      ["intent", "save-translations"],
      ["language", "es"],
      [`t:${itemTextKey(soup.id, "name")}`, "Sopa de tomate"],
    ]);
    const params = { type: "restaurant", pid: site.productId };
    const download = (who: typeof site.owner) =>
      callRoute(languagesCsvRoute.loader, { services: running.services, owner: who, params });
    const response = await languagesCsvRoute.loader({
      params,
      context: contextFor(site.owner),
      request: new Request(`http://localhost${site.pagePath}/csv`),
    } as never);
    const csv = await response.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("key,text,en,es,fr");
    expect(lines).toContain(`${itemTextKey(soup.id, "name")},Name,Tomato soup,Sopa de tomate,`);
    expect(lines).toHaveLength(1 + 8);

    const importFile = (who: typeof site.owner, text: string) => {
      const body = new FormData();
      body.append("intent", "import-csv");
      body.append("file", new Blob([text], { type: "text/csv" }), "translations.csv");
      return callRoute(languagesRoute.action, {
        services: running.services,
        owner: who,
        params,
        multipart: body,
      });
    };
    const stored = async () =>
      (
        await running.services.db
          .select({
            language: translations.language,
            key: translations.key,
            text: translations.text,
          })
          .from(translations)
          .where(eq(translations.productId, site.productId))
      ).sort((a, b) => `${a.language}${a.key}`.localeCompare(`${b.language}${b.key}`));

    // The file as exported, twice: the same translations.
    const before = await stored();
    expect((await importFile(site.owner, csv)).status).toBe(200);
    expect((await importFile(site.owner, csv)).status).toBe(200);
    expect(await stored()).toEqual(before);

    // A translator's work: French for the soup, the Spanish soup removed.
    const edited = csv.replace(
      `${itemTextKey(soup.id, "name")},Name,Tomato soup,Sopa de tomate,`,
      `${itemTextKey(soup.id, "name")},Name,Tomato soup,,Soupe à la tomate`,
    );
    expect((await importFile(site.owner, edited)).status).toBe(200);
    expect(await stored()).toEqual([
      { language: "fr", key: itemTextKey(soup.id, "name"), text: "Soupe à la tomate" },
    ]);
    expect((await page(`${site.path}/fr`)).html).toContain("Soupe à la tomate");

    // A malformed file is refused with its rows named, and changes nothing.
    const bad = [
      "key,text,en,es,fr",
      `${itemTextKey(soup.id, "description")},Description,With basil,Con albahaca,`,
      "item:nope:name,Name,Ghost,Fantasma,",
      `${itemTextKey(soup.id, "name")},Name,Tomato soup,${"S".repeat(101)},`,
    ].join("\r\n");
    const refused = await importFile(site.owner, bad);
    expect(refused.status).toBe(400);
    const errors = (refused.body as { errors: string[] }).errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^Row 3: no text of your site has the key “item:nope:name”/);
    expect(errors[1]).toMatch(/^Row 4: the Spanish text is longer than 100 characters/);
    expect(await stored()).toEqual([
      { language: "fr", key: itemTextKey(soup.id, "name"), text: "Soupe à la tomate" },
    ]);
    for (const [text, message] of [
      ["name,price\r\nSoup,3", /among them/],
      ["key,text,en,de\r\n", /Unknown column: “de”/],
      ["", /Choose a CSV file/],
      ["\uFEFF  \r\n", /The file is empty/],
    ] as const) {
      const outcome = await importFile(site.owner, text);
      expect(outcome.status).toBe(400);
      expect(JSON.stringify(outcome.body)).toMatch(message);
    }

    // Someone else's site: neither its file nor an import.
    expect((await download(site.stranger)).status).toBe(404);
    expect((await importFile(site.stranger, edited)).status).toBe(404);
  });
});
