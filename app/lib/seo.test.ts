import { describe, expect, it } from "vitest";
import { pageMeta } from "./seo";

const args = {
  location: { pathname: "/r/pasta-co-P1" },
  matches: [{ id: "root", loaderData: { publicUrl: "https://sites.example" } }],
};

function content(meta: ReturnType<typeof pageMeta>, key: string): unknown {
  const found = meta.find(
    (tag) =>
      (tag as { name?: string; property?: string }).name === key ||
      (tag as { property?: string }).property === key,
  );
  return (found as { content?: unknown } | undefined)?.content;
}

describe("pageMeta", () => {
  it("titles a business page with its name alone, and canonicalises on the public origin", () => {
    const meta = pageMeta(args, { title: "Pasta & Co", description: "Menu", standalone: true });
    expect(meta).toContainEqual({ title: "Pasta & Co" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://sites.example/r/pasta-co-P1",
    });
    expect(content(meta, "og:url")).toBe("https://sites.example/r/pasta-co-P1");
  });

  it("asks for a large link preview only when the page has a picture", () => {
    const plain = pageMeta(args, { title: "Pasta & Co", description: "Menu" });
    expect(content(plain, "twitter:card")).toBe("summary");
    expect(content(plain, "og:image")).toBeUndefined();

    const image = "https://sites.example/files/restaurants/P1/info/background?v=1";
    const pictured = pageMeta(args, { title: "Pasta & Co", description: "Menu", image });
    expect(content(pictured, "twitter:card")).toBe("summary_large_image");
    expect(content(pictured, "og:image")).toBe(image);
  });

  it("marks pages that must not be indexed", () => {
    const meta = pageMeta(args, { title: "Not found", description: "x", noIndex: true });
    expect(content(meta, "robots")).toBe("noindex");
  });
});
