/**
 * The screenshots of the example sites, as `npm run screenshots` (scripts/screenshots.ts)
 * takes them: the top of each page, in CSS pixels, and the widths each is saved at. Fixed
 * here so every <img> states its width and height and nothing shifts as pictures arrive.
 */
export const SCREENSHOT_VIEWS = {
  desktop: { width: 1280, height: 800, widths: [640, 1280] },
  phone: { width: 360, height: 720, widths: [240, 480] },
  // The phone's first 270 pixels, in the 4:3 frame of an example card: a card shows no more
  // of the page, so the picture carries no more (a third of the phone view's bytes).
  card: { width: 360, height: 270, widths: [240, 480] },
} as const;

export type ScreenshotView = keyof typeof SCREENSHOT_VIEWS;

/** The screen each view is taken on: a card is the top of the phone's. */
export const SCREENSHOT_SCREENS: Record<ScreenshotView, "desktop" | "phone"> = {
  desktop: "desktop",
  phone: "phone",
  card: "phone",
};
