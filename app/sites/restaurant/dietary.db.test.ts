/**
 * A dish's allergens and diets on a real database: chosen in Add Item and Edit (unknown keys
 * refused with a 400, never a 500), then shown on the public menu with its legend, filtered
 * by the address, and cached per canonical filter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unknownAllergenMessage, unknownDietMessage } from "~/lib/dietary";
import { publicPath, slugify } from "~/lib/slug";
import * as setupRoute from "~/routes/portal/setup";
import { listItems } from "~/server/repositories/items.server";
import { createProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import { callRoute, ownerFor } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app.close();
  await services.close();
});

async function menu() {
  const { userId } = await registerOwner(services);
  const name = `Green Table ${Math.random().toString(36).slice(2, 6)}`;
  const created = await createProduct(services.events, userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  const owner = ownerFor(userId);
  const params = { type: "restaurant", pid: created.productId };
  const post = (fields: Array<[string, string]>) => {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, value);
    return callRoute(setupRoute.action, { services, owner, params, multipart: form });
  };
  return {
    productId: created.productId,
    post,
    path: publicPath("restaurant", slugify(name), created.productId),
  };
}

describe("allergens and diets in Add Item and Edit", () => {
  it("stores the chosen boxes, in the list's order, and refuses unknown keys with a 400", async () => {
    const { productId, post } = await menu();
    const added = await post([
      ["intent", "add-item"],
      ["name", "Falafel wrap"],
      ["price", "8"],
      ["allergens", "sesame"],
      ["allergens", "gluten"],
      ["diets", "vegan"],
      ["diets", "vegetarian"],
    ]);
    expect(added.status).toBe(200);
    const [wrap] = await listItems(services.db, productId);
    expect(wrap).toMatchObject({ allergens: ["gluten", "sesame"], diets: ["vegetarian", "vegan"] });

    const unknown = await post([
      ["intent", "add-item"],
      ["name", "Mystery"],
      ["price", "8"],
      ["allergens", "kryptonite"],
      ["diets", "carnivore"],
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      result: {
        error: {
          allergens: [unknownAllergenMessage(["kryptonite"])],
          diets: [unknownDietMessage(["carnivore"])],
        },
      },
    });

    // Edit: unticking every box empties the lists.
    const edited = await post([
      ["intent", "update-item"],
      ["itemId", wrap!.id],
      ["name", "Falafel wrap"],
      ["price", "8"],
      ["allergens", "sesame"],
    ]);
    expect(edited.status).toBe(200);
    const badEdit = await post([
      ["intent", "update-item"],
      ["itemId", wrap!.id],
      ["name", "Falafel wrap"],
      ["price", "8"],
      ["diets", "milk"],
    ]);
    expect(badEdit.status).toBe(400);
    const after = await listItems(services.db, productId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ allergens: ["sesame"], diets: [] });
  });
});

describe("the public menu", () => {
  it("shows icons and a legend of the labels in use, and filters by the address", async () => {
    const { post, path } = await menu();
    const add = (name: string, allergens: string[], diets: string[]) =>
      post([
        ["intent", "add-item"],
        ["name", name],
        ["price", "5"],
        ["category", "Mains"],
        ...allergens.map((a): [string, string] => ["allergens", a]),
        ...diets.map((d): [string, string] => ["diets", d]),
      ]);
    await add("Nut roast", ["tree-nuts", "celery"], ["vegetarian"]);
    await add("Salad", [], ["vegan", "vegetarian"]);
    await add("Steak", [], []);

    const plain = await (await fetch(`${app.url}${path}`)).text();
    expect(plain).toContain(
      '<span class="visually-hidden">Contains celery and tree nuts. Vegetarian.</span>',
    );
    expect(plain).toContain("Contains tree nuts</li>");
    expect(plain).not.toContain("Contains milk");
    expect(plain).toContain('id="menu-filter"');
    expect(plain).not.toMatch(/data-dietary="[^"]*" hidden/);
    // Only the labels in use are offered.
    expect(plain).toContain('value="tree-nuts"');
    expect(plain).not.toContain('value="peanuts"');

    const filtered = await fetch(`${app.url}${path}?avoid=tree-nuts&diet=vegetarian&utm_source=qr`);
    const html = await filtered.text();
    expect(html).toContain("Showing 1 of 3 dishes.");
    expect(html).toMatch(/<li data-dietary="celery tree-nuts vegetarian" hidden="">/);
    expect(html).toMatch(/<li data-dietary="vegetarian vegan">/);
    expect(html).toMatch(/<li data-dietary="" hidden="">/);
    expect(html).toMatch(/name="avoid" checked="" value="tree-nuts"/);
    // The same filter in another order and with noise is the same cached page.
    const again = await fetch(`${app.url}${path}?diet=vegetarian&avoid=tree-nuts&avoid=plutonium`);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(html);

    const none = await (
      await fetch(`${app.url}${path}?diet=vegan&avoid=spicy&avoid=celery&diet=halal`)
    ).text();
    expect(none).toMatch(
      /<p id="menu-filter-none" class="menu-filter-none">No dish matches this filter/,
    );
    expect(none).toContain(`<a href="${path}" data-clear="">Show all dishes</a>`);
  });
});
