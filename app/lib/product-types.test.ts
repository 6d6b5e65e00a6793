import { describe, expect, it } from "vitest";
import {
  PRODUCT_TYPES,
  PRODUCT_TYPE_DESCRIPTION,
  PRODUCT_TYPE_LABEL,
  PUBLIC_PREFIX,
  STORAGE_COLLECTION,
  isProductType,
} from "./product-types";

describe("product types", () => {
  it("lists the four types in spec order", () => {
    expect(PRODUCT_TYPES).toEqual(["restaurant", "shoppy", "dealership", "ecommerce"]);
  });

  it("maps each type to its public prefix and storage collection", () => {
    expect(PUBLIC_PREFIX).toEqual({
      restaurant: "r",
      shoppy: "s",
      dealership: "d",
      ecommerce: "e",
    });
    expect(STORAGE_COLLECTION).toEqual({
      restaurant: "restaurants",
      shoppy: "shoppies",
      dealership: "dealerships",
      ecommerce: "ecommerce",
    });
  });

  it("has a label and a description for every type", () => {
    expect(PRODUCT_TYPE_LABEL).toEqual({
      restaurant: "Restaurant",
      shoppy: "Shoppy",
      dealership: "Dealership",
      ecommerce: "E-commerce",
    });
    expect(PRODUCT_TYPE_DESCRIPTION.restaurant).toBe("A menu with categories, prices and photos.");
    expect(PRODUCT_TYPE_DESCRIPTION.shoppy).toBe(
      "A storefront with tags, photos and PayPal or Venmo links.",
    );
    expect(PRODUCT_TYPE_DESCRIPTION.dealership).toBe(
      "A profile with contact details and opening hours.",
    );
    expect(PRODUCT_TYPE_DESCRIPTION.ecommerce).toBe(
      "A store profile with contact details and opening hours.",
    );
  });

  it("keeps prefixes unique so a public path names one type", () => {
    expect(new Set(Object.values(PUBLIC_PREFIX)).size).toBe(PRODUCT_TYPES.length);
  });

  it("freezes the maps", () => {
    expect(Object.isFrozen(PUBLIC_PREFIX)).toBe(true);
    expect(Object.isFrozen(STORAGE_COLLECTION)).toBe(true);
    expect(Object.isFrozen(PRODUCT_TYPE_LABEL)).toBe(true);
    expect(Object.isFrozen(PRODUCT_TYPE_DESCRIPTION)).toBe(true);
  });

  it("recognises product types exactly", () => {
    for (const type of PRODUCT_TYPES) expect(isProductType(type)).toBe(true);
    for (const other of [
      "",
      "Restaurant",
      " shoppy",
      "shop",
      "e-commerce",
      null,
      undefined,
      1,
      {},
    ]) {
      expect(isProductType(other)).toBe(false);
    }
  });
});
