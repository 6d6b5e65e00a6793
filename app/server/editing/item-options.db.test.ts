/**
 * An item's sizes and choice groups on a real database, through the editor's action: added
 * with the item, edited, reordered and removed; refused with the field's reason and nothing
 * changed; out of reach of a second owner and of an anonymous visitor; gone with the item;
 * and one consistent state after concurrent edits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import * as setupRoute from "~/routes/portal/setup";
import { listItems } from "~/server/repositories/items.server";
import { createProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import type { ProductType } from "~/sites";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import { optionFields } from "../../../tests/support/item-option-fields";
import { callRoute, ownerFor } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app.close();
  await services.close();
});

type Fields = Array<[string, string]>;

async function site(type: ProductType = "restaurant") {
  const { userId, cookie } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type, name: "Options Place" });
  if (!created.ok) throw new Error(created.reason);
  const params = { type, pid: created.productId };
  const postAs = (ownerId: string, fields: Fields) => {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, value);
    return callRoute(setupRoute.action, {
      services,
      owner: ownerFor(ownerId),
      params,
      multipart: form,
    });
  };
  return {
    productId: created.productId,
    type,
    cookie,
    post: (fields: Fields) => postAs(userId, fields),
    postAs,
    items: () => listItems(services.db, created.productId),
  };
}

const SIZES = {
  name: "Size",
  min: 1,
  max: 1,
  choices: [
    { name: "Small", price: "0" },
    { name: "Large", price: "+3" },
  ],
};
const EXTRAS = {
  name: "Extras",
  min: 0,
  max: 2,
  choices: [
    { name: "Bacon", price: "+2" },
    { name: "Cheese", price: "1" },
  ],
};

const pizza = (extra: Fields = []): Fields => [
  ["intent", "add-item"],
  ["name", "Pizza"],
  ["price", "8"],
  ...extra,
];
const edit = (itemId: string, extra: Fields): Fields => [
  ["intent", "update-item"],
  ["itemId", itemId],
  ["name", "Pizza"],
  ["price", "8"],
  ...extra,
];

describe("options through the editor's action", () => {
  it("are added with the item, edited, reordered and removed", async () => {
    const menu = await site();
    expect((await menu.post(pizza(optionFields([SIZES, EXTRAS])))).status).toBe(200);
    const [added] = await menu.items();
    expect(added!.options).toMatchObject([
      {
        name: "Size",
        min: 1,
        max: 1,
        choices: [
          { name: "Small", priceChangeCents: 0, soldOut: false },
          { name: "Large", priceChangeCents: 300, soldOut: false },
        ],
      },
      { name: "Extras", min: 0, max: 2, choices: [{ name: "Bacon" }, { name: "Cheese" }] },
    ]);
    const [sizes, extras] = added!.options;

    // Extras first, Large renamed and dearer, Small kept by its id.
    const reordered = await menu.post(
      edit(
        added!.id,
        optionFields([
          { ...EXTRAS, id: extras!.id },
          {
            ...SIZES,
            id: sizes!.id,
            choices: [
              { id: sizes!.choices[0]!.id, name: "Small", price: "0" },
              { id: sizes!.choices[1]!.id, name: "Family", price: "+6.50" },
            ],
          },
        ]),
      ),
    );
    expect(reordered.status).toBe(200);
    const [after] = await menu.items();
    expect(after!.options.map((group) => group.name)).toEqual(["Extras", "Size"]);
    expect(after!.options[1]).toMatchObject({
      id: sizes!.id,
      choices: [
        { id: sizes!.choices[0]!.id, name: "Small" },
        { id: sizes!.choices[1]!.id, name: "Family", priceChangeCents: 650 },
      ],
    });

    // An edit that does not show the options leaves them alone …
    expect((await menu.post(edit(added!.id, [["description", "Thin crust."]]))).status).toBe(200);
    expect((await menu.items())[0]!.options).toHaveLength(2);
    // … and one that shows none left removes them.
    expect((await menu.post(edit(added!.id, [["optionsShown", "on"]]))).status).toBe(200);
    expect((await menu.items())[0]!.options).toEqual([]);
  });

  it("keep a shop's sold-out size", async () => {
    const shop = await site("shoppy");
    const tee = optionFields([
      {
        name: "Size",
        min: 1,
        max: 1,
        choices: [
          { name: "S", price: "0" },
          { name: "M", price: "0" },
          { name: "L", price: "0", soldOut: true },
        ],
      },
    ]);
    const added = await shop.post([
      ["intent", "add-item"],
      ["name", "T-shirt"],
      ["price", "20"],
      ...tee,
    ]);
    expect(added.status).toBe(200);
    expect((await shop.items())[0]!.options[0]!.choices.map((c) => c.soldOut)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it.each([
    [
      "a size below zero",
      [{ ...SIZES, choices: [{ name: "Small", price: "-8.01" }] }],
      "options[0].choices[0].price",
      MESSAGES.optionPriceBelowZero,
    ],
    [
      "a required choice the group cannot give",
      [{ ...EXTRAS, min: 3, max: 3 }],
      "options[0].max",
      MESSAGES.optionMaxAboveChoices,
    ],
    [
      "two choices of one name",
      [{ ...EXTRAS, choices: [EXTRAS.choices[0]!, { name: "BACON", price: "1" }] }],
      "options[0].choices[1].name",
      MESSAGES.optionChoiceNameTaken,
    ],
  ])("refuse %s at its field, and change nothing", async (_, groups, field, message) => {
    const menu = await site();
    await menu.post(pizza(optionFields([SIZES])));
    const [before] = await menu.items();
    const refused = await menu.post(edit(before!.id, optionFields(groups)));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: { error: { [field]: [message] } } });
    const addRefused = await menu.post(pizza(optionFields(groups)));
    expect(addRefused.status).toBe(400);
    expect(await menu.items()).toEqual([before]);
  });

  it("never number more than 4 groups or 12 choices: fields past the bounds are not read", async () => {
    const menu = await site();
    const many = Array.from({ length: 13 }, (_, n) => ({ name: `Choice ${n}`, price: "1" }));
    const answer = await menu.post(
      pizza(
        optionFields(
          [1, 2, 3, 4, 5].map((n) => ({ ...EXTRAS, name: `Group ${n}`, choices: many })),
        ),
      ),
    );
    expect(answer.status).toBe(200);
    const [stored] = await menu.items();
    expect(stored!.options.map((group) => group.name)).toEqual([
      "Group 1",
      "Group 2",
      "Group 3",
      "Group 4",
    ]);
    for (const group of stored!.options) expect(group.choices).toHaveLength(12);
  });

  it("refuse a sparse list of groups, and NUL in a name", async () => {
    const menu = await site();
    const sparse = await menu.post(
      pizza([
        ["optionsShown", "on"],
        ["options[3].name", "Late"],
        ["options[3].min", "0"],
        ["options[3].max", "1"],
        ["options[3].choices[0].name", "A"],
      ]),
    );
    expect(sparse.status).toBe(400);
    const nul = await menu.post(pizza(optionFields([{ ...EXTRAS, name: "Ex\u0000tras" }])));
    expect(nul.status).toBe(400);
    expect(await menu.items()).toEqual([]);
  });

  it("are out of reach of a second owner and of an anonymous visitor", async () => {
    const menu = await site();
    await menu.post(pizza(optionFields([SIZES])));
    const [before] = await menu.items();
    const change = edit(before!.id, optionFields([EXTRAS]));

    const stranger = await registerOwner(services);
    const refused = await menu.postAs(stranger.userId, change);
    expect(refused.status).toBe(404);

    const anonymous = await fetch(`${app.url}/user/${menu.type}/setup/${menu.productId}`, {
      method: "POST",
      body: new URLSearchParams(change),
      redirect: "manual",
    });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    expect(await menu.items()).toEqual([before]);
  });

  it("go with their item", async () => {
    const menu = await site();
    await menu.post(pizza(optionFields([SIZES, EXTRAS])));
    const [added] = await menu.items();
    const deleted = await menu.post([
      ["intent", "delete-item"],
      ["itemId", added!.id],
    ]);
    expect(deleted.status).toBe(200);
    expect(await menu.items()).toEqual([]);
  });

  it("end in one of the edits, whole, when two arrive at once", async () => {
    const menu = await site();
    await menu.post(pizza(optionFields([SIZES])));
    const [added] = await menu.items();
    const first = optionFields([SIZES, EXTRAS]);
    const second = optionFields([{ ...EXTRAS, name: "Toppings" }]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => menu.post(edit(added!.id, n % 2 ? first : second))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const names = (await menu.items())[0]!.options.map((group) => group.name);
    expect([["Size", "Extras"], ["Toppings"]]).toContainEqual(names);
  });
});
