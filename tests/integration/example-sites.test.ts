import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, items, productInfo, products, users } from "../../app/server/db/schema";
import { postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { existingExampleSites, seedExampleSites } from "../../app/server/seed/examples.server";
import { seedOnFirstStart } from "../../app/server/seed/first-start.server";
import { EXAMPLE_SITES, EXAMPLES_OWNER, examplePath } from "../../app/lib/example-sites";
import * as forgotRoute from "../../app/routes/auth/forgot-password";
import { registerOwner, requestFrom } from "../support/auth-helpers";
import { postForm, runRoute } from "../support/public-route";
import { useTestApp } from "../support/http-app";
import { createTestServices } from "../support/test-services";

const running = useTestApp({ seedExamples: true });

/** The mails written to the outbox directory for one address. */
async function mailedTo(email: string): Promise<string[]> {
  const { mail } = running.services.env;
  if (mail.transport !== "outbox") throw new Error("These tests read the outbox directory.");
  const names = await readdir(mail.directory).catch(() => []);
  const contents = await Promise.all(
    names.map((name) => readFile(path.join(mail.directory, name), "utf8")),
  );
  return contents.filter((mail) => mail.includes(`To: ${email}`));
}

describe("example sites", () => {
  it("are seeded once, on the first start, at their fixed addresses", async () => {
    const { services } = running;
    expect(await seedOnFirstStart(services)).toEqual({ demo: false, examples: true });
    expect(await seedOnFirstStart(services)).toEqual({ demo: false, examples: false });
    expect((await seedExampleSites(services)).created).toBe(false);

    expect(
      (await existingExampleSites(services)).map((example) => example.productId).sort(),
    ).toEqual(EXAMPLE_SITES.map((example) => example.productId).sort());
    const owned = await services.db
      .select({ id: products.id, type: products.type })
      .from(products)
      .where(eq(products.ownerUid, EXAMPLES_OWNER.id));
    expect(owned.map((row) => row.type).sort()).toEqual(["dealership", "restaurant", "shoppy"]);
  });

  it("have a theme, hours, pictures and items with photos", async () => {
    const { services } = running;
    for (const example of EXAMPLE_SITES) {
      const info = await services.db.query.productInfo.findFirst({
        where: eq(productInfo.productId, example.productId),
      });
      expect(info!.theme).not.toBe("");
      expect(info!.logoUrl).toMatch(/\?v=/);
      expect(info!.bgUrl).toMatch(/\?v=/);
      expect(info!.hours.some((row) => row.open !== "Closed")).toBe(true);

      const seededItems = await services.db
        .select()
        .from(items)
        .where(eq(items.productId, example.productId));
      if (example.type === "dealership") {
        expect(seededItems).toHaveLength(0);
        continue;
      }
      expect(seededItems.length).toBeGreaterThanOrEqual(8);
      const photos = seededItems.flatMap((item) =>
        example.type === "shoppy" ? item.images : item.imageUrl ? [item.imageUrl] : [],
      );
      expect(photos.length).toBeGreaterThanOrEqual(8);
      // Stored as uploads are: the file behind each URL is there, as a small JPEG.
      const key = new URL(photos[0]!, "http://x").pathname.replace(/^\/files\//, "");
      const stored = await services.storage.read(key);
      expect(stored?.contentType).toBe("image/jpeg");
    }
  });

  it("answer as public pages with their pictures", async () => {
    for (const example of EXAMPLE_SITES) {
      const response = await fetch(running.app.url + examplePath(example));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(example.name.replace("&", "&amp;"));
      expect(html).toMatch(/<img[^>]+\/files\//);
    }
  });

  it("show the example menu in Spanish too, behind one switcher", async () => {
    const restaurant = EXAMPLE_SITES.find((example) => example.type === "restaurant")!;
    const path = examplePath(restaurant);
    const spanish = await fetch(`${running.app.url}${path}/es`);
    expect(spanish.status).toBe(200);
    const html = await spanish.text();
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain("Pizza margarita");
    expect(html).toContain(">Entrantes</h2>");
    const english = await (await fetch(`${running.app.url}${path}`)).text();
    expect(english).toContain(`<a href="${path}/es" hrefLang="es" lang="es"`);
    expect(english).toContain("Margherita Pizza");
  });

  it("belong to an owner nobody can sign in as, even after asking for a reset", async () => {
    const { services } = running;
    const [credentials] = await services.db
      .select({ n: count() })
      .from(accounts)
      .where(eq(accounts.userId, EXAMPLES_OWNER.id));
    expect(credentials!.n).toBe(0);

    for (const password of ["", "example-sites", "password-2026-long"]) {
      const result = await postToAuthRouter(services, requestFrom("10.8.0.1"), "/sign-in/email", {
        email: EXAMPLES_OWNER.email,
        password,
      });
      expect(result.ok).toBe(false);
    }

    // A reset link would be the only way to give it a password: none is mailed, while an
    // owner asking the same gets one.
    const { owner: someone } = await registerOwner(services);
    for (const email of [EXAMPLES_OWNER.email, someone.email]) {
      await runRoute(services, forgotRoute.action, postForm("/forgot-password", { email }));
    }
    await expect.poll(() => mailedTo(someone.email)).toHaveLength(1);
    expect(await mailedTo(EXAMPLES_OWNER.email)).toHaveLength(0);
  });

  it("are not seeded with SEED_DEMO=false, and nothing links to them then", async () => {
    const off = await createTestServices({ seedExamples: false });
    try {
      expect(await seedOnFirstStart(off)).toEqual({ demo: false, examples: false });
      const [row] = await off.db.select({ n: count() }).from(users);
      expect(row!.n).toBe(0);
      expect(await existingExampleSites(off)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
