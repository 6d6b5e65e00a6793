import { describe, expect, it } from "vitest";
import {
  createSitePath,
  pathAfterRegistration,
  productFromSearch,
  registerLink,
  startableProduct,
  typeToPreselect,
} from "./get-started";

describe("startableProduct", () => {
  it.each(["restaurant", "shoppy"] as const)("accepts the enabled product %j", (product) => {
    expect(startableProduct(product)).toBe(product);
  });

  it.each([
    "dealership",
    "ecommerce",
    "coming-soon",
    "Restaurant",
    " restaurant",
    "restaurant/",
    "https://evil.example",
    "//evil.example",
    "",
    null,
    undefined,
    42,
    ["restaurant"],
    { id: "restaurant" },
  ])("refuses %j", (value) => {
    expect(startableProduct(value)).toBeNull();
  });
});

describe("productFromSearch", () => {
  it("reads the product parameter", () => {
    expect(productFromSearch(new URLSearchParams("product=shoppy"))).toBe("shoppy");
  });

  it("ignores a missing, disabled or unknown product", () => {
    expect(productFromSearch(new URLSearchParams(""))).toBeNull();
    expect(productFromSearch(new URLSearchParams("product=dealership"))).toBeNull();
    expect(productFromSearch(new URLSearchParams("product=time-machine"))).toBeNull();
    expect(productFromSearch(new URLSearchParams("type=restaurant"))).toBeNull();
  });

  it("takes the first of repeated parameters, checked like any other", () => {
    expect(productFromSearch(new URLSearchParams("product=evil&product=restaurant"))).toBeNull();
    expect(productFromSearch(new URLSearchParams("product=shoppy&product=evil"))).toBe("shoppy");
  });
});

describe("registerLink", () => {
  it("keeps the product on our own registration page", () => {
    expect(registerLink("/register", "restaurant")).toBe("/register?product=restaurant");
    expect(registerLink("/register", "shoppy")).toBe("/register?product=shoppy");
  });

  it("is the plain registration page without a product", () => {
    expect(registerLink("/register", null)).toBe("/register");
  });

  it("leaves an external registration page (REGISTER_URL) as it is configured", () => {
    expect(registerLink("https://accounts.example/join", "restaurant")).toBe(
      "https://accounts.example/join",
    );
    expect(registerLink("https://accounts.example/join?ref=a", null)).toBe(
      "https://accounts.example/join?ref=a",
    );
  });

  it("is nothing when registration is closed", () => {
    expect(registerLink(null, "restaurant")).toBeNull();
  });
});

describe("createSitePath and pathAfterRegistration", () => {
  it("choose the product on the create screen", () => {
    expect(createSitePath("restaurant")).toBe("/user/create?type=restaurant");
    expect(createSitePath(null)).toBe("/user/create");
    expect(pathAfterRegistration("shoppy")).toBe("/user/create?type=shoppy");
  });

  it("send an owner who came for no product to their sites", () => {
    expect(pathAfterRegistration(null)).toBe("/user");
  });
});

describe("typeToPreselect", () => {
  it.each(["restaurant", "shoppy", "dealership", "ecommerce"] as const)(
    "preselects %j, a type an owner may create",
    (type) => {
      expect(typeToPreselect(new URLSearchParams({ type }))).toBe(type);
    },
  );

  it.each(["", "coming-soon", "RESTAURANT", "restaurant ", "__proto__"])("ignores %j", (type) => {
    expect(typeToPreselect(new URLSearchParams({ type }))).toBeNull();
  });

  it("ignores a missing type", () => {
    expect(typeToPreselect(new URLSearchParams())).toBeNull();
  });
});
