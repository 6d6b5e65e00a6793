import sharp from "sharp";
import { MESSAGES } from "../../app/lib/messages";
import {
  chooseItemAction,
  createSiteDirectly,
  expect,
  openEditorTab,
  signUpOwner,
  test,
  toast,
} from "./fixtures";
import { cardLink, dialog, expectPhoto, swipe, tagBox, visibleNames } from "./shop-page";

function photo(color: string) {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test("an owner sets up a shop: tags, payment links, tagged items, photos and sold out", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "shoppy", "Corner Store");

  // Info: shop tags (chips, duplicates ignored), payment links, "Saved!".
  await openEditorTab(page, "Info");
  await expect(page.getByText(MESSAGES.noTags)).toBeVisible();
  const newTag = page.getByLabel("New tag for shop tags");
  for (const tag of ["Gifts", "Home", "gifts ", "Kitchen"]) {
    await newTag.fill(tag);
    await newTag.press("Enter");
  }
  const shopTags = page.getByRole("list", { name: /^Shop tags: 3 of 50$/ });
  await expect(shopTags.locator(".tag-chip > span")).toHaveText(["Gifts", "Home", "Kitchen"]);
  await page.getByRole("button", { name: "Remove Kitchen" }).click();
  await expect(shopTags).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Shop tags: 2 of 50" })).toBeVisible();
  await page.getByLabel("PayPal.me name").fill("not a name!");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter your PayPal.me name")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: MESSAGES.failedToSave })).toBeVisible();
  await page.getByLabel("PayPal.me name").fill("paypal.me/cornerstore");
  await page.getByLabel("Venmo username").fill("@corner-store");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, MESSAGES.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("PayPal.me name")).toHaveValue("cornerstore");
  await expect(page.getByLabel("Venmo username")).toHaveValue("corner-store");
  await expect(page.getByRole("list", { name: "Shop tags: 2 of 50" })).toBeVisible();

  // Add Item: tags from the shop's list or new ones.
  await openEditorTab(page, "Add Item");
  await page.getByLabel("Name").fill("Ceramic Mug");
  await page.getByLabel("Price").fill("14");
  await page.getByRole("button", { name: "Add tag Gifts" }).click();
  await page.getByLabel("New tag for tags").fill("Mugs, Blue");
  await page.getByRole("button", { name: "Add tag", exact: true }).click();
  await expect(page.getByRole("list", { name: "Tags: 3 of 10" })).toBeVisible();
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Item added.")).toBeVisible();
  // The tag chips start empty again for the next item.
  await expect(page.getByRole("list", { name: /^Tags:/ })).toHaveCount(0);
  await page.getByLabel("Name").fill("Linen Apron");
  await page.getByLabel("Price").fill("29");
  await page.getByRole("button", { name: "Add tag Home" }).click();
  // A shop groups by tags: no Category, and a starred item is shown as Featured.
  await expect(page.getByLabel("Category")).toHaveCount(0);
  await page.getByLabel("Star (shown as Featured)").check();
  await page.getByRole("button", { name: "Add item" }).click();
  // The first item's toast may still be up: the emptied form says this one is in.
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(toast(page, "Item added.")).toBeVisible();

  // Items: photos, reorder, remove, sold out.
  await openEditorTab(page, "Items");
  const mug = page.getByRole("listitem").filter({ hasText: "Ceramic Mug" }).first();
  await expect(mug.getByRole("list", { name: "Tags of Ceramic Mug" })).toContainText("Mugs");
  const files = await Promise.all(
    ["#aa2222", "#22aa22", "#2222aa"].map(async (color, i) => ({
      name: `mug-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await photo(color),
    })),
  );
  await chooseItemAction(page, "Ceramic Mug", "Photos (0 of 5)");
  const photosDialog = page.getByRole("dialog", { name: "Photos of Ceramic Mug" });
  await photosDialog.getByLabel("Photos of Ceramic Mug (up to 5)").setInputFiles(files);
  const uploads = page.getByRole("list", { name: "Photos of Ceramic Mug (up to 5): uploads" });
  await expect(uploads.getByText("Uploaded")).toHaveCount(3, { timeout: 20_000 });
  const photos = page.getByRole("list", { name: "Photos of Ceramic Mug" });
  await expect(photos.getByRole("img")).toHaveCount(3);
  const sources = async () =>
    photos
      .getByRole("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  const [first, second, third] = await sources();
  // The dialog shows each photo from its list-size thumbnail.
  expect([first, second, third]).toEqual([
    expect.stringMatching(/\/0-144\?v=/),
    expect.stringMatching(/\/1-144\?v=/),
    expect.stringMatching(/\/2-144\?v=/),
  ]);
  await page.getByRole("button", { name: "Move photo 1 of Ceramic Mug later" }).click();
  await expect.poll(sources).toEqual([second, first, third]);
  await page.getByRole("button", { name: "Remove photo 3 of Ceramic Mug" }).click();
  await expect.poll(sources).toEqual([second, first]);
  await expect(
    page.getByRole("button", { name: "Move photo 1 of Ceramic Mug earlier" }),
  ).toBeDisabled();
  await photosDialog.getByRole("button", { name: "Done" }).click();
  await expect(photosDialog).toBeHidden();
  // The row shows the first photo, and the menu how many there are.
  await expect(mug.locator("img.item-thumb")).toHaveAttribute("src", second!);
  await page.getByRole("button", { name: "Actions for Ceramic Mug" }).click();
  await expect(page.getByRole("menuitem", { name: "Photos (2 of 5)" })).toBeVisible();
  await page.keyboard.press("Escape");

  const apron = page.locator(".item-list > li", { hasText: "Linen Apron" });
  const soldOut = page.getByRole("button", { name: "Sold out: Linen Apron" });
  await expect(soldOut).toHaveAttribute("aria-pressed", "false");
  await expect(apron.locator(".item-meta")).toContainText("In Stock");
  // The button turns at once; the reload waits for the save it stands for.
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await soldOut.click();
  await expect(soldOut).toHaveAttribute("aria-pressed", "true");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("button", { name: "Sold out: Linen Apron" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "Linen Apron" })
      .first()
      .locator(".badge.sold-out"),
  ).toHaveText("Sold Out");

  // Edit: tags can change there too; an 11th is refused in the form, and stays in the field.
  await chooseItemAction(page, "Linen Apron", "Edit");
  const editDialog = page.getByRole("dialog", { name: "Edit Linen Apron" });
  const dialogTag = editDialog.getByLabel("New tag for tags");
  await dialogTag.fill("a, b, c, d, e, f, g, h, i, j");
  await dialogTag.press("Enter");
  await expect(editDialog.getByText(MESSAGES.tooManyItemTags)).toBeVisible();
  await expect(dialogTag).toHaveValue("j");
  for (const tag of "abcdefghi") {
    await editDialog.getByRole("button", { name: `Remove ${tag}`, exact: true }).click();
  }
  await dialogTag.fill("Cotton");
  await dialogTag.press("Enter");
  await editDialog.getByRole("button", { name: "Save changes" }).click();
  await expect(editDialog).toBeHidden();
  await expect(
    page.getByRole("list", { name: "Tags of Linen Apron" }).getByRole("listitem"),
  ).toHaveText(["Home", "Cotton"]);

  // The public page: tag filter, search, Sold Out, the carousel and the payment links.
  const publicPath = (await page.getByRole("link", { name: "View Public" }).getAttribute("href"))!;
  await page.goto(publicPath);
  await expect(page.locator(".shop-page.shop-js")).toBeVisible();
  // The starred apron comes first, marked Featured.
  await expect(visibleNames(page)).toHaveText(["Linen Apron", "Ceramic Mug"]);
  await expect(cardLink(page, "Linen Apron")).toContainText("Featured");
  await expect(cardLink(page, "Ceramic Mug")).not.toContainText("Featured");
  await expect(cardLink(page, "Linen Apron")).toContainText("Sold Out");
  await expect(cardLink(page, "Ceramic Mug")).not.toContainText("Sold Out");
  await tagBox(page, "Mugs").check();
  await expect(visibleNames(page)).toHaveText(["Ceramic Mug"]);
  await tagBox(page, "Cotton").check();
  await expect(visibleNames(page)).toHaveText(["Linen Apron", "Ceramic Mug"]);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(tagBox(page, "Mugs")).not.toBeChecked();
  await page.getByRole("searchbox", { name: "Search" }).fill("apron");
  await expect(visibleNames(page)).toHaveText(["Linen Apron"]);
  await page.getByRole("searchbox", { name: "Search" }).fill("");

  await cardLink(page, "Ceramic Mug").click();
  await expect(dialog(page).getByRole("heading", { name: "Ceramic Mug" })).toBeVisible();
  await expectPhoto(page, 1, 2);
  await dialog(page).getByRole("button", { name: "Next photo" }).click();
  await expectPhoto(page, 2, 2);
  await page.keyboard.press("ArrowLeft");
  await expectPhoto(page, 1, 2);
  await swipe(page, -20);
  await expectPhoto(page, 1, 2);
  await swipe(page, -60);
  await expectPhoto(page, 2, 2);
  await dialog(page).getByRole("button", { name: "Photo 1" }).click();
  await expectPhoto(page, 1, 2);
  // The photos in the order the owner left them.
  // The public page shows the photo itself where the editor showed its thumbnail.
  await expect(dialog(page).locator("img").first()).toHaveAttribute(
    "src",
    second!.replace(/-144\?v=/, "?v="),
  );
  await expect(dialog(page).getByRole("link", { name: /^Pay with PayPal/ })).toHaveAttribute(
    "href",
    "https://paypal.me/cornerstore/14.00",
  );
  await expect(dialog(page).getByRole("link", { name: /^Pay with Venmo/ })).toHaveAttribute(
    "href",
    "https://venmo.com/corner-store?txn=pay&amount=14.00&note=Ceramic+Mug",
  );
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await cardLink(page, "Linen Apron").click();
  await expect(dialog(page).getByRole("link", { name: /^Pay with/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shop tags and item tags are typed as comma-separated text", async ({ page }) => {
    await signUpOwner(page);
    await createSiteDirectly(page, "shoppy", "Plain Shop");
    await openEditorTab(page, "Info");
    await page.getByLabel("Shop tags").fill("Gifts, Home, gifts");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.saved)).toBeVisible();
    await expect(page.getByLabel("Shop tags")).toHaveValue("Gifts, Home");

    await openEditorTab(page, "Add Item");
    await page.getByLabel("Name").fill("Candle");
    await page.getByLabel("Price").fill("22");
    await page.getByLabel("Tags").fill("Home, Scented");
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByText("Item added.")).toBeVisible();
    await openEditorTab(page, "Items");
    await expect(
      page.getByRole("list", { name: "Tags of Candle" }).getByRole("listitem"),
    ).toHaveText(["Home", "Scented"]);
    await page.getByRole("button", { name: "Sold out: Candle" }).click();
    await expect(page.getByRole("button", { name: "Sold out: Candle" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.locator(".badge.sold-out")).toHaveText("Sold Out");
  });
});
