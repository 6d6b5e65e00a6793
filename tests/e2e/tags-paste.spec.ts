import { MESSAGES } from "../../app/lib/messages";
import { createSiteDirectly, expect, openEditorTab, signUpOwner, test } from "./fixtures";

test("a pasted tag list becomes whole chips, and what does not fit stays in the field", async ({
  page,
}) => {
  await signUpOwner(page);
  await createSiteDirectly(page, "shoppy", "Paste Shop");
  await openEditorTab(page, "Add Item");

  const pasted = Array.from({ length: 14 }, (_, i) => `kids-tag-number-${i}`);
  const newTag = page.getByLabel("New tag for tags");
  await newTag.focus();
  await newTag.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    input.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, pasted.join(", "));

  const chips = page.getByRole("list", { name: /^Tags: / }).getByRole("listitem");
  await expect(chips).toHaveText(pasted.slice(0, 10).map((tag) => `${tag}×`));
  // Nothing cut, nothing lost: the four that do not fit wait in the field, with the reason.
  await expect(newTag).toHaveValue(pasted.slice(10).join(", "));
  await expect(page.getByText(MESSAGES.tooManyItemTags)).toBeVisible();

  // Making room and adding again takes the next one.
  await page.getByRole("button", { name: `Remove ${pasted[0]}` }).click();
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(chips).toHaveCount(10);
  await expect(chips.last()).toHaveText(`${pasted[10]}×`);
  await expect(newTag).toHaveValue(pasted.slice(11).join(", "));
});
