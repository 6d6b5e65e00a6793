import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import {
  contactSchema,
  createProductSchema,
  isPasswordTheEmail,
  registerSchema,
  safeRedirect,
  signInSchema,
} from "./validation";

type Issues = Record<string, string[]>;

// Messages per field, as a form would show them.
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Issues {
  const issues: Issues = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    (issues[field] ??= []).push(issue.message);
  }
  return issues;
}

const goodPassword = "correct horse battery";

describe("signInSchema", () => {
  it("accepts a valid sign-in and trims the email only", () => {
    const result = signInSchema.safeParse({
      email: "  Owner@Example.com ",
      password: "  secret  ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "Owner@Example.com", password: "  secret  " });
  });

  it("keeps an optional redirectTo", () => {
    expect(
      signInSchema.parse({ email: "a@b.co", password: "x", redirectTo: "/user/info" }).redirectTo,
    ).toBe("/user/info");
    expect(signInSchema.parse({ email: "a@b.co", password: "x" }).redirectTo).toBeUndefined();
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x", redirectTo: 5 }).success).toBe(
      false,
    );
  });

  it("says required for missing, empty or blank fields, with one message each", () => {
    for (const input of [
      {},
      { email: "", password: "" },
      { email: "   ", password: "" },
      { email: undefined, password: undefined },
    ]) {
      expect(issuesOf(signInSchema.safeParse(input))).toEqual({
        email: [MESSAGES.emailRequired],
        password: [MESSAGES.passwordRequired],
      });
    }
  });

  it("accepts a whitespace-only password (passwords are not trimmed)", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "   " }).success).toBe(true);
  });

  it("rejects malformed emails with the format message", () => {
    for (const email of [
      "nope",
      "a@",
      "@b.co",
      "a@b",
      "a b@c.co",
      "a@b..co",
      "a@@b.co",
      '"a"@b.co',
      "a@b.c",
    ]) {
      expect(issuesOf(signInSchema.safeParse({ email, password: "x" })), email).toEqual({
        email: [MESSAGES.emailInvalid],
      });
    }
  });

  it("accepts common email shapes", () => {
    for (const email of [
      "a@b.co",
      "first.last+tag@sub.example.org",
      "o'neil@example.ie",
      "x_y-z@ex-ample.com",
    ]) {
      expect(signInSchema.safeParse({ email, password: "x" }).success, email).toBe(true);
    }
  });

  it("rejects unicode and emoji in email addresses", () => {
    for (const email of ["josé@example.com", "a@exämple.com", "🍕@pizza.com"]) {
      expect(issuesOf(signInSchema.safeParse({ email, password: "x" })).email).toEqual([
        MESSAGES.emailInvalid,
      ]);
    }
  });

  it("rejects wrong types with the required messages", () => {
    expect(issuesOf(signInSchema.safeParse({ email: 42, password: ["x"] }))).toEqual({
      email: [MESSAGES.emailRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it("bounds very long input quickly", () => {
    const started = performance.now();
    const email = `${"a".repeat(1_000_000)}@example.com`;
    expect(issuesOf(signInSchema.safeParse({ email, password: "x".repeat(1_000_000) }))).toEqual({
      email: [MESSAGES.emailInvalid],
      password: [MESSAGES.passwordTooLong],
    });
    // A near-miss pattern that would hurt a backtracking email regex, kept short by the bound.
    const tricky = `${"a.".repeat(120)}@${"a-".repeat(500_000)}`;
    expect(signInSchema.safeParse({ email: tricky, password: "x" }).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("registerSchema", () => {
  const valid = { username: "  Joe  ", email: "joe@example.com", password: goodPassword };

  it("accepts a valid registration and trims the username", () => {
    expect(registerSchema.parse(valid)).toEqual({
      username: "Joe",
      email: "joe@example.com",
      password: goodPassword,
    });
  });

  it("keeps the product a visitor came from only when they may start with it", () => {
    expect(registerSchema.parse({ ...valid, product: "restaurant" }).product).toBe("restaurant");
    for (const product of ["dealership", "coming-soon", "https://evil.example", ["shoppy"]]) {
      const result = registerSchema.safeParse({ ...valid, product });
      expect(result.success, JSON.stringify(product)).toBe(true);
      expect(result.data?.product).toBeUndefined();
    }
  });

  it("accepts unicode and emoji usernames", () => {
    expect(registerSchema.parse({ ...valid, username: "José 🍕" }).username).toBe("José 🍕");
  });

  it("refuses control characters in a username", () => {
    expect(issuesOf(registerSchema.safeParse({ ...valid, username: "a\u0000b" }))).toEqual({
      username: [MESSAGES.usernameInvalid],
    });
    expect(registerSchema.safeParse({ ...valid, username: "a\u001bb" }).success).toBe(false);
  });

  it("requires a username of 1 to 64 characters after trimming", () => {
    expect(issuesOf(registerSchema.safeParse({ ...valid, username: "   " }))).toEqual({
      username: [MESSAGES.usernameRequired],
    });
    expect(issuesOf(registerSchema.safeParse({ ...valid, username: undefined }))).toEqual({
      username: [MESSAGES.usernameRequired],
    });
    expect(registerSchema.safeParse({ ...valid, username: "x".repeat(64) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, username: ` ${"x".repeat(64)} ` }).success).toBe(
      true,
    );
    expect(issuesOf(registerSchema.safeParse({ ...valid, username: "x".repeat(65) }))).toEqual({
      username: [MESSAGES.usernameTooLong],
    });
  });

  it("requires a password of 12 to 128 characters", () => {
    expect(issuesOf(registerSchema.safeParse({ ...valid, password: "" }))).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(issuesOf(registerSchema.safeParse({ ...valid, password: "x".repeat(11) }))).toEqual({
      password: [MESSAGES.passwordTooShort],
    });
    expect(registerSchema.safeParse({ ...valid, password: "x".repeat(12) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "x".repeat(128) }).success).toBe(true);
    expect(issuesOf(registerSchema.safeParse({ ...valid, password: "x".repeat(129) }))).toEqual({
      password: [MESSAGES.passwordTooLong],
    });
  });

  it("takes the stricter length count: code points for the minimum, UTF-16 units for the maximum", () => {
    // 6 emoji are 12 UTF-16 units but only 6 characters.
    expect(issuesOf(registerSchema.safeParse({ ...valid, password: "🔑".repeat(6) }))).toEqual({
      password: [MESSAGES.passwordTooShort],
    });
    expect(registerSchema.safeParse({ ...valid, password: "🔑".repeat(12) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "é".repeat(12) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "e\u0301".repeat(6) }).success).toBe(
      true,
    );
    // 64 emoji are 128 units: the auth library's limit exactly.
    expect(registerSchema.safeParse({ ...valid, password: "🔑".repeat(64) }).success).toBe(true);
    expect(
      issuesOf(registerSchema.safeParse({ ...valid, password: `${"🔑".repeat(64)}x` })),
    ).toEqual({
      password: [MESSAGES.passwordTooLong],
    });
    expect(
      issuesOf(signInSchema.safeParse({ email: "a@b.co", password: "🔑".repeat(65) })),
    ).toEqual({
      password: [MESSAGES.passwordTooLong],
    });
  });

  it("does not trim passwords; spaces count", () => {
    expect(registerSchema.parse({ ...valid, password: " ".repeat(12) }).password).toBe(
      " ".repeat(12),
    );
  });

  it("validates the email like sign-in", () => {
    expect(issuesOf(registerSchema.safeParse({ ...valid, email: "bad" }))).toEqual({
      email: [MESSAGES.emailInvalid],
    });
    expect(issuesOf(registerSchema.safeParse({ ...valid, email: "" }))).toEqual({
      email: [MESSAGES.emailRequired],
    });
  });

  it("reports every field at once", () => {
    expect(issuesOf(registerSchema.safeParse({}))).toEqual({
      username: [MESSAGES.usernameRequired],
      email: [MESSAGES.emailRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it("refuses the email as the password, ignoring case and surrounding spaces", () => {
    const email = "owner.name@example.com";
    for (const password of [email, "Owner.Name@Example.COM", `  ${email}  `]) {
      expect(issuesOf(registerSchema.safeParse({ ...valid, email, password })), password).toEqual({
        password: [MESSAGES.passwordIsEmail],
      });
    }
    expect(
      issuesOf(registerSchema.safeParse({ ...valid, email: ` ${email} `, password: email })),
    ).toEqual({ password: [MESSAGES.passwordIsEmail] });
    expect(registerSchema.safeParse({ ...valid, email, password: `${email}!` }).success).toBe(true);
  });

  it("says the email rule alongside a username problem, not on top of a length problem", () => {
    const email = "owner.name@example.com";
    expect(
      issuesOf(registerSchema.safeParse({ username: "x".repeat(65), email, password: email })),
    ).toEqual({
      username: [MESSAGES.usernameTooLong],
      password: [MESSAGES.passwordIsEmail],
    });
    expect(
      issuesOf(registerSchema.safeParse({ ...valid, email: "a@b.co", password: "a@b.co" })),
    ).toEqual({ password: [MESSAGES.passwordTooShort] });
    expect(issuesOf(registerSchema.safeParse({ ...valid, email: "bad", password: "bad" }))).toEqual(
      { email: [MESSAGES.emailInvalid], password: [MESSAGES.passwordTooShort] },
    );
    expect(registerSchema.safeParse(undefined).success).toBe(false);
  });
});

describe("isPasswordTheEmail", () => {
  it("compares trimmed and case-insensitively", () => {
    expect(isPasswordTheEmail(" A@Example.com ", "a@example.COM")).toBe(true);
    expect(isPasswordTheEmail("a@example.com", "  a@example.com")).toBe(true);
    expect(isPasswordTheEmail("a@example.com1", "a@example.com")).toBe(false);
    expect(isPasswordTheEmail("a", "")).toBe(false);
  });
});

describe("contactSchema", () => {
  it("accepts a message and trims it", () => {
    expect(
      contactSchema.parse({ name: " Ana ", email: "ana@example.com", message: " Hi 👋 " }),
    ).toEqual({
      name: "Ana",
      email: "ana@example.com",
      message: "Hi 👋",
    });
  });

  it("requires name, email and message", () => {
    expect(issuesOf(contactSchema.safeParse({ name: " ", email: "", message: "\n\t" }))).toEqual({
      name: [MESSAGES.contactNameRequired],
      email: [MESSAGES.emailRequired],
      message: [MESSAGES.contactMessageRequired],
    });
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths with query and hash", () => {
    expect(safeRedirect("/user/info?x=1#y")).toBe("/user/info?x=1#y");
    expect(safeRedirect("/user")).toBe("/user");
    expect(safeRedirect("/")).toBe("/");
    expect(safeRedirect("/user/restaurant/setup/abc123")).toBe("/user/restaurant/setup/abc123");
    expect(safeRedirect("/search?next=//evil.com")).toBe("/search?next=//evil.com");
    expect(safeRedirect("/#//evil.com")).toBe("/#//evil.com");
  });

  it("keeps encoded slashes, which stay inside the path", () => {
    expect(safeRedirect("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
    expect(safeRedirect("/%5Cevil.com")).toBe("/%5Cevil.com");
  });

  it("returns the resolved form of a path", () => {
    expect(safeRedirect("/user/../user/info")).toBe("/user/info");
    expect(safeRedirect("/café 🍕")).toBe("/caf%C3%A9%20%F0%9F%8D%95");
  });

  it("rejects protocol-relative and backslash tricks", () => {
    for (const to of [
      "//evil.com",
      "///evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "\\/evil.com",
      "/path\\..\\..\\evil",
    ]) {
      expect(safeRedirect(to), to).toBe("/user");
    }
  });

  it("rejects absolute URLs and scripts", () => {
    for (const to of [
      "https://evil.com",
      "http://x.invalid/user",
      "HTTPS://evil.com",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:a@b.co",
      "evil.com",
      "user/info",
      "?x=1",
      "#top",
    ]) {
      expect(safeRedirect(to), to).toBe("/user");
    }
  });

  it("rejects leading whitespace and control characters anywhere", () => {
    for (const to of [
      "\t//evil.com",
      " //evil.com",
      "\n/user",
      "/\t/evil.com",
      "/\n/evil.com",
      "/\r\n/evil.com",
      "/user\u0000",
      "/user\u007f",
      "/user\u0085",
      "\u00a0/user",
    ]) {
      expect(safeRedirect(to), JSON.stringify(to)).toBe("/user");
    }
  });

  it("rejects dot segments that resolve to a protocol-relative path", () => {
    for (const to of [
      "/..//evil.com",
      "/.//evil.com",
      "/%2e%2e//evil.com",
      "/%2E//evil.com",
      "/a/../..//evil.com",
    ]) {
      expect(safeRedirect(to), to).toBe("/user");
    }
  });

  it("rejects empty and non-string values", () => {
    for (const to of [
      "",
      undefined,
      null,
      0,
      {},
      ["/user/info"],
      new URL("http://x.invalid/user"),
    ]) {
      expect(safeRedirect(to)).toBe("/user");
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.com", "/")).toBe("/");
    expect(safeRedirect(undefined, "/signin")).toBe("/signin");
  });

  it("rejects very long values quickly", () => {
    const started = performance.now();
    expect(safeRedirect(`/${"a".repeat(1_000_000)}`)).toBe("/user");
    expect(safeRedirect(`/${"a".repeat(2000)}`)).toBe(`/${"a".repeat(2000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("createProductSchema", () => {
  const parse = (input: Record<string, unknown>) => createProductSchema.safeParse(input);

  it("accepts a type with or without a name", () => {
    expect(parse({ type: "shoppy", name: "  Corner Shop " }).data).toEqual({
      type: "shoppy",
      name: "Corner Shop",
      timeZone: "",
    });
    expect(parse({ type: "dealership" }).data).toEqual({
      type: "dealership",
      name: "",
      timeZone: "",
    });
  });

  it("keeps the browser's time zone when it is a real one, and leaves others unset", () => {
    const zoneOf = (timeZone: unknown) => parse({ type: "restaurant", timeZone }).data?.timeZone;
    expect(zoneOf("Europe/Rome")).toBe("Europe/Rome");
    expect(zoneOf(" America/New_York ")).toBe("America/New_York");
    expect(zoneOf("Mars/Olympus_Mons")).toBe("");
    expect(zoneOf("")).toBe("");
    expect(zoneOf(["Europe/Rome"])).toBe("");
  });

  it("says 'Please enter a name.' only when the type is missing too", () => {
    const neither = parse({ name: "   " });
    expect(neither.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", MESSAGES.pleaseEnterName],
    ]);
    const nameOnly = parse({ name: "Bistro", type: "spaceship" });
    expect(nameOnly.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["type", MESSAGES.chooseType],
    ]);
  });

  it("refuses a name over 100 characters", () => {
    expect(parse({ type: "restaurant", name: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      MESSAGES.nameTooLong,
    );
  });
});
