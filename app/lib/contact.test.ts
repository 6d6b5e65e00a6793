import { describe, expect, it } from "vitest";
import { contactMailto } from "./contact";

describe("contactMailto", () => {
  it("prefills the subject and a body with name, email and message", () => {
    expect(
      contactMailto("help@example.com", {
        name: "Ana & Bo",
        email: "ana@example.com",
        message: "Hi!\nDo you support 50% off?",
      }),
    ).toBe(
      "mailto:help@example.com?subject=General%20Question&body=" +
        "Name%3A%20Ana%20%26%20Bo%0AEmail%3A%20ana%40example.com%0A%0AHi!%0ADo%20you%20support%2050%25%20off%3F",
    );
  });

  it("gives a message posted with CRLF line breaks the same link as one typed with LF", () => {
    const typed = { name: "Ana", email: "ana@example.com", message: "One\nTwo\n\nThree" };
    const posted = { ...typed, message: "One\r\nTwo\r\n\r\nThree" };
    expect(contactMailto("help@example.com", posted)).toBe(
      contactMailto("help@example.com", typed),
    );
    expect(contactMailto("help@example.com", posted)).not.toContain("%0D");
  });

  it("keeps hostile text inside the body", () => {
    const link = contactMailto("help@example.com", {
      name: "x",
      email: "x@example.com",
      message: "&cc=everyone@example.com&subject=spam",
    });
    const url = new URL(link);
    expect(url.searchParams.get("subject")).toBe("General Question");
    expect(url.searchParams.getAll("cc")).toEqual([]);
  });
});
