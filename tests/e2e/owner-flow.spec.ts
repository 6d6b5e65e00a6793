import { smallPng } from "../support/image-fixtures";
import { expect, test } from "./fixtures";
import { expectFinishedMenu, runOwnerFlow } from "./owner-flow";

for (const [device, viewport] of [
  ["phone", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`a new owner on a ${device} goes from /register to a themed menu with a logo, hours and five items`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const result = await runOwnerFlow(page, { baseURL: baseURL!, logo: await smallPng(240, 240) });
    expect(result.publicPath).toMatch(/^\/r\/flow-kitchen-[A-Za-z0-9]{20}$/);
    await expectFinishedMenu(page, baseURL!, result.publicPath);
  });
}
