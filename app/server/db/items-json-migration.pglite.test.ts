/**
 * Migration 0019 turns an item's tags, pictures, allergens, diets and options from jsonb into
 * json. A menu saved before it must read back exactly as it was saved, and an item added after
 * it without those fields must still get empty lists.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client.server";
import * as schema from "./schema";

const DOCUMENT_COLUMNS = ["tags", "images", "allergens", "diets", "options"] as const;

/** The migrations up to `lastTag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const savedOptions = [
  {
    id: "size",
    name: "Größe",
    min: 1,
    max: 1,
    choices: [
      { id: "s", name: "Klein", priceChangeCents: 0, soldOut: false },
      {
        id: "l",
        name: 'Groß "XL"',
        priceChangeCents: 450,
        soldOut: false,
        soldOutUntil: "2026-12-08T10:00:00.000Z",
      },
    ],
  },
];

describe("migration 0019: an item's documents as json", () => {
  const client = new PGlite();
  const db = drizzle(client, { schema });
  const before = migrationsUpTo("0018_table_bookings");
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it("keeps a menu saved as jsonb, and still gives a new item empty lists", async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into users (id, name, email) values ('u1', 'Owner', 'owner@example.com');
      insert into products (id, owner_uid, type, name, slug)
        values ('p1', 'u1', 'restaurant', 'Café', 'cafe');
      insert into items (id, product_id, name, slug, tags, images, allergens, diets, options)
        values ('i1', 'p1', 'Pizza', 'pizza', '["Hot", "Über"]', '["/files/a.jpg"]',
          '["gluten", "milk"]', '["vegetarian"]', '${JSON.stringify(savedOptions)}'::jsonb);`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const types = await client.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
        where table_name = 'items' and column_name = any($1)`,
      [[...DOCUMENT_COLUMNS]],
    );
    expect(Object.fromEntries(types.rows.map((row) => [row.column_name, row.data_type]))).toEqual(
      Object.fromEntries(DOCUMENT_COLUMNS.map((column) => [column, "json"])),
    );
    const [pizza] = await db.select().from(schema.items).where(eq(schema.items.id, "i1"));
    expect(pizza).toMatchObject({
      tags: ["Hot", "Über"],
      images: ["/files/a.jpg"],
      allergens: ["gluten", "milk"],
      diets: ["vegetarian"],
      options: savedOptions,
    });

    await db
      .insert(schema.items)
      .values({ id: "i2", productId: "p1", name: "Salad", slug: "salad" });
    const [salad] = await db
      .select({ count: sql<number>`json_array_length(${schema.items.options})` })
      .from(schema.items)
      .where(eq(schema.items.id, "i2"));
    expect(salad?.count).toBe(0);
    const [saladRow] = await db.select().from(schema.items).where(eq(schema.items.id, "i2"));
    expect(saladRow).toMatchObject({ tags: [], images: [], allergens: [], diets: [], options: [] });
  }, 60_000);
});
