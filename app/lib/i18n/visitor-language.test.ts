import { describe, expect, it } from "vitest";
import { visitorLanguage } from "./visitor-language";

describe("visitorLanguage", () => {
  it("takes the first language the pages speak, by base language", () => {
    expect(visitorLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(visitorLanguage("zh-Hans-CN")).toBe("zh");
    expect(visitorLanguage("sv-SE,sv;q=0.9,de;q=0.8,en;q=0.5")).toBe("de");
  });

  it("goes by q before the order listed, and skips what q=0 refuses", () => {
    expect(visitorLanguage("en;q=0.3,fr;q=0.8,ar")).toBe("ar");
    expect(visitorLanguage("fr;q=0, ja;q=0.2")).toBe("ja");
  });

  it("falls back to English for none it speaks, no header, or a garbled one", () => {
    expect(visitorLanguage("sv,fi;q=0.5")).toBe("en");
    expect(visitorLanguage(null)).toBe("en");
    expect(visitorLanguage("")).toBe("en");
    expect(visitorLanguage(";;;,q=,*")).toBe("en");
    expect(visitorLanguage(`${"x,".repeat(1000)}es`)).toBe("en");
  });
});
