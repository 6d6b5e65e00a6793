/**
 * CSV export, template and import on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the owner's round trip, all-or-nothing writes, the 50-item cap,
 * and that a second owner or an anonymous visitor gets nothing and changes nothing.
 */
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerContext, servicesContext } from "~/context";
import { IMPORT_CONFIRM_INTENT, IMPORT_PREVIEW_INTENT, type ImportResult } from "~/lib/items-csv";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import * as itemsCsvRoute from "~/routes/portal/items-csv";
import * as setupRoute from "~/routes/portal/setup";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import { callRoute, ownerFor } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import { items } from "../db/schema";
import { parseItemsCsv, previewImport } from "./items-csv.server";
import { addItem, importItems, listItems } from "../repositories/items.server";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";
import type { SessionUser } from "~/context";

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

async function restaurantWithOwners(type: "restaurant" | "shoppy" = "restaurant") {
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  const created = await createProduct(services.events, first.userId, {
    type,
    name: "Csv Corner",
  });
  if (!created.ok) throw new Error(created.reason);
  const owner = ownerFor(first.userId);
  const stranger = ownerFor(second.userId);
  const productId = created.productId;
  const params = { type, pid: productId };
  const preview = (who: SessionUser, csv: string) => {
    const form = new FormData();
    form.set("intent", IMPORT_PREVIEW_INTENT);
    form.set("file", new Blob([csv], { type: "text/csv" }), "items.csv");
    return callRoute(setupRoute.action, { services, owner: who, params, multipart: form });
  };
  const confirm = (who: SessionUser, csv: string) =>
    callRoute(setupRoute.action, {
      services,
      owner: who,
      params,
      form: { intent: IMPORT_CONFIRM_INTENT, csv },
    });
  return { first, owner, stranger, productId, preview, confirm };
}

/** The CSV route's answer: a Response, or what it threw. */
async function download(who: SessionUser, productId: string, file: "export" | "template") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(ownerContext, who);
  const path = `/user/items-csv/${productId}${file === "template" ? "/template" : ""}`;
  try {
    return await itemsCsvRoute.loader({
      request: new Request(`http://localhost${path}`),
      params: { pid: productId },
      context,
    } as never);
  } catch (thrown) {
    return thrown as { init?: { status?: number } } | Response;
  }
}

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } }).init?.status ?? 200);

async function itemCount(productId: string) {
  const [row] = await services.db
    .select({ n: count() })
    .from(items)
    .where(eq(items.productId, productId));
  return row?.n ?? 0;
}

describe("export, edit, import: the same items with the edit applied", () => {
  it("round-trips a menu through the file", async () => {
    const { owner, productId, preview, confirm } = await restaurantWithOwners();
    const product = { id: productId, ownerUid: owner.id };
    await addItem(services.events, product, {
      name: "Pad Thai",
      priceCents: 1250,
      category: "Noodles",
      description: "Rice noodles, tamarind, peanuts.",
      allergens: ["eggs", "peanuts"],
      diets: ["spicy"],
      star: true,
    });
    await addItem(services.events, product, { name: "Green tea", priceCents: 300 });
    const before = await listItems(services.db, productId);

    const exported = (await download(owner, productId, "export")) as Response;
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="csv-corner-items\.csv"$/,
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(",Pad Thai,12.50,Noodles,");
    expect(text).toContain("eggs;peanuts,spicy");

    // The owner changes a price and adds a row in a spreadsheet.
    const edited =
      text.replace(",Green tea,3.00,", ",Green tea,3.50,") +
      ",Mochi,4,Desserts,,no,milk,vegetarian\r\n";
    const previewed = await preview(owner, edited);
    expect(previewed.status).toBe(200);
    const shown = previewed.body as Extract<ImportResult, { intent: "import-preview" }>;
    expect(shown.preview).toMatchObject({ adds: 1, updates: 2, before: 2, after: 3 });
    expect(shown.preview.rows.every((row) => row.errors.length === 0)).toBe(true);
    // Nothing is written by a preview.
    expect(await listItems(services.db, productId)).toEqual(before);

    const written = await confirm(owner, shown.csv!);
    expect(written).toMatchObject({
      status: 200,
      body: { intent: IMPORT_CONFIRM_INTENT, imported: { added: 1, updated: 2 } },
    });
    const after = await listItems(services.db, productId);
    expect(after).toHaveLength(3);
    const byName = new Map(after.map((row) => [row.name, row]));
    const padThai = before.find((row) => row.name === "Pad Thai")!;
    expect(byName.get("Pad Thai")).toMatchObject({
      id: padThai.id,
      priceCents: 1250,
      category: "Noodles",
      allergens: ["eggs", "peanuts"],
      diets: ["spicy"],
      star: true,
    });
    expect(byName.get("Green tea")).toMatchObject({ priceCents: 350 });
    expect(byName.get("Mochi")).toMatchObject({
      priceCents: 400,
      category: "Desserts",
      allergens: ["milk"],
      diets: ["vegetarian"],
    });
  });
});

describe("import writes all rows or none", () => {
  it("refuses a file with a bad row, says which, and writes nothing", async () => {
    const { owner, productId, preview, confirm } = await restaurantWithOwners();
    await addItem(
      services.events,
      { id: productId, ownerUid: owner.id },
      { name: "Soup", priceCents: 500 },
    );
    const [soup] = await listItems(services.db, productId);
    const csv = `id,name,price\n${soup!.id},Soup,9\n,Cake,4\n,Pie,\n,,3\n`;

    const previewed = await preview(owner, csv);
    expect(previewed.status).toBe(422);
    const errors = (
      previewed.body as { preview: { rows: { errors: string[] }[] } }
    ).preview.rows.flatMap((row) => row.errors);
    expect(errors).toEqual(["Row 4: Price is required.", "Row 5: Name is required."]);

    const refused = await confirm(owner, csv);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: "Nothing was imported." });
    expect(await listItems(services.db, productId)).toEqual([soup]);
  });

  it("rolls back every row when the database refuses one mid-way", async () => {
    const { owner, productId } = await restaurantWithOwners();
    const product = { id: productId, ownerUid: owner.id };
    await addItem(services.events, product, { name: "Soup", priceCents: 500 });
    const [soup] = await listItems(services.db, productId);
    const parsed = parseItemsCsv(`id,name,price\n${soup!.id},Soup,9\n,Cake,4\n`, "restaurant");
    // A row the checks passed, made unwritable (a negative price breaks a constraint).
    parsed.rows[1]!.fields!.priceCents = -1;
    await expect(
      importItems(services.events, product, parsed.rows, (existing) =>
        previewImport(parsed, existing),
      ),
    ).rejects.toThrow();
    expect(await listItems(services.db, productId)).toEqual([soup]);
  });

  it("keeps the 50-item cap: refuses an import that would pass it, with the reason", async () => {
    const { owner, productId, confirm } = await restaurantWithOwners();
    const product = { id: productId, ownerUid: owner.id };
    for (let i = 0; i < MAX_ITEMS_PER_PRODUCT - 2; i++) {
      await addItem(services.events, product, { name: `Dish ${i}`, priceCents: 100 });
    }
    const refused = await confirm(owner, "name,price\nA,1\nB,2\nC,3\n");
    expect(refused.status).toBe(422);
    expect((refused.body as { preview: { fileErrors: string[] } }).preview.fileErrors[0]).toMatch(
      /^The site has 48 items and the file adds 3: that is 51, and a site holds at most 50/,
    );
    expect(await itemCount(productId)).toBe(MAX_ITEMS_PER_PRODUCT - 2);

    const fits = await confirm(owner, "name,price\nA,1\nB,2\n");
    expect(fits.status).toBe(200);
    expect(await itemCount(productId)).toBe(MAX_ITEMS_PER_PRODUCT);
  });

  it("imports a shop's tags and sold-out flags", async () => {
    const { owner, productId, confirm } = await restaurantWithOwners("shoppy");
    const done = await confirm(
      owner,
      "name,price,tags,sold_out,featured\nMug,18,kitchen;gifts,yes,no\n",
    );
    expect(done.status).toBe(200);
    const [mug] = await listItems(services.db, productId);
    expect(mug).toMatchObject({
      name: "Mug",
      priceCents: 1800,
      tags: ["kitchen", "gifts"],
      soldOut: true,
      star: false,
    });
  });
});

describe("only the owner", () => {
  it("refuses a second owner the export, the template and the import", async () => {
    const { owner, stranger, productId, preview, confirm } = await restaurantWithOwners();
    await addItem(
      services.events,
      { id: productId, ownerUid: owner.id },
      { name: "Secret soup", priceCents: 500 },
    );
    for (const file of ["export", "template"] as const) {
      expect(statusOf(await download(stranger, productId, file))).toBe(404);
    }
    const csv = "name,price\nIntruder,1\n";
    expect((await preview(stranger, csv)).status).toBe(404);
    expect((await confirm(stranger, csv)).status).toBe(404);
    expect(await itemCount(productId)).toBe(1);
  });

  it("sends an anonymous visitor to sign in, and refuses their import", async () => {
    const { owner, productId } = await restaurantWithOwners();
    await addItem(
      services.events,
      { id: productId, ownerUid: owner.id },
      { name: "Secret soup", priceCents: 500 },
    );
    for (const path of [`/user/items-csv/${productId}`, `/user/items-csv/${productId}/template`]) {
      const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
      expect(await response.text()).not.toContain("Secret soup");
    }
    const form = new FormData();
    form.set("intent", IMPORT_CONFIRM_INTENT);
    form.set("csv", "name,price\nIntruder,1\n");
    const posted = await fetch(`${app.url}/user/restaurant/setup/${productId}`, {
      method: "POST",
      body: form,
      headers: { origin: app.url },
      redirect: "manual",
    });
    expect(posted.status).toBe(401);
    expect(await itemCount(productId)).toBe(1);
  });
});
