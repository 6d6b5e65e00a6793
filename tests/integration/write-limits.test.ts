/**
 * An owner's writes and uploads per 10 minutes: past the limit, 429 with the reason and
 * nothing changed; counted per owner, in the database, and never for a visitor who is
 * refused anyway.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productInfo, products, writeLimits } from "../../app/server/db/schema";
import { createProduct } from "../../app/server/repositories/products.server";
import { registerOwner } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";
import { photoJpeg } from "../support/image-fixtures";
import { ownerFor } from "../support/route-call";
import { uploadAs } from "../support/upload-call";

const WRITES = 3;
const UPLOADS = 2;
const running = useTestApp({ writeLimits: { writes: WRITES, uploads: UPLOADS } });

async function ownerWithRestaurant() {
  const { cookie, userId } = await registerOwner(running.services);
  const created = await createProduct(running.services.events, userId, {
    type: "restaurant",
    name: "Limit Diner",
  });
  if (!created.ok) throw new Error(created.reason);
  return { cookie, userId, productId: created.productId };
}

/** Copying the site's link: the smallest write there is, posted as the browser would. */
function markShared(productId: string, cookie?: string) {
  return fetch(`${running.app.url}/user/link-shared/${productId}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: "shared=1",
    redirect: "manual",
  });
}

async function sharedAt(productId: string) {
  const product = await running.services.db.query.products.findFirst({
    where: eq(products.id, productId),
  });
  return product!.sharedAt;
}

describe("writes per owner", () => {
  it(`allows ${WRITES} in 10 minutes, then answers 429 with when to try again`, async () => {
    const { cookie, userId, productId } = await ownerWithRestaurant();
    for (let i = 0; i < WRITES; i++) {
      expect((await markShared(productId, cookie)).status).toBe(200);
    }
    // The count is in the database, where every server process reads it.
    const [row] = await running.services.db
      .select()
      .from(writeLimits)
      .where(eq(writeLimits.key, `writes:${userId}`));
    expect(row?.points).toBe(WRITES);

    await running.services.db
      .update(products)
      .set({ sharedAt: null })
      .where(eq(products.id, productId));
    const refused = await markShared(productId, cookie);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const page = await refused.text();
    expect(page).toContain("Too many changes in a short time. Please wait 10 minutes");
    // The refused write changed nothing.
    expect(await sharedAt(productId)).toBeNull();
    // Reading goes on.
    const editor = await fetch(`${running.app.url}/user/restaurant/setup/${productId}`, {
      headers: { cookie },
    });
    expect(editor.status).toBe(200);
  });

  it("counts each owner apart, and never a visitor without a session", async () => {
    const first = await ownerWithRestaurant();
    const second = await ownerWithRestaurant();
    for (let i = 0; i < WRITES; i++) await markShared(first.productId, first.cookie);
    expect((await markShared(first.productId, first.cookie)).status).toBe(429);
    // Another owner is not held up by the first, and cannot write to the first's site.
    expect((await markShared(second.productId, second.cookie)).status).toBe(200);
    expect((await markShared(first.productId, second.cookie)).status).toBe(404);
    // An anonymous visitor is refused as before, and adds to nobody's count.
    for (let i = 0; i < WRITES + 1; i++) {
      expect((await markShared(second.productId)).status).toBe(401);
    }
    const rows = await running.services.db
      .select({ key: writeLimits.key, points: writeLimits.points })
      .from(writeLimits)
      .where(eq(writeLimits.key, `writes:${second.userId}`));
    expect(rows).toEqual([{ key: `writes:${second.userId}`, points: 2 }]);
  });
});

describe("uploads per owner", () => {
  function uploadLogo(userId: string, productId: string, photo: Uint8Array) {
    return uploadAs(running.services, productId, ownerFor(userId), { target: "logo" }, photo, {
      fileName: "logo.jpg",
    });
  }

  it(`allows ${UPLOADS} images in 10 minutes; the next is refused before it is stored`, async () => {
    const { userId, productId } = await ownerWithRestaurant();
    const photo = await photoJpeg(400, 300);
    for (let i = 0; i < UPLOADS; i++) {
      expect((await uploadLogo(userId, productId, photo)).status).toBe(200);
    }
    const logoBefore = (await running.services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    }))!.logoUrl;

    const refused = await uploadLogo(userId, productId, await photoJpeg(300, 300));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Too many images uploaded in a short time. Please wait 10 minutes and try again.",
    });
    const logoAfter = (await running.services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    }))!.logoUrl;
    expect(logoAfter).toBe(logoBefore);
  });
});
