/**
 * The share kit as an owner uses it, on a phone and on a desktop: the share page (link,
 * QR code downloads, share buttons, printables), reached from Your Products and the
 * editor; each printable passes axe, prints on exactly one page of its paper, and prompts a
 * scan in each of the site's languages.
 */
import sharp from "sharp";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import {
  createSiteDirectly,
  expect,
  expectNoSeriousAxeIssue,
  openEditorTab,
  SCREENS,
  signUpOwner,
  test,
} from "./fixtures";

/** The pages of a PDF and the size of the first, in points. */
function pdfPages(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const pages = text.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return { pages, width: Number(box?.[1]), height: Number(box?.[2]) };
}

const MM = 72 / 25.4;
const PAPER = {
  "table-card": { width: 105 * MM, height: 148 * MM },
  "poster-a4": { width: 210 * MM, height: 297 * MM },
  "poster-letter": { width: 8.5 * 72, height: 11 * 72 },
} as const;

for (const [device, viewport] of SCREENS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the share page gives the link, a QR code to download, share buttons and printables", async ({
      page,
    }) => {
      await signUpOwner(page);
      const editorUrl = await createSiteDirectly(page, "restaurant", "Share Diner");
      const productId = editorUrl.split("/").pop()!;

      // From the editor…
      await page.getByRole("link", { name: "Share", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/user/share/${productId}$`));
      await expect(
        page.getByRole("heading", { level: 1, name: "Share Share Diner" }),
      ).toBeVisible();
      // …and from Your Products.
      await page.goto("/user");
      await page.getByRole("link", { name: "Share Share Diner" }).click();
      await expect(page).toHaveURL(new RegExp(`/user/share/${productId}$`));

      const publicPath = `/r/share-diner-${productId}`;
      await expect(page.getByText(new RegExp(`${publicPath}$`))).toBeVisible();

      const qr = page.getByRole("img", { name: /^QR code for / });
      await expect(qr).toBeVisible();
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);

      for (const [name, file, type] of [
        ["Download PNG", "share-diner-qr.png", "image/png"],
        ["Download SVG", "share-diner-qr.svg", "image/svg+xml"],
      ] as const) {
        const link = page.getByRole("link", { name });
        await expect(link).toHaveAttribute("download", file);
        const answer = await page.request.get((await link.getAttribute("href"))!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toContain(type);
      }

      const shareOn = page.getByRole("list", { name: "Share on" });
      for (const [network, host] of [
        ["WhatsApp", "wa.me"],
        ["Facebook", "www.facebook.com"],
        ["X", "x.com"],
      ] as const) {
        const href = await shareOn
          .getByRole("link", { name: `Share on ${network}` })
          .getAttribute("href");
        expect(new URL(href!).host).toBe(host);
        expect(decodeURIComponent(href!)).toContain(publicPath);
      }
      await expect(shareOn.getByRole("link", { name: "Share on Email" })).toHaveAttribute(
        "href",
        /^mailto:\?subject=Share%20Diner/,
      );
      await expectNoSeriousAxeIssue(page, "share page");

      // Opening a printable counts as sharing the link on the Getting started checklist.
      const [printable] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("link", { name: /Table card/ }).click(),
      ]);
      await expect(printable.getByText("Scan for our menu")).toBeVisible();
      await printable.close();
      await page.goto("/user");
      await expect(
        page
          .getByRole("region", { name: "Getting started with Share Diner" })
          .getByRole("listitem")
          .filter({ hasText: "Share your link" }),
      ).toContainText("(done)");
    });

    test("each printable shows the site on its own and prints on one page of its paper", async ({
      page,
    }) => {
      await signUpOwner(page);
      // A long name and a logo: the most a sheet has to hold.
      const name = "Printable Goods of the Old Harbor District";
      const editorUrl = await createSiteDirectly(page, "shoppy", name);
      const productId = editorUrl.split("/").pop()!;
      await openEditorTab(page, "Info");
      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "logo.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({
          create: { width: 300, height: 300, channels: 3, background: "#884422" },
        })
          .jpeg()
          .toBuffer(),
      });
      await expect(page.getByRole("img", { name: "Current logo" })).toHaveAttribute(
        "src",
        /\/info\/logo\?v=/,
      );
      // Three further languages, one of them right to left: each prompt goes under the code.
      for (const language of ["es", "ar", "ja"]) {
        const added = await page.request.post(`/user/shoppy/languages/${productId}`, {
          form: { intent: "add-language", language },
        });
        expect(added.status(), language).toBe(200);
      }
      for (const [format, paper] of Object.entries(PAPER)) {
        await page.goto(`/user/share/${productId}/print/${format}`);
        const sheet = page.getByRole("main");
        await expect(sheet.getByRole("heading", { name })).toBeVisible();
        await expect(sheet.locator(".sheet-prompt")).toHaveText("Scan to shop");
        const others = sheet.locator(".sheet-prompt-more [lang]");
        await expect(others).toHaveText([
          CATALOGUES.es.scanToShop,
          CATALOGUES.ar.scanToShop,
          CATALOGUES.ja.scanToShop,
        ]);
        await expect(others.nth(1)).toHaveAttribute("dir", "rtl");
        const qr = sheet.getByRole("img", { name: /^QR code for / });
        await expect
          .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
        // Everything fits on the sheet: nothing is cut off at its bottom edge.
        const sheetBox = (await sheet.boundingBox())!;
        const urlBox = (await sheet.locator(".sheet-url").boundingBox())!;
        expect(urlBox.y + urlBox.height, format).toBeLessThanOrEqual(sheetBox.y + sheetBox.height);
        // No portal chrome on the sheet: the nav is not there at all.
        await expect(page.getByRole("link", { name: "Your Products" })).toHaveCount(0);
        // The sheet fits the screen, however narrow.
        const box = (await sheet.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(viewport.width);
        await expectNoSeriousAxeIssue(page, format);
        await sheet.screenshot({ path: test.info().outputPath(`${format}.png`) });

        const printed = pdfPages(
          await page.pdf({ preferCSSPageSize: true, printBackground: true }),
        );
        expect(printed.pages, format).toBe(1);
        expect(printed.width).toBeCloseTo(paper.width, 0);
        expect(printed.height).toBeCloseTo(paper.height, 0);
      }
    });
  });
}

test("another owner's share page and printables answer 404", async ({ page, browser }) => {
  await signUpOwner(page);
  const editorUrl = await createSiteDirectly(page, "restaurant", "Private Diner");
  const productId = editorUrl.split("/").pop()!;

  const stranger = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.251.1.1" },
  });
  const strangerPage = await stranger.newPage();
  await signUpOwner(strangerPage);
  for (const path of [`/user/share/${productId}`, `/user/share/${productId}/print/poster-a4`]) {
    const answer = await strangerPage.goto(path);
    expect(answer!.status(), path).toBe(404);
    await expect(strangerPage.getByText("Private Diner")).toHaveCount(0);
  }
  await stranger.close();

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/user/share/${productId}/print/table-card`);
  await expect(visitor).toHaveURL(/\/signin\?redirectTo=/);
  await anonymous.close();
});

test.describe("views", () => {
  // A browser as visitors have it: headless Chromium names itself, and counts as a bot.
  test.use({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    viewport: { width: 1280, height: 800 },
  });

  test("a scan of the QR code shows in the views on the share page and on Your Products", async ({
    page,
  }) => {
    await signUpOwner(page);
    const editorUrl = await createSiteDirectly(page, "restaurant", "Counted Diner");
    const productId = editorUrl.split("/").pop()!;
    // The editor's live preview shows the public page; the owner looking is no view.
    await expect(
      page.frameLocator('iframe[title="Preview of your public page"]').getByRole("heading", {
        name: "Counted Diner",
      }),
    ).toBeVisible();
    const phone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const scanned = await page.request.get(`/r/counted-diner-${productId}?src=qr`, {
      headers: { "user-agent": phone },
    });
    expect(scanned.status()).toBe(200);
    // A crawler's visit is not counted.
    await page.request.get(`/r/counted-diner-${productId}`, {
      headers: {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });

    // Counts reach the database at the next flush (every 10 seconds).
    const views = page.getByRole("region", { name: "Views in the last 30 days" });
    await expect(async () => {
      await page.goto(`/user/share/${productId}`);
      await expect(views.getByRole("definition").first()).toHaveText("1", { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const totals = Object.fromEntries(
      await views
        .locator(".views-totals > div")
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.querySelector("dt")!.textContent,
            row.querySelector("dd")!.textContent,
          ]),
        ),
    );
    expect(totals).toMatchObject({ Views: "1", "QR code": "1", Search: "0", "On phones": "1" });
    await views.getByText("Show as a table").click();
    await expect(views.getByRole("table")).toBeVisible();

    await page.goto("/user");
    await expect(page.getByText("1 view in the last 7 days")).toBeVisible();
  });
});
