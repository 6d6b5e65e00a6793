import { describe, expect, it } from "vitest";
import { printedAddress, shareLinks } from "./share-links";

describe("shareLinks", () => {
  const url = "https://example.com/r/cafe-rose-abc";
  const links = Object.fromEntries(
    shareLinks("Café Rosé & Co", url).map((link) => [link.name, new URL(link.href)]),
  );

  it("hands each network the link, encoded", () => {
    expect(links.WhatsApp!.host).toBe("wa.me");
    expect(links.WhatsApp!.searchParams.get("text")).toBe(`Café Rosé & Co: ${url}`);
    expect(links.Facebook!.searchParams.get("u")).toBe(url);
    expect(links.X!.searchParams.get("url")).toBe(url);
    expect(links.X!.searchParams.get("text")).toBe("Café Rosé & Co");
  });

  it("writes a mail with the name as its subject and the link in its body", () => {
    const mail = links.Email!;
    expect(mail.protocol).toBe("mailto:");
    const query = new URLSearchParams(mail.search);
    expect(query.get("subject")).toBe("Café Rosé & Co");
    expect(query.get("body")).toContain(url);
  });
});

describe("printedAddress", () => {
  it("drops the scheme and a trailing slash", () => {
    expect(printedAddress("https://menu.example.com/r/cafe-rose-abc")).toBe(
      "menu.example.com/r/cafe-rose-abc",
    );
    expect(printedAddress("http://localhost:3000/")).toBe("localhost:3000");
  });
});
