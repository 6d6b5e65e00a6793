import { describe, expect, it } from "vitest";
import { lastActive } from "./signed-in-sessions";

const NOW = new Date("2026-11-25T12:00:00Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);

describe("lastActive", () => {
  it.each([
    [0, "Active today"],
    [0.99, "Active today"],
    [1, "Last active yesterday"],
    [3.5, "Last active 3 days ago"],
    [8, "Last active last week"],
    [15, "Last active 2 weeks ago"],
    [45, "Last active last month"],
    [400, "Last active last year"],
  ])("%f days ago is %s", (days, expected) => {
    expect(lastActive(daysBefore(days), NOW)).toBe(expected);
  });

  it("treats a time a little in the future (clock skew) as today", () => {
    expect(lastActive(new Date(NOW.getTime() + 5000), NOW)).toBe("Active today");
  });
});
