import { describe, expect, it } from "vitest";
import {
  MAX_ITEMS_PER_PRODUCT,
  MAX_PRODUCTS_PER_USER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./limits";
import { MESSAGES } from "./messages";
import type { MessageKey } from "./messages";

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

describe("MESSAGES", () => {
  it("is frozen", () => {
    expect(Object.isFrozen(MESSAGES)).toBe(true);
    expect(() => {
      (MESSAGES as Record<string, string>).saved = "changed";
    }).toThrow(TypeError);
  });

  it("has non-empty string values with no stray whitespace (errorPrefix ends in one space)", () => {
    for (const [key, value] of Object.entries(MESSAGES)) {
      expect(typeof value, key).toBe("string");
      expect(value.trim(), key).not.toBe("");
      if (key === "errorPrefix") expect(value).toBe("Error: ");
      else expect(value, key).toBe(value.trim());
    }
  });

  it("uses camelCase keys", () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it("spells the product limit with a right single quotation mark", () => {
    expect(MESSAGES.productLimitReached).toBe("You\u2019ve reached the limit of 3 products.");
    expect(codePoints(MESSAGES.productLimitReached).slice(0, 5)).toEqual([
      0x59, 0x6f, 0x75, 0x2019, 0x76,
    ]);
    expect(MESSAGES.productLimitReached).not.toContain("'");
  });

  it("spells Loading with a horizontal ellipsis", () => {
    expect(codePoints(MESSAGES.loading)).toEqual([
      0x4c, 0x6f, 0x61, 0x64, 0x69, 0x6e, 0x67, 0x2026,
    ]);
    expect(MESSAGES.loading).not.toContain("...");
  });

  it("keeps the spec punctuation exactly", () => {
    expect(MESSAGES.dealershipNotFound).toBe("Dealership not found");
    expect(MESSAGES.storeNotFound).toBe("Store not found");
    expect(MESSAGES.restaurantNotFound).toBe("Restaurant not found.");
    expect(MESSAGES.shopNotFound).toBe("Shop not found.");
    expect(MESSAGES.pageNotFound).toBe("Page not found");
    expect(MESSAGES.chooseImage).toBe("Please choose an image");
    expect(MESSAGES.chooseValidImage).toBe("Please choose a valid image file.");
    expect(MESSAGES.noCategories).toBe("No categories");
    expect(MESSAGES.noTags).toBe("No tags");
    expect(MESSAGES.errorPrefix).toBe("Error: ");
    expect(MESSAGES.failedToSignIn).toBe("Failed to sign in");
    expect(MESSAGES.signInFailed).toBe("Sign in failed");
    expect(MESSAGES.infoSaved).toBe("Info saved!");
    expect(MESSAGES.saved).toBe("Saved!");
  });

  it("contains every message of SPEC sections 5 and 8", () => {
    const spec = [
      "Failed to sign in",
      "Sign in failed",
      "Failed to load.",
      "Failed to load items.",
      "Failed to load products.",
      "Failed to save info.",
      "Failed to save.",
      "Failed to update price.",
      "Failed to update flag.",
      "Failed to delete item.",
      "Failed to delete.",
      "Failed to add item.",
      "Failed to replace image.",
      "Failed to update item.",
      "Failed to upload images.",
      "Failed to create product.",
      "Restaurant not found.",
      "Shop not found.",
      "Dealership not found",
      "Store not found",
      "The link may be incorrect or the profile was removed.",
      "Product not found.",
      "Page not found",
      "No items match.",
      "No menu items yet.",
      "No products available.",
      "No categories",
      "No tags",
      "Please sign in.",
      "Please sign in to continue.",
      "Please sign in to view your info.",
      "Invalid product.",
      "Error: ",
      "Info saved!",
      "Saved!",
      "Your account status is not valid for creating products.",
      "You\u2019ve reached the limit of 3 products.",
      "Please enter a name.",
      "Name is required.",
      "Price is required.",
      "Limit reached: 50 items.",
      "Please choose a valid image file.",
      "Please choose an image",
      "Loading\u2026",
    ];
    const values = new Set<string>(Object.values(MESSAGES));
    for (const message of spec) expect(values.has(message), message).toBe(true);
  });

  it("has the form messages", () => {
    expect(MESSAGES.emailRequired).toBe("Email is required.");
    expect(MESSAGES.emailInvalid).toBe("Please enter a valid email address.");
    expect(MESSAGES.passwordRequired).toBe("Password is required.");
    expect(MESSAGES.usernameRequired).toBe("Username is required.");
    expect(MESSAGES.passwordTooCommon).toBe(
      "This password is too common. Choose one that is harder to guess.",
    );
    expect(MESSAGES.passwordIsEmail).toBe("Your password must not be your email address.");
    expect(MESSAGES.registrationRefused).toBe(
      "We could not create an account with these details. If you already have an account, sign in.",
    );
    expect(MESSAGES.tooManyAttempts).toBe(
      "Too many sign-in attempts. Please wait a few seconds and try again.",
    );
    expect(MESSAGES.registrationClosed).toBe("Registration is closed.");
    expect(MESSAGES.contactNameRequired).toBe("Name is required.");
    expect(MESSAGES.contactMessageRequired).toBe("Message is required.");
  });

  it("agrees with the limits it mentions", () => {
    expect(MESSAGES.productLimitReached).toContain(` ${MAX_PRODUCTS_PER_USER} products`);
    expect(MESSAGES.limitReachedItems).toBe(`Limit reached: ${MAX_ITEMS_PER_PRODUCT} items.`);
    expect(MESSAGES.passwordTooShort).toBe(
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    expect(MESSAGES.passwordTooLong).toBe(
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  });

  it("has no duplicate texts except the listed ones", () => {
    const allowedDuplicates: ReadonlyArray<readonly MessageKey[]> = [
      ["nameRequired", "contactNameRequired"],
    ];
    const keysByText = new Map<string, MessageKey[]>();
    for (const key of Object.keys(MESSAGES) as MessageKey[]) {
      const keys = keysByText.get(MESSAGES[key]) ?? [];
      keys.push(key);
      keysByText.set(MESSAGES[key], keys);
    }
    const duplicates = [...keysByText.values()]
      .filter((keys) => keys.length > 1)
      .map((keys) => [...keys].sort());
    expect(duplicates).toEqual(allowedDuplicates.map((keys) => [...keys].sort()));
  });
});
