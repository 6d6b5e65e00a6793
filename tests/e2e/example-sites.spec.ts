/**
 * The example sites a visitor opens before registering: seeded at fixed addresses (the e2e
 * server starts with SEED_DEMO=true), linked from the landing page and the product pages,
 * and shown there in screenshots that keep the landing page light.
 */
import { EXAMPLE_SITES, examplePath } from "../../app/lib/example-sites";
import { expect, layoutShiftSoFar, SCREENS, test } from "./fixtures";

test("the three example pages answer 200 with their name, pictures and hours", async ({
  page,
  request,
}) => {
  expect(EXAMPLE_SITES.map((example) => example.type)).toEqual([
    "restaurant",
    "shoppy",
    "dealership",
  ]);
  for (const example of EXAMPLE_SITES) {
    const response = await request.get(examplePath(example));
    expect(response.status(), examplePath(example)).toBe(200);

    await page.goto(examplePath(example));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(example.name);
    // Monday's row, whichever day it is where the business is ("Monday (today)" on Mondays).
    await expect(page.getByRole("rowheader", { name: /^Monday\b/ }).first()).toBeVisible();
    // The logo is there, and every picture on the page loads.
    await expect(page.locator("img").first()).toBeVisible();
    const broken = await page.evaluate(async () => {
      const images = [...document.images];
      images.forEach((image) => (image.loading = "eager"));
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
    });
    expect(broken).toEqual([]);
  }
});

test("each example page paints from its first response: its own styles inline, none of the portal's", async ({
  page,
}) => {
  for (const example of EXAMPLE_SITES) {
    const stylesheetRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
    });
    await page.goto(examplePath(example));
    expect(stylesheetRequests, examplePath(example)).toEqual([]);
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        href: sheet.href,
        selectors: [...sheet.cssRules].map((rule) => (rule as CSSStyleRule).selectorText ?? ""),
      })),
    );
    expect(sheets.length, examplePath(example)).toBeGreaterThan(0);
    expect(sheets.every((sheet) => sheet.href === null)).toBe(true);
    const selectors = sheets.flatMap((sheet) => sheet.selectors);
    // base.css and the opening hours are there; the portal's navbar and editors are not.
    expect(selectors).toContain(".visually-hidden");
    expect(selectors).toContain(".open-status");
    expect(selectors.some((selector) => /\.(navbar|editor-tabs|button)\b/.test(selector))).toBe(
      false,
    );
    // Styled: base.css's reset applies.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    page.removeAllListeners("request");
  }
});

for (const [device, viewport] of SCREENS) {
  test(`the menu and the shop send their hero and logo at the screen's size (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const example of EXAMPLE_SITES.filter(({ type }) => type !== "dealership")) {
      const pictures: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/info/")) pictures.push(new URL(request.url()).pathname);
      });
      await page.goto(examplePath(example));
      const shown = await page.evaluate(async () => {
        const hero = document.querySelector<HTMLImageElement>(".site-hero-image")!;
        const logo = document.querySelector<HTMLImageElement>(".site-logo")!;
        await Promise.all([hero.decode(), logo.decode()]);
        const path = (image: HTMLImageElement) => new URL(image.currentSrc).pathname;
        return {
          hero: path(hero),
          heroWidth: hero.naturalWidth,
          logo: path(logo),
        };
      });
      const where = `${examplePath(example)} on a ${device}`;
      // A phone gets the light copy of the hero, a wider screen the picture as uploaded.
      expect(shown.hero, where).toMatch(
        device === "phone" ? /\/info\/background-phone$/ : /\/info\/background$/,
      );
      if (device === "phone") expect(shown.heroWidth, where).toBe(600);
      // At one device pixel per CSS pixel, the logo at twice its shown 120 px is plenty.
      expect(shown.logo, where).toMatch(/\/info\/logo-240$/);
      // Only what is shown is fetched: never both sizes of a picture.
      expect(pictures.sort(), where).toEqual([shown.hero, shown.logo].sort());
      page.removeAllListeners("request");
    }
  });
}

test("the landing page links each example as 'See an example', and the link opens it", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "See what you get" });
  const links = section.getByRole("link", { name: /^See an example/ });
  await expect(links).toHaveCount(3);
  for (const [index, example] of EXAMPLE_SITES.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", examplePath(example));
    await expect(links.nth(index)).toHaveAccessibleName(`See an example: ${example.name}`);
  }
  // The hero shows the first example too, with its own link.
  const hero = page.getByRole("region", { name: "Your business online in minutes" });
  await expect(hero.getByRole("link", { name: /^See an example/ })).toHaveAttribute(
    "href",
    examplePath(EXAMPLE_SITES[0]!),
  );

  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`${examplePath(EXAMPLE_SITES[1]!)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(EXAMPLE_SITES[1]!.name);
});

test("each product with an example shows it and links it; the others show none", async ({
  page,
}) => {
  for (const example of EXAMPLE_SITES) {
    await page.goto(`/product/${example.type}`);
    const figure = page.getByRole("figure");
    await expect(figure.getByRole("img")).toHaveCount(2);
    await expect(figure.getByRole("link", { name: /^See an example/ })).toHaveAttribute(
      "href",
      examplePath(example),
    );
  }
  for (const product of ["ecommerce", "coming-soon"]) {
    await page.goto(`/product/${product}`);
    await expect(page.getByRole("link", { name: /^See an example/ })).toHaveCount(0);
  }
});

for (const [device, viewport] of SCREENS) {
  test(`the landing page's pictures have a size, and load lazily below the fold (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const pictures = await page.locator("main img").evaluateAll((images) =>
      images.map((image) => {
        const img = image as HTMLImageElement;
        return {
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          top: img.getBoundingClientRect().top + window.scrollY,
          // The card shows the top of its screenshot only.
          shownHeight: (img.closest("picture") ?? img).getBoundingClientRect().height,
          inHero: Boolean(img.closest(".hero")),
          sources: [...(img.parentElement?.querySelectorAll("source") ?? [])].map(
            (source) => source.type,
          ),
          srcset: img.srcset,
        };
      }),
    );
    // The hero's two screenshots and one per example.
    expect(pictures).toHaveLength(2 + EXAMPLE_SITES.length);
    for (const picture of pictures) {
      expect(Number(picture.width)).toBeGreaterThan(0);
      expect(Number(picture.height)).toBeGreaterThan(0);
      // AVIF where the browser takes it, JPEG at two widths otherwise.
      expect(picture.sources).toEqual(["image/avif"]);
      expect(picture.srcset).toMatch(/\.jpg \d+w, .+\.jpg \d+w$/);
      if (picture.inHero) {
        expect(picture.loading).toBe("eager");
      } else {
        expect(picture.loading).toBe("lazy");
        // At most a sliver of it shows on the first screen.
        const shown = Math.max(0, viewport.height - picture.top) / picture.shownHeight;
        expect(shown).toBeLessThan(0.2);
      }
    }
    // The browser took the AVIF, and nothing moved as the pictures arrived.
    const hero = page.locator(".hero img").first();
    await expect
      .poll(() => hero.evaluate((img) => (img as HTMLImageElement).currentSrc))
      .toMatch(/\.avif$/);
    const shift = await layoutShiftSoFar(page);
    expect(shift).toBeLessThan(0.01);
  });
}
