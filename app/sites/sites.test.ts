import { describe, expect, it } from "vitest";
import { ALL_SITES, isProductType, PRODUCT_TYPES, siteFromPrefix, siteOf } from ".";

describe("the site registry", () => {
  it("lists the four types in spec order, each defined by its own folder", () => {
    expect(PRODUCT_TYPES).toEqual(["restaurant", "shoppy", "dealership", "ecommerce"]);
    expect(ALL_SITES.map((site) => site.type)).toEqual([...PRODUCT_TYPES]);
    for (const type of PRODUCT_TYPES) expect(siteOf(type).type).toBe(type);
  });

  it("maps each type to its public prefix and storage collection", () => {
    expect(Object.fromEntries(ALL_SITES.map((site) => [site.type, site.publicPrefix]))).toEqual({
      restaurant: "r",
      shoppy: "s",
      dealership: "d",
      ecommerce: "e",
    });
    expect(
      Object.fromEntries(ALL_SITES.map((site) => [site.type, site.storageCollection])),
    ).toEqual({
      restaurant: "restaurants",
      shoppy: "shoppies",
      dealership: "dealerships",
      ecommerce: "ecommerce",
    });
  });

  it("has labels and one-line descriptions for the create screen", () => {
    expect(ALL_SITES.map((site) => site.label)).toEqual([
      "Restaurant",
      "Shoppy",
      "Dealership",
      "E-commerce",
    ]);
    expect(siteOf("restaurant").description).toBe("A menu with categories, prices and photos.");
    expect(siteOf("shoppy").description).toBe(
      "A storefront with tags, photos and PayPal or Venmo links.",
    );
    expect(siteOf("dealership").description).toBe(
      "A profile with contact details and opening hours.",
    );
    expect(siteOf("ecommerce").description).toBe(
      "A store profile with contact details and opening hours.",
    );
  });

  it("gives items to restaurants and shops only, with the intents each editor offers", () => {
    expect(siteOf("restaurant").items?.imageTarget).toBe("item-image");
    expect(siteOf("shoppy").items?.imageTarget).toBe("item-images");
    expect(siteOf("dealership").items).toBeNull();
    expect(siteOf("ecommerce").items).toBeNull();
    // Both sell out (for today, or until turned back): a capability, not a type's name.
    for (const type of ["restaurant", "shoppy"] as const) {
      expect(siteOf(type).items?.sellsOut).toBe(true);
      for (const intent of ["toggle-sold-out", "sell-out", "back-on-sale"] as const) {
        expect(siteOf(type).items?.intents.has(intent)).toBe(true);
      }
    }
    expect(siteOf("restaurant").items?.intents.has("move-image")).toBe(false);
  });

  it("keeps prefixes unique", () => {
    expect(new Set(ALL_SITES.map((site) => site.publicPrefix)).size).toBe(PRODUCT_TYPES.length);
  });

  it("recognises only the four type keys", () => {
    for (const type of PRODUCT_TYPES) expect(isProductType(type)).toBe(true);
    for (const other of [
      "Restaurant",
      "shop",
      "",
      " restaurant",
      "restaurant ",
      null,
      undefined,
      1,
      {},
      "__proto__",
    ]) {
      expect(isProductType(other)).toBe(false);
    }
  });

  it("reads a public prefix back into its site", () => {
    expect(siteFromPrefix("r")?.type).toBe("restaurant");
    expect(siteFromPrefix("s")?.type).toBe("shoppy");
    expect(siteFromPrefix("d")?.type).toBe("dealership");
    expect(siteFromPrefix("e")?.type).toBe("ecommerce");
    for (const other of ["R", "x", "", "rs", null, undefined, 0]) {
      expect(siteFromPrefix(other)).toBeNull();
    }
  });
});
