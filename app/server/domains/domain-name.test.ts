import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { hostOfRequest, parseDomainName } from "./domain-name.server";

const RESERVED = ["sites.example.com", "portal.example.com"];
const parse = (input: string) => parseDomainName(input, RESERVED);

describe("parseDomainName", () => {
  it("keeps a domain in lower case", () => {
    expect(parse("Menu.CafeRose.com")).toEqual({
      ok: true,
      domain: "menu.caferose.com",
      apex: false,
    });
  });

  it.each([
    "https://menu.caferose.com/path?x",
    "http://MENU.caferose.com/",
    "  menu.caferose.com  ",
    "menu.caferose.com.",
    "menu.caferose.com#top",
    "https://menu.caferose.com./?a=b",
  ])("takes %j as the domain alone", (input) => {
    expect(parse(input)).toEqual({ ok: true, domain: "menu.caferose.com", apex: false });
  });

  it("stores an internationalised name in its xn-- form", () => {
    const ascii = domainToASCII("café-rosé.fr");
    expect(ascii).toMatch(/^xn--[a-z0-9-]+\.fr$/);
    expect(parse("café-rosé.fr")).toEqual({ ok: true, domain: ascii, apex: true });
    expect(parse("Menu.CAFÉ-ROSÉ.fr.")).toEqual({
      ok: true,
      domain: `menu.${ascii}`,
      apex: false,
    });
    // Typed already in its ASCII form, it is the same domain.
    expect(parse(ascii)).toEqual({ ok: true, domain: ascii, apex: true });
  });

  it.each([
    ["caferose.com", true],
    ["menu.caferose.com", false],
    ["a.b.menu.caferose.com", false],
    ["shop.co.uk", true],
    ["menu.shop.co.uk", false],
    // github.io is a private suffix: a name under it is registrable by itself.
    ["x.github.io", true],
    ["menu.x.github.io", false],
  ])("knows whether %s is a registrable domain itself (apex: %s)", (input, apex) => {
    expect(parse(input)).toEqual({ ok: true, domain: input, apex });
  });

  it.each(["", "   ", "https://", "https:///path", "."])(
    "asks for a domain when given %j",
    (input) => {
      expect(parse(input)).toEqual({ ok: false, message: MESSAGES.domainRequired });
    },
  );

  it.each(["co.uk", "github.io", "CO.UK.", "https://github.io/", "blogspot.com"])(
    "refuses the public suffix %j",
    (input) => {
      expect(parse(input)).toEqual({ ok: false, message: MESSAGES.domainPublicSuffix });
    },
  );

  it.each(["caferose.invalidtld", "caferose.test", "menu.caferose.local", "caferose.example"])(
    "refuses %j, which ends in no known top-level domain",
    (input) => {
      expect(parse(input)).toEqual({ ok: false, message: MESSAGES.domainUnknownTld });
    },
  );

  it.each([
    "sites.example.com",
    "x.sites.example.com",
    "a.b.sites.example.com",
    "Sites.Example.COM.",
    "https://portal.example.com/user",
  ])("refuses %j, the portal's own", (input) => {
    expect(parse(input)).toEqual({ ok: false, message: MESSAGES.domainOurs });
  });

  it("refuses only the reserved names and those under them, not their neighbours", () => {
    expect(parse("mysites.example.com")).toMatchObject({ ok: true, domain: "mysites.example.com" });
    expect(parse("example.com")).toMatchObject({ ok: true, domain: "example.com", apex: true });
    expect(parseDomainName("sites.example.com", [])).toMatchObject({ ok: true });
  });

  it.each([
    "203.0.113.10",
    "[2001:db8::1]",
    "2001:db8::1",
    "http://203.0.113.10/",
    "a b.com",
    "menu.cafe rose.com",
    `${"a".repeat(64)}.com`,
    "-bad.com",
    "bad-.com",
    "menu..caferose.com",
    "caferose",
    "under_score.com",
    "*.caferose.com",
    "menu.caferose.com:8080",
    "owner@caferose.com",
    `${"abc.".repeat(70)}com`,
  ])("refuses %j, which is no domain name", (input) => {
    expect(parse(input)).toEqual({ ok: false, message: MESSAGES.domainInvalid });
  });

  it("takes labels of 63 characters", () => {
    const label = "a".repeat(63);
    expect(parse(`${label}.com`)).toEqual({ ok: true, domain: `${label}.com`, apex: true });
  });
});

describe("hostOfRequest", () => {
  it("puts a request's host in the stored form", () => {
    expect(hostOfRequest("Menu.CafeRose.com.")).toBe("menu.caferose.com");
    expect(hostOfRequest("menu.caferose.com")).toBe("menu.caferose.com");
  });
});
