import { describe, expect, it } from "vitest";
import { defaultHours } from "./hours";
import { businessJsonLd, jsonLdText } from "./structured-data";

describe("businessJsonLd", () => {
  it("describes a dealer with address, phone, images and opening hours", () => {
    const hours = defaultHours();
    hours[0] = { day: "Monday", open: "9:00 AM", close: "6:30 PM" };
    const data = businessJsonLd({
      type: "AutoDealer",
      name: "Bayside Motors",
      url: "https://portal.example/d/bayside-motors-abc",
      address: "1 Shore Rd",
      phone: "+1 555 0100",
      email: "",
      images: ["https://cdn.example/bg.jpg", "javascript:alert(1)", ""],
      hours,
    });
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Bayside Motors",
      url: "https://portal.example/d/bayside-motors-abc",
      address: { "@type": "PostalAddress", streetAddress: "1 Shore Rd" },
      telephone: "+1 555 0100",
      image: ["https://cdn.example/bg.jpg"],
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "Monday",
          opens: "09:00",
          closes: "18:30",
        },
      ],
    });
  });
});

describe("jsonLdText", () => {
  it("cannot be closed from inside by stored text", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
