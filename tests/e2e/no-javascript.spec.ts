import { DEMO, expect, signIn, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("sign-in works with JavaScript off", async ({ page }) => {
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser$/);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole("heading", { name: "Your Products" })).toBeVisible();
});

test("a wrong password shows the error with JavaScript off", async ({ page }) => {
  await page.goto("/signin");
  await signIn(page, DEMO.email, "nope nope nope");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});
