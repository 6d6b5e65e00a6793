/**
 * The screenshots of the example sites, as `npm run screenshots` (scripts/screenshots.ts)
 * takes them: the top of each page, in CSS pixels, and the widths each is saved at. Fixed
 * here so every <img> states its width and height and nothing shifts as pictures arrive.
 */
export const SCREENSHOT_VIEWS = {
  desktop: { width: 1280, height: 800, widths: [640, 1280] },
  phone: { width: 360, height: 720, widths: [240, 480] },
} as const;

export type ScreenshotView = keyof typeof SCREENSHOT_VIEWS;
