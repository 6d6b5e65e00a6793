import { MESSAGES } from "../../app/lib/messages";
import { createSiteDirectly, expect, signUpOwner, test } from "./fixtures";

for (const [typeLabel, type, prefix, ldType] of [
  ["Dealership", "dealership", "d", "AutoDealer"],
  ["E-commerce", "ecommerce", "e", "Store"],
] as const) {
  test(`${typeLabel}: create, fill, save and view the public page`, async ({ page }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, type, `${typeLabel} Draft`);

    await page.getByLabel("Name", { exact: true }).fill(`Bayside ${typeLabel}`);
    await page.getByLabel("Phone").fill("+1 555 0142");
    await page.getByLabel("Email", { exact: true }).fill("hello@bayside.example");
    await page.getByLabel("Address").fill("1 Shore Road, Springfield");
    await page.getByLabel("Monday opens").selectOption("9:00 AM");
    await page.getByLabel("Monday closes").selectOption("6:30 PM");
    // Closed on one side closes the day; a time then clears the Closed partner.
    await page.getByLabel("Tuesday opens").selectOption("Closed");
    await expect(page.getByLabel("Tuesday closes")).toHaveValue("Closed");
    await page.getByLabel("Tuesday closes").selectOption("5:00 PM");
    await expect(page.getByLabel("Tuesday opens")).toHaveValue("");
    await page.getByLabel("Tuesday opens").selectOption("10:00 AM");
    await page.getByLabel("Primary", { exact: true }).fill("#0b1f3a");
    await page.getByLabel("Text", { exact: true }).fill("fff");
    await page.getByLabel("Secondary", { exact: true }).fill("not-a-color");
    await expect(page.getByText(MESSAGES.colorFellBack)).toBeVisible();
    await page.getByLabel("Logo URL").fill("https://images.example/logo.png");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: `Bayside ${typeLabel}` }),
    ).toBeVisible();

    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: "View Public" }).click();
    const publicPage = await popup;
    const slug = `bayside-${typeLabel.toLowerCase()}`;
    await expect(publicPage).toHaveURL(new RegExp(`/${prefix}/${slug}-[A-Za-z0-9]{20}$`));
    await expect(
      publicPage.getByRole("heading", { level: 1, name: `Bayside ${typeLabel}` }),
    ).toBeVisible();
    await expect(
      publicPage.getByRole("link", { name: "1 Shore Road, Springfield" }),
    ).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=1%20Shore%20Road%2C%20Springfield",
    );
    await expect(publicPage.getByRole("link", { name: "+1 555 0142" })).toHaveAttribute(
      "href",
      "tel:+15550142",
    );
    await expect(publicPage.getByRole("row", { name: /Monday/ })).toContainText(
      "9:00 AM – 6:30 PM",
    );
    await expect(publicPage.getByRole("row", { name: /Tuesday/ })).toContainText(
      "10:00 AM – 5:00 PM",
    );
    await expect(publicPage.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
    await expect(
      publicPage.getByRole("img", { name: `Bayside ${typeLabel} logo` }),
    ).toHaveAttribute("src", "https://images.example/logo.png");

    // No JavaScript at all on the public page, and structured data for search engines.
    expect(await publicPage.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    const jsonLd = JSON.parse(
      (await publicPage.locator("script[type='application/ld+json']").textContent())!,
    ) as { url: string };
    expect(jsonLd).toMatchObject({
      "@type": ldType,
      name: `Bayside ${typeLabel}`,
      telephone: "+1 555 0142",
      address: { streetAddress: "1 Shore Road, Springfield" },
      image: ["https://images.example/logo.png"],
      openingHoursSpecification: [
        { dayOfWeek: "Monday", opens: "09:00", closes: "18:30" },
        { dayOfWeek: "Tuesday", opens: "10:00", closes: "17:00" },
      ],
    });
    expect(jsonLd.url).toBe(publicPage.url());
    await expect(publicPage.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `Bayside ${typeLabel}`,
    );
    await expect(publicPage.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      "https://images.example/logo.png",
    );
    // The colors: primary background, and the invalid secondary fell back to grey.
    const colors = await publicPage.locator(".public-profile").evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.color];
    });
    expect(colors).toEqual(["rgb(11, 31, 58)", "rgb(255, 255, 255)"]);
    // The invalid secondary color fell back to the default grey.
    const heroColor = await publicPage
      .locator(".profile-hero")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(heroColor).toBe("rgb(107, 107, 107)");
  });
}

test("a javascript: logo URL is refused and nothing is saved", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "dealership", "Careful Cars");
  await page.getByLabel("Logo URL").fill("javascript:alert(document.cookie)");
  await page.getByLabel("Phone").fill("+1 555 0000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(MESSAGES.httpUrlOnly)).toBeVisible();
  await expect(page.getByText(MESSAGES.failedToSaveInfo)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Logo URL")).toHaveValue("");
  await expect(page.getByLabel("Phone")).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the profile form saves", async ({ page }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "ecommerce", "Plain Store");
    await page.getByLabel("Address").fill("2 Market Lane");
    await page.getByLabel("Wednesday opens").selectOption("8:00 AM");
    await page.getByLabel("Wednesday closes").selectOption("4:00 PM");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    await expect(page.getByLabel("Wednesday opens")).toHaveValue("8:00 AM");
    // Closed chosen on one side: the server applied the Closed-partner rule.
    await page.getByLabel("Wednesday closes").selectOption("Closed");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.infoSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Wednesday opens")).toHaveValue("Closed");
    await expect(page.getByLabel("Wednesday closes")).toHaveValue("Closed");
    await expect(page.getByLabel("Address")).toHaveValue("2 Market Lane");
  });
});

test("not-found profiles answer 404 with the spec's words", async ({ page }) => {
  for (const [path, title] of [
    ["/d/nobody-AAAAAAAAAAAAAAAAAAAA", MESSAGES.dealershipNotFound],
    ["/e/nobody-AAAAAAAAAAAAAAAAAAAA", MESSAGES.storeNotFound],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(MESSAGES.linkMayBeIncorrect)).toBeVisible();
  }
});
