import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { COMMON_PASSWORD_COUNT, isCommonPassword, passwordRefusal } from "./password-policy.server";
import { DEMO_OWNER } from "../seed/demo.server";

const ranked = dictionary["passwords-common"];

describe("isCommonPassword", () => {
  it("knows the 10,000 most common passwords and no more", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(isCommonPassword(ranked[0]!)).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT]!)).toBe(false);
    expect(ranked.slice(0, COMMON_PASSWORD_COUNT).every(isCommonPassword)).toBe(true);
  });

  it("ignores case and surrounding spaces", () => {
    expect(isCommonPassword("qwerty123456")).toBe(true);
    expect(isCommonPassword("QWERTY123456")).toBe(true);
    expect(isCommonPassword("  Qwerty123456 ")).toBe(true);
    expect(isCommonPassword("qwerty 123456")).toBe(false);
  });
});

describe("passwordRefusal", () => {
  const email = "owner.name@example.com";

  it("refuses a common password of an allowed length", () => {
    for (const password of ["1q2w3e4r5t6y", "qazwsxedcrfv", "LeaveMeAlone"]) {
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(passwordRefusal(password, email), password).toBe("passwordTooCommon");
    }
  });

  it("refuses the email, ignoring case and surrounding spaces", () => {
    expect(passwordRefusal(email, email)).toBe("passwordIsEmail");
    expect(passwordRefusal(" Owner.Name@EXAMPLE.com ", `${email} `)).toBe("passwordIsEmail");
    expect(passwordRefusal(email, "someone.else@example.com")).toBeNull();
    expect(passwordRefusal(email)).toBeNull();
  });

  it("leaves passwords outside the length bounds to the length rule", () => {
    expect(passwordRefusal("password", email)).toBeNull();
    expect(passwordRefusal("a@b.co", "a@b.co")).toBeNull();
    expect(passwordRefusal("x".repeat(PASSWORD_MAX_LENGTH + 1), email)).toBeNull();
  });

  it("refuses repeated, sequential and keyboard-pattern passwords, and spaces alone", () => {
    const guessable = [
      "aaaaaaaaaaaa",
      "123456789012",
      "password1234",
      "qwertyuiopas",
      "abcabcabcabc",
      " ".repeat(12),
      "owner.name2026",
    ];
    for (const password of guessable) {
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(passwordRefusal(password, email), JSON.stringify(password)).toBe(
        "passwordTooGuessable",
      );
    }
  });

  it("refuses a long password that only counts, and accepts a long passphrase", () => {
    expect(passwordRefusal("1234567890".repeat(12) + "12345678", email)).toBe(
      "passwordTooGuessable",
    );
    expect(
      passwordRefusal("lantern quietly orbit tuna ".repeat(4).slice(0, 128), email),
    ).toBeNull();
  });

  it("accepts the demo owner's password and a passphrase", () => {
    expect(passwordRefusal(DEMO_OWNER.password, DEMO_OWNER.email)).toBeNull();
    expect(passwordRefusal("correct horse battery staple", email)).toBeNull();
  });
});
