import { build } from "esbuild";
import sharp from "sharp";
import { ITEM_IMAGE_TARGET_BYTES } from "../../app/lib/limits";
import { MESSAGES } from "../../app/lib/messages";
import {
  chooseItemAction,
  createSiteDirectly,
  DEMO,
  expect,
  openEditorTab,
  signIn,
  signUpOwner,
  test,
} from "./fixtures";

/** The browser's compression module, bundled for a page to run it as the upload form does. */
async function compressionBundle() {
  const result = await build({
    stdin: {
      contents: `import { compressImageFile } from "./app/lib/browser-image-encoder";
                 window.compressImageFile = compressImageFile;`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
    alias: { "~": "./app" },
  });
  return result.outputFiles[0]!.text;
}

test("the browser brings a 4000×3000 photo to 12 KB or the 360 px fallback", async ({ page }) => {
  await page.goto("/");
  // Evaluated rather than added as a script tag: the page's policy refuses inline scripts
  // without its nonce, as it should.
  await page.evaluate(await compressionBundle());
  const outcome = await page.evaluate(async (target) => {
    // A noisy photo-sized picture, drawn in the page.
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(4000, 3000);
    for (let i = 0; i < pixels.data.length; i += 4) {
      pixels.data[i] = (i * 7) % 256;
      pixels.data[i + 1] = Math.random() * 255;
      pixels.data[i + 2] = (i >> 10) % 256;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 });
    const file = new File([blob], "photo.jpg", { type: "image/jpeg" });
    const compress = (
      window as unknown as {
        compressImageFile: (
          f: File,
          t: number,
        ) => Promise<{
          blob: Blob;
          result: { size: number; longSide: number; quality: number; fallback: boolean };
        }>;
      }
    ).compressImageFile;
    const { blob: out, result } = await compress(file, target);
    const bitmap = await createImageBitmap(out);
    return {
      inputSize: file.size,
      outputSize: out.size,
      type: out.type,
      width: bitmap.width,
      height: bitmap.height,
      ...result,
    };
  }, ITEM_IMAGE_TARGET_BYTES);

  expect(outcome.inputSize).toBeGreaterThan(1_000_000);
  expect(outcome.type).toBe("image/jpeg");
  if (outcome.fallback) {
    expect(Math.max(outcome.width, outcome.height)).toBe(360);
    expect(outcome.quality).toBe(0.5);
  } else {
    expect(outcome.outputSize).toBeLessThanOrEqual(ITEM_IMAGE_TARGET_BYTES);
  }
});

test("uploading a logo shows progress, then the new image", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Logo Test");
  await openEditorTab(page, "Info");
  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: "#cc6633" },
  })
    .jpeg()
    .toBuffer();

  // A slow uplink, so the progress bar is there to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 8 * 1024,
  });
  const uploaded = page.waitForResponse((response) => response.url().includes("/user/upload/"));
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("progressbar", { name: "Uploading logo.jpg" })).toBeVisible();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  const response = await uploaded;
  // The browser sent its compressed JPEG (24 KB target), not the original.
  const { requestBodySize } = await response.request().sizes();
  expect(requestBodySize).toBeLessThan(photo.length);
  expect(requestBodySize).toBeLessThan(30_000);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const uploads = page.getByRole("list", { name: "Logo: uploads" });
  await expect(uploads.getByText("Uploaded")).toBeVisible();
  await expect(page.getByRole("img", { name: "Current logo" })).toHaveAttribute(
    "src",
    /\/files\/restaurants\/[A-Za-z0-9]{20}\/info\/logo\?v=/,
  );
  const image = await page.request.get(
    (await page.getByRole("img", { name: "Current logo" }).getAttribute("src"))!,
  );
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a file that is not an image is refused in the browser with the spec's message", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "shoppy", "Refusals");
  await openEditorTab(page, "Info");
  await page.getByLabel("Background", { exact: true }).setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.chooseValidImage);
});

test("a failed upload says why", async ({ page }) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "restaurant", "Server Says No");
  await openEditorTab(page, "Info");
  // The server refuses; the form shows its reason next to the file.
  await page.route(/\/user\/upload\//, (route) =>
    route.fulfill({
      status: 413,
      contentType: "application/json",
      body: JSON.stringify({ error: "The file is larger than 10 MB." }),
    }),
  );
  const photo = await sharp({
    create: { width: 200, height: 200, channels: 3, background: "#123456" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "x.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByRole("alert")).toContainText("The file is larger than 10 MB.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload form still works, the server compresses, and Remove works", async ({ page }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "restaurant", "No Script");
    await openEditorTab(page, "Info");
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: "#446688" },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Upload" }).first().click();
    await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();
    const src = await page.getByRole("img", { name: "Current logo" }).getAttribute("src");
    const image = await page.request.get(src!);
    expect((await image.body()).length).toBeLessThanOrEqual(24576);

    // Remove is a plain form button too.
    await page.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByRole("img", { name: "Current logo" })).toHaveCount(0);
    await expect(page.getByLabel("Logo", { exact: true })).toBeVisible();
  });
});

test("several photos at once: each shows its own result, and a refused one does not stop the others", async ({
  page,
}) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole("link", { name: "Edit Demo Goods" }).click();
  const files = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => ({
      name: `tote-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 40 * i, g: 120, b: 200 } },
      })
        .png()
        .toBuffer(),
    })),
  );
  await chooseItemAction(page, "Canvas Tote", /^Photos/);
  await page.getByLabel("Photos of Canvas Tote (up to 5)").setInputFiles(files);

  const uploads = page.getByRole("list", { name: "Photos of Canvas Tote (up to 5): uploads" });
  await expect(uploads.getByRole("listitem")).toHaveCount(6);
  await expect(uploads.getByText("Uploaded")).toHaveCount(5, { timeout: 20_000 });
  await expect(uploads.getByRole("alert")).toHaveText(
    `${MESSAGES.failedToUploadImages} An item has at most 5 images.`,
  );
  await expect(page.getByRole("img", { name: /^Canvas Tote, photo \d$/ })).toHaveCount(5);
});
