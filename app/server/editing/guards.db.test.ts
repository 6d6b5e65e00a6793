/**
 * The portal's guards: the session middleware in front of every /user loader
 * and action, and the ownership check in front of every owned product.
 * Each is tried by the owner, by a second owner and by an anonymous visitor.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices, PUBLIC_PAGE_AT_PORTAL } from "../../../tests/support/test-services";
import { ownerContext, servicesContext } from "~/context";
import { CATALOGUES } from "~/lib/i18n/catalogues";
import { MESSAGES } from "~/lib/messages";
import { restaurantSite } from "~/sites/restaurant/site";
import { products } from "../db/schema";
import { requireSite } from "../access/site-access.server";
import { loadPublicSite } from "../repositories/public-sites.server";
import { addItem } from "../repositories/items.server";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";
import { getOptionalUser, requireOwnerMiddleware } from "../accounts/session.server";

let services: RunningServices;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let stranger: Awaited<ReturnType<typeof registerOwner>>;
let productId: string;

beforeAll(async () => {
  services = await createTestServices();
  owner = await registerOwner(services);
  stranger = await registerOwner(services);
  const created = await createProduct(services.events, owner.userId, {
    type: "restaurant",
    name: "Chez Test",
  });
  if (!created.ok) throw new Error(created.reason);
  productId = created.productId;
});
afterAll(() => services.close());

function contextWithServices() {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
}

async function runGuard(request: Request) {
  const context = contextWithServices();
  let reachedRoute = false;
  const outcome = await Promise.resolve(
    requireOwnerMiddleware(
      { request, context, params: {}, unstable_pattern: "/user/*" } as never,
      async () => {
        reachedRoute = true;
        return new Response("route ran");
      },
    ),
  ).then(
    (value) => ({ thrown: undefined as unknown, value }),
    (thrown: unknown) => ({ thrown, value: undefined }),
  );
  return { ...outcome, reachedRoute, context };
}

describe("requireOwnerMiddleware", () => {
  it("sends an anonymous page view to /signin, remembering the page", async () => {
    const { thrown, reachedRoute } = await runGuard(
      new Request("http://localhost/user/info?tab=1"),
    );
    expect(reachedRoute).toBe(false);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signin?redirectTo=%2Fuser%2Finfo%3Ftab%3D1");
  });

  it("refuses an anonymous write with 'Please sign in.' before any action runs", async () => {
    const { thrown, reachedRoute } = await runGuard(
      new Request("http://localhost/user/create", {
        method: "POST",
        body: new URLSearchParams({ type: "shoppy" }),
      }),
    );
    expect(reachedRoute).toBe(false);
    expect(thrown).toMatchObject({
      init: { status: 401 },
      data: { message: MESSAGES.pleaseSignIn },
    });
  });

  it("refuses a write whose session cookie is forged or expired", async () => {
    const { thrown, reachedRoute } = await runGuard(
      new Request("http://localhost/user/create", {
        method: "POST",
        headers: { cookie: "better-auth.session_token=forged.value" },
      }),
    );
    expect(reachedRoute).toBe(false);
    expect(thrown).toMatchObject({ init: { status: 401 } });
  });

  it("lets the signed-in owner through and records who it is", async () => {
    const { thrown, reachedRoute, context } = await runGuard(
      new Request("http://localhost/user", { headers: { cookie: owner.cookie } }),
    );
    expect(thrown).toBeUndefined();
    expect(reachedRoute).toBe(true);
    expect(context.get(ownerContext)).toMatchObject({
      id: owner.userId,
      email: owner.owner.email,
      status: "valid",
    });
  });
});

describe("getOptionalUser", () => {
  it("reads the session once per request, however many loaders ask", async () => {
    const spy = vi.spyOn(services.auth.api, "getSession");
    try {
      const context = contextWithServices();
      const request = new Request("http://localhost/signin", { headers: { cookie: owner.cookie } });
      const [a, b] = await Promise.all([
        getOptionalUser(request, context),
        getOptionalUser(request, context),
      ]);
      expect(a?.id).toBe(owner.userId);
      expect(b).toBe(a);
      expect(spy).toHaveBeenCalledTimes(1);
      // A new request looks again.
      await getOptionalUser(request, contextWithServices());
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("requireSite", () => {
  function contextFor(userId: string) {
    const context = contextWithServices();
    context.set(ownerContext, {
      id: userId,
      email: "",
      username: "",
      status: "valid",
      maxProduct: 3,
    });
    return context;
  }

  it("returns the product to its owner", async () => {
    const { product } = await requireSite(
      contextFor(owner.userId),
      productId,
      "site.edit",
      "restaurant",
    );
    expect(product.id).toBe(productId);
  });

  it.each([
    ["a second owner", () => stranger.userId, () => productId],
    ["a missing id", () => owner.userId, () => undefined],
    ["an id with odd characters", () => owner.userId, () => "../../etc"],
    ["an unknown id", () => owner.userId, () => "Z".repeat(20)],
  ])("answers 404 'Invalid product.' to %s", async (_label, userId, pid) => {
    await expect(requireSite(contextFor(userId()), pid(), "site.edit")).rejects.toMatchObject({
      init: { status: 404 },
      data: { message: MESSAGES.invalidProduct },
    });
  });

  it("sends the owner to the product's own type when the URL names another", async () => {
    const redirect = await requireSite(
      contextFor(owner.userId),
      productId,
      "site.edit",
      "shoppy",
    ).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get("location")).toBe(
      `/user/restaurant/setup/${productId}`,
    );
  });

  it("gives a second owner the same 404 under another type's path", async () => {
    await expect(
      requireSite(contextFor(stranger.userId), productId, "site.edit", "shoppy"),
    ).rejects.toMatchObject({ init: { status: 404 }, data: { message: MESSAGES.invalidProduct } });
  });
});

describe("loadPublicSite", () => {
  it("serves the canonical slug and redirects 301 from an old one", async () => {
    const site = await loadPublicSite(
      services.db,
      "restaurant",
      `chez-test-${productId}`,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    );
    expect(site.name).toBe("Chez Test");
    expect(site.hours).toHaveLength(7);

    const redirect = await loadPublicSite(
      services.db,
      "restaurant",
      `old-name-${productId}`,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    ).catch((e: unknown) => e);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(301);
    expect((redirect as Response).headers.get("location")).toBe(`/r/chez-test-${productId}`);
  });

  it("brings the site's items by name with what a public page shows, and no other site's", async () => {
    const empty = await loadPublicSite(
      services.db,
      "restaurant",
      `chez-test-${productId}`,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    );
    expect(empty.items).toEqual([]);

    const other = await createProduct(services.events, stranger.userId, {
      type: "restaurant",
      name: "Elsewhere",
    });
    if (!other.ok) throw new Error("setup");
    for (const [id, ownerUid, name, priceCents] of [
      [productId, owner.userId, "Zucchini Fries", 650],
      [productId, owner.userId, "Apple Pie", 500],
      [other.productId, stranger.userId, "Not Mine", 100],
    ] as const) {
      const added = await addItem(services.events, { id, ownerUid }, { name, priceCents });
      expect(added.ok).toBe(true);
    }

    const site = await loadPublicSite(
      services.db,
      "restaurant",
      `chez-test-${productId}`,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    );
    expect(site.items.map((item) => [item.name, item.priceCents])).toEqual([
      ["Apple Pie", 500],
      ["Zucchini Fries", 650],
    ]);
    expect(Object.keys(site.items[0]!).sort()).toEqual([
      "allergens",
      "category",
      "description",
      "diets",
      "id",
      "imageUrl",
      "images",
      "name",
      "options",
      "priceCents",
      "soldOut",
      "soldOutUntil",
      "star",
      "tags",
    ]);
    expect(site.items[0]).toMatchObject({
      star: false,
      soldOut: false,
      soldOutUntil: null,
      tags: [],
      images: [],
      allergens: [],
      diets: [],
    });
  });

  it("answers 404 for an unknown id, the wrong type, or a removed product", async () => {
    for (const [type, slugId] of [
      ["restaurant", "chez-test-unknownid123"],
      ["shoppy", `chez-test-${productId}`],
    ] as const) {
      await expect(
        loadPublicSite(services.db, type, slugId, restaurantSite.notFoundIn, PUBLIC_PAGE_AT_PORTAL),
      ).rejects.toMatchObject({
        init: { status: 404 },
        data: { message: MESSAGES.restaurantNotFound, lang: "en", dir: "ltr" },
      });
    }
    // The visitor's language, when the address names none; the address's, when it does.
    await expect(
      loadPublicSite(services.db, "restaurant", "gone-unknownid123", restaurantSite.notFoundIn, {
        ...PUBLIC_PAGE_AT_PORTAL,
        acceptLanguage: "ar-EG,ar;q=0.9,en;q=0.5",
      }),
    ).rejects.toMatchObject({
      init: { status: 404, headers: { Vary: "Accept-Language" } },
      data: { message: CATALOGUES.ar.restaurantNotFound, lang: "ar", dir: "rtl" },
    });
    await expect(
      loadPublicSite(
        services.db,
        "restaurant",
        `chez-test-${productId}`,
        restaurantSite.notFoundIn,
        {
          ...PUBLIC_PAGE_AT_PORTAL,
          language: "fr",
          acceptLanguage: "de",
        },
      ),
    ).rejects.toMatchObject({
      init: { status: 404 },
      data: { message: CATALOGUES.fr.restaurantNotFound, lang: "fr" },
    });
    await services.db.update(products).set({ exists: false }).where(eq(products.id, productId));
    await expect(
      loadPublicSite(
        services.db,
        "restaurant",
        `chez-test-${productId}`,
        restaurantSite.notFoundIn,
        PUBLIC_PAGE_AT_PORTAL,
      ),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
    await services.db.update(products).set({ exists: true }).where(eq(products.id, productId));
  });

  it("keeps answering when many views arrive at once, and after the session drops its statements", async () => {
    const slugId = `chez-test-${productId}`;
    const views = await Promise.all(
      Array.from({ length: 20 }, () =>
        loadPublicSite(
          services.db,
          "restaurant",
          slugId,
          restaurantSite.notFoundIn,
          PUBLIC_PAGE_AT_PORTAL,
        ),
      ),
    );
    expect(new Set(views.map((view) => view.name))).toEqual(new Set(["Chez Test"]));
    // On PGlite the statement lives in the one session, which DEALLOCATE ALL empties. (On
    // PostgreSQL the driver keeps its own list of what each connection has prepared.)
    if (services.database.kind === "pglite") await services.db.execute(sql`DEALLOCATE ALL`);
    const again = await loadPublicSite(
      services.db,
      "restaurant",
      slugId,
      restaurantSite.notFoundIn,
      PUBLIC_PAGE_AT_PORTAL,
    );
    expect(again.name).toBe("Chez Test");
  });
});
