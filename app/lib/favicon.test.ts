import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAVICON_SVG, FAVICON_URL } from "./favicon";

describe("the portal's icon", () => {
  it("is the same picture in the page as in public/favicon.svg", () => {
    const file = readFileSync(
      path.resolve(import.meta.dirname, "../../public/favicon.svg"),
      "utf8",
    );
    expect(file.trim()).toBe(FAVICON_SVG);
  });

  it("is carried in the page as a data: URL that decodes to the picture", () => {
    const prefix = "data:image/svg+xml,";
    expect(FAVICON_URL.startsWith(prefix)).toBe(true);
    const carried = FAVICON_URL.slice(prefix.length);
    // Nothing a URL may not hold (the HTML checker refuses a space), nor a quote the page
    // would escape.
    expect(carried).not.toMatch(/[\s<>#"'&]/);
    expect(decodeURIComponent(carried)).toBe(FAVICON_SVG);
  });
});
