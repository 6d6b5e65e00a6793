import { describe, expect, it } from "vitest";
import { normalizeAddress } from "./client-address.server";

describe("normalizeAddress", () => {
  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(normalizeAddress("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(normalizeAddress("10.1.2.3")).toBe("10.1.2.3");
    expect(normalizeAddress("::1")).toBe("::1");
    expect(normalizeAddress(undefined)).toBe("");
  });
});
