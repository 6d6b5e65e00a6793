import { axe, expect, signUpOwner, test } from "./fixtures";

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("the portal nav keeps to one line, with the account links in its menu", async ({ page }) => {
    const owner = await signUpOwner(page);
    await page.goto("/user");
    const nav = page.getByRole("navigation", { name: "Portal" });
    const box = (await nav.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(64);
    // The brand fits beside them, whole.
    const brand = nav.getByRole("link", { name: "Site Builder" });
    expect(await brand.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await expect(nav.getByRole("link", { name: "Your Products" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "User Info" })).toBeHidden();

    const account = nav.getByText("Account", { exact: true });
    const accountBox = (await account.boundingBox())!;
    expect(accountBox.height).toBeGreaterThanOrEqual(44);
    await account.click();
    await expect(nav.locator(".nav-menu").getByText(owner.email)).toBeVisible();
    await nav.getByRole("link", { name: "User Info" }).click();
    await expect(page).toHaveURL(/\/user\/info$/);
    expect(
      (await axe(page).analyze()).violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      ),
    ).toEqual([]);

    await nav.getByText("Account", { exact: true }).click();
    await nav.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the account menu opens all the same", async ({ page }) => {
      await signUpOwner(page);
      await page.goto("/user");
      const nav = page.getByRole("navigation", { name: "Portal" });
      await nav.getByText("Account", { exact: true }).click();
      await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
    });
  });
});

test("on a desktop the account links sit in the bar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpOwner(page);
  await page.goto("/user");
  const nav = page.getByRole("navigation", { name: "Portal" });
  await expect(nav.getByRole("link", { name: "User Info" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(nav.getByText("Account", { exact: true })).toBeHidden();
});
