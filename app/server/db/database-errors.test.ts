import { describe, expect, it } from "vitest";
import { isForeignKeyViolation, isUniqueViolation } from "./database-errors.server";

describe("database errors", () => {
  const violation = (code: string) => Object.assign(new Error("duplicate key value"), { code });

  it("are read from the driver's error, and from under Drizzle's wrapper", () => {
    expect(isUniqueViolation(violation("23505"))).toBe(true);
    // As Drizzle throws it: "Failed query: …", with the driver's error as its cause.
    const wrapped = new Error("Failed query: update …", { cause: violation("23505") });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isForeignKeyViolation(wrapped)).toBe(false);
    expect(isForeignKeyViolation(new Error("Failed query", { cause: violation("23503") }))).toBe(
      true,
    );
  });

  it("are nothing for anything else", () => {
    expect(isUniqueViolation(new Error("connection terminated"))).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
