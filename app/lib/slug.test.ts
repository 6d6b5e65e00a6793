import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES } from "~/sites/product-types";
import { parseSlugId, publicPath, slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(slugify("Joe Pizza")).toBe("joe-pizza");
    expect(slugify("ABC 123")).toBe("abc-123");
  });

  it("removes characters other than letters, digits, spaces and hyphens", () => {
    expect(slugify("Joe's Diner & Bar!")).toBe("joes-diner-bar");
    expect(slugify("a_b.c/d?e#f")).toBe("abcdef");
    expect(slugify("pre-made")).toBe("pre-made");
  });

  it("transliterates accented letters", () => {
    expect(slugify("Café Rosé")).toBe("cafe-rose");
    expect(slugify("Crème Brûlée")).toBe("creme-brulee");
    expect(slugify("Ångström Ñandú Über Çava")).toBe("angstrom-nandu-uber-cava");
    expect(slugify("Žižkov Łódź")).toBe("zizkov-lodz");
    // Already decomposed accents give the same slug.
    expect(slugify("Cafe\u0301")).toBe("cafe");
    // Compatibility forms: ligatures, full-width letters and digits.
    expect(slugify("ﬁne Ｔｏｋｙｏ １２")).toBe("fine-tokyo-12");
  });

  it("spells out Latin letters that do not decompose", () => {
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("STRAẞE")).toBe("strasse");
    expect(slugify("Smørrebrød")).toBe("smorrebrod");
    expect(slugify("Ærø Bœuf")).toBe("aero-boeuf");
    expect(slugify("Œuvre")).toBe("oeuvre");
    expect(slugify("Wrocław")).toBe("wroclaw");
    expect(slugify("Đakovo")).toBe("dakovo");
    expect(slugify("Þórsmörk")).toBe("thorsmork");
  });

  it("collapses runs of spaces and hyphens into one hyphen, none at the ends", () => {
    expect(slugify("Harbor & Pine")).toBe("harbor-pine");
    expect(slugify("  A -- B ")).toBe("a-b");
    expect(slugify("a  b")).toBe("a-b");
    expect(slugify("a - b")).toBe("a-b");
    expect(slugify("-Joe-")).toBe("joe");
    expect(slugify("---")).toBe("");
    expect(slugify("a\tb\nc\u00a0d\u3000e")).toBe("a-b-c-d-e");
  });

  it("drops other scripts and emoji, which may leave nothing", () => {
    expect(slugify("東京 ramen")).toBe("ramen");
    expect(slugify("Ωmega")).toBe("mega");
    expect(slugify("Pizza 🍕 Place")).toBe("pizza-place");
    expect(slugify("👨‍👩‍👧 Family")).toBe("family");
    expect(slugify("🍕")).toBe("");
    expect(slugify("東京")).toBe("");
  });

  it("handles empty, whitespace-only and symbol-only names", () => {
    expect(slugify("")).toBe("");
    expect(slugify("   ")).toBe("");
    expect(slugify("!!!")).toBe("");
  });

  it("keeps digits, including number-like names and numerals that decompose", () => {
    expect(slugify("0")).toBe("0");
    expect(slugify("1.5")).toBe("15");
    expect(slugify("-1e10")).toBe("1e10");
    expect(slugify("NaN")).toBe("nan");
    expect(slugify("Ⅻ ²")).toBe("xii-2");
  });

  it("returns an empty slug for a non-string at runtime", () => {
    expect(slugify(undefined as unknown as string)).toBe("");
    expect(slugify(null as unknown as string)).toBe("");
    expect(slugify(42 as unknown as string)).toBe("");
  });

  it("gives only lower-case ASCII letters and digits between single hyphens", () => {
    for (const name of ["Joe's  Diner", "Café 🍕", "  x  ", "Ÿ-ß--æ", "a\u0000b", "İstanbul"]) {
      expect(slugify(name), name).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });

  it("is idempotent on its own output", () => {
    for (const name of ["Joe Pizza", "Joe's  Diner", "Café 🍕", "  x  ", "Straße – Bar"]) {
      expect(slugify(slugify(name))).toBe(slugify(name));
    }
  });

  it("handles a 1 MB name quickly", () => {
    const started = performance.now();
    expect(slugify("a ".repeat(500_000))).toHaveLength(999_999);
    expect(slugify("é!".repeat(500_000))).toBe("e".repeat(500_000));
    expect(slugify("- ".repeat(500_000))).toBe("");
    expect(slugify("🍕".repeat(250_000))).toBe("");
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("publicPath", () => {
  it("builds /{letter}/{slug}-{id} per type", () => {
    expect(publicPath("restaurant", "joe-pizza", "abc123")).toBe("/r/joe-pizza-abc123");
    expect(publicPath("shoppy", "shop", "id1")).toBe("/s/shop-id1");
    expect(publicPath("dealership", "cars", "id2")).toBe("/d/cars-id2");
    expect(publicPath("ecommerce", "store", "id3")).toBe("/e/store-id3");
  });

  it("omits the hyphen when the slug is empty", () => {
    expect(publicPath("restaurant", "", "abc123")).toBe("/r/abc123");
  });

  it("keeps a slug that starts or ends with a hyphen", () => {
    expect(publicPath("shoppy", "-ramen", "id")).toBe("/s/-ramen-id");
    expect(publicPath("shoppy", "a-", "id")).toBe("/s/a--id");
  });

  it("encodes characters that are unsafe in a path segment", () => {
    expect(publicPath("restaurant", "a/b", "x?y")).toBe("/r/a%2Fb-x%3Fy");
  });

  it("round-trips through parseSlugId for every type", () => {
    for (const type of PRODUCT_TYPES) {
      for (const slug of ["joe-pizza", "", "-", "a--b", "123"]) {
        const path = publicPath(type, slug, "Id20LettersAndDigits");
        const slugId = path.split("/")[2]!;
        expect(parseSlugId(slugId)).toEqual({ slug, id: "Id20LettersAndDigits" });
      }
    }
  });
});

describe("parseSlugId", () => {
  it("takes the id after the last hyphen", () => {
    expect(parseSlugId("joe-pizza-abc123")).toEqual({ slug: "joe-pizza", id: "abc123" });
    expect(parseSlugId("a-b")).toEqual({ slug: "a", id: "b" });
  });

  it("treats a string without a hyphen as the id", () => {
    expect(parseSlugId("abc123")).toEqual({ slug: "", id: "abc123" });
  });

  it("handles empty and edge hyphen positions", () => {
    expect(parseSlugId("")).toEqual({ slug: "", id: "" });
    expect(parseSlugId("-")).toEqual({ slug: "", id: "" });
    expect(parseSlugId("-abc")).toEqual({ slug: "", id: "abc" });
    expect(parseSlugId("abc-")).toEqual({ slug: "abc", id: "" });
    expect(parseSlugId("a--b")).toEqual({ slug: "a-", id: "b" });
  });

  it("does not interpret unicode or emoji", () => {
    expect(parseSlugId("café-🍕")).toEqual({ slug: "café", id: "🍕" });
  });

  it("returns empty parts for a non-string at runtime", () => {
    expect(parseSlugId(undefined as unknown as string)).toEqual({ slug: "", id: "" });
  });

  it("handles a 1 MB slugId quickly", () => {
    const started = performance.now();
    const result = parseSlugId(`${"a-".repeat(500_000)}id`);
    expect(result.id).toBe("id");
    expect(result.slug).toHaveLength(1_000_000 - 1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
