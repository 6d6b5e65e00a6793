// `npm run screenshots`: photographs the example sites (app/lib/example-sites.ts) on a phone
// and on a desktop in headless Chromium, and writes the pictures the landing and product
// pages show (app/components/marketing/example-screenshot.tsx) into app/assets/examples,
// as AVIF with a JPEG fallback, each at two widths. It builds and starts its own portal on a
// fresh data directory, so the pictures always show the seeded examples as they are now.
import { spawnSync } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { chromium, type BrowserContextOptions } from "@playwright/test";
import sharp from "sharp";
import { EXAMPLE_SITES, examplePath } from "~/lib/example-sites";
import {
  SCREENSHOT_SCREENS,
  SCREENSHOT_VIEWS,
  type ScreenshotView,
} from "~/lib/example-screenshots";
import { startPortal, tempDataDir } from "../tests/e2e/server-process";

const root = path.resolve(import.meta.dirname, "..");
const outputDir = path.join(root, "app", "assets", "examples");

const SCREENS: Record<(typeof SCREENSHOT_SCREENS)[ScreenshotView], BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  // Twice the pixels of the screen, as a phone has, so the larger width is sharp.
  phone: { viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true },
};

if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) {
  process.exit(1);
}
const portal = await startPortal({
  DATA_DIR: tempDataDir(),
  SEED_DEMO: "true",
  // The pictures show a visitor's page: no view is counted for them.
  ANALYTICS: "off",
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  await rm(outputDir, { recursive: true, force: true });
  await mkdir(outputDir, { recursive: true });
  for (const example of EXAMPLE_SITES) {
    for (const [view, size] of Object.entries(SCREENSHOT_VIEWS)) {
      const screen = SCREENS[SCREENSHOT_SCREENS[view as ScreenshotView]];
      const context = await browser.newContext(screen);
      const page = await context.newPage();
      await page.goto(portal.url + examplePath(example), { waitUntil: "networkidle" });
      // Every picture in the shot is in: those loaded lazily are asked for now.
      await page.evaluate(() =>
        Promise.all(
          [...document.images].map((image) => {
            image.loading = "eager";
            return image.decode().catch(() => undefined);
          }),
        ),
      );
      const scale = screen.deviceScaleFactor ?? 1;
      const shot = await page.screenshot({
        clip: { x: 0, y: 0, width: size.width, height: size.height },
      });
      await context.close();
      for (const width of size.widths) {
        const base = path.join(outputDir, `${example.screenshot}-${view}-${width}`);
        const resized = sharp(shot).resize({ width: Math.round(width) });
        await resized.clone().avif({ quality: 55, effort: 6 }).toFile(`${base}.avif`);
        await resized.clone().jpeg({ quality: 78, mozjpeg: true }).toFile(`${base}.jpg`);
        console.log(`${path.relative(root, base)}.{avif,jpg} (${scale}× capture)`);
      }
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}
