/**
 * The order page in the language of the page the customer came from, on a real database and
 * through the real HTTP app: `/r/{slugId}/{lang}/order` speaks that language (its own words,
 * the owner's translations of the dishes, sizes and categories, times and prices through
 * `Intl`), the menu in that language links there, a language the site lacks is not found,
 * and the order itself is priced and stored as in the main language, while its status page
 * and the customer's mails speak the customer's.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../app/lib/i18n/catalogues";
import { fill, pluralText } from "../../app/lib/i18n/text";
import { choiceTextKey, itemTextKey } from "../../app/lib/i18n/translatable-texts";
import { orders, productInfo, translations } from "../../app/server/db/schema";
import { pathKind } from "../../app/server/http/security-headers.server";
import { placeOrder } from "../../app/server/orders/place-order.server";
import {
  customerAcceptedMail,
  customerReadyMail,
  ownerNewOrderMail,
} from "../../app/server/orders/order-mail-templates.server";
import { useTestApp } from "../support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  ORDERING_ZONE,
  PIZZA_SIZES,
} from "../support/ordering-site";

const running = useTestApp({ publicPagesClock: new Date(ORDERING_CLOCK) });

type TestApp = typeof running;

/** An ordering site with Spanish, its pizza and one of its sizes translated. */
async function spanishSite(name: string, app: TestApp = running) {
  const site = await createOrderingSite(app.services, name, [MARGHERITA, LEMONADE], {
    delivery: true,
    deliveryFeeCents: 250,
  });
  await app.services.db
    .update(productInfo)
    .set({ extraLanguages: ["es"] })
    .where(eq(productInfo.productId, site.productId));
  const pizza = site.ids["Margherita"]!;
  await app.services.db.insert(translations).values([
    {
      productId: site.productId,
      itemId: pizza,
      language: "es",
      key: itemTextKey(pizza, "name"),
      text: "Pizza margarita",
    },
    {
      productId: site.productId,
      itemId: pizza,
      language: "es",
      key: choiceTextKey(pizza, PIZZA_SIZES.id, "Lg1"),
      text: "Grande",
    },
  ]);
  const menuPath = site.orderPath.slice(0, -"/order".length);
  return { ...site, menuPath, spanishOrderPath: `${menuPath}/es/order`, app };
}

async function get(path: string) {
  const response = await fetch(`${running.app.url}${path}`, { redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** A review form posted as a browser posts it, from the page's own origin. */
async function post(path: string, fields: Record<string, string>, app: TestApp = running) {
  const response = await fetch(`${app.app.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: app.app.url,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * A large pizza reviewed on the Spanish order page; what places it, with Ana's details and
 * the first time unless `fields` say otherwise.
 */
async function reviewedPizza(site: Awaited<ReturnType<typeof spanishSite>>) {
  const cart = `${site.ids["Margherita"]}*1*Lg1`;
  const review = await post(site.spanishOrderPath, { cart, step: "review" }, site.app);
  const placeKey = /name="placeKey" value="([A-Za-z0-9]+)"/.exec(review.html)![1]!;
  const slot = /<option value="(\d+)"/.exec(review.html)![1]!;
  return (fields: Record<string, string> = {}) =>
    post(
      site.spanishOrderPath,
      {
        cart,
        placeKey,
        step: "place",
        fulfilment: "pickup",
        slot,
        name: "Ana",
        phone: "+1 555 0100",
        ...fields,
      },
      site.app,
    );
}

describe("the order page in a further language", () => {
  it("speaks the language of the menu it is linked from, with the owner's translations", async () => {
    const site = await spanishSite("Pizzeria Lingua");
    const words = CATALOGUES.es;

    // The Spanish menu's ordering band links to the Spanish order page; the main one to its own.
    expect((await get(`${site.menuPath}/es`)).html).toContain(`href="${site.spanishOrderPath}"`);
    expect((await get(site.menuPath)).html).toContain(`href="${site.orderPath}"`);

    const spanish = await get(site.spanishOrderPath);
    expect(spanish.status).toBe(200);
    expect(spanish.html).toMatch(/<html lang="es">/);
    expect(spanish.html).toContain(`<h1>${words.order}</h1>`);
    expect(spanish.html).toContain("Pizza margarita");
    expect(spanish.html).toContain("Grande");
    // Untranslated texts are the main language's, never a blank.
    expect(spanish.html).toContain("Lemonade");
    expect(spanish.html).toContain(">Small<");
    expect(spanish.html).toContain(words.cartEmpty);
    expect(spanish.html).toContain(`${words.pickup} o ${words.delivery}`);
    // Prices are written as Spanish writes them.
    expect(spanish.html).toContain("9,00\u00a0US$");
    // Nothing of the page says English (its script and the keys of the script's words aside).
    const withoutScripts = (html: string) =>
      html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/ data-words="[^"]*"/, "");
    expect(withoutScripts(spanish.html)).not.toMatch(/Your order|Quantity|Sold out|>Add</);
    // The script is told its words and the language.
    expect(spanish.html).toContain("&quot;tag&quot;:&quot;es&quot;");
    // A customer's page: private, never indexed.
    expect(pathKind(site.spanishOrderPath)).toBe("order");
    expect(spanish.headers.get("cache-control")).toContain("private");

    // The review: its words, and the times in Spanish.
    const review = await post(site.spanishOrderPath, {
      cart: `${site.ids["Margherita"]}*1*Lg1`,
      step: "review",
    });
    expect(review.status).toBe(200);
    expect(review.html).toContain(`<h1>${words.reviewYourOrder}</h1>`);
    expect(review.html).toContain(words.totalForDelivery);
    // The first time: "As soon as possible · Today, 12:30" in Spanish, on a 24-hour clock.
    const soonest = fill(words.asSoonAsPossible, { time: fill(words.slotToday, { time: "" }) });
    expect(review.html).toMatch(new RegExp(`${soonest}1[23]:[0-5]\\d<`));
    expect(review.html).toContain("Pizza margarita");
    expect(review.html).toContain("12,00\u00a0US$");
    expect(withoutScripts(review.html)).not.toMatch(/Review your order|Your details|Place order/);
  });

  it("stores the order as the owner reads it, in the main language", async () => {
    const site = await spanishSite("Pizzeria Ordine");
    const placed = await (await reviewedPizza(site))();
    expect(placed.status).toBe(303);
    const [order] = await running.services.db
      .select()
      .from(orders)
      .where(eq(orders.productId, site.productId));
    expect(order!.subtotalCents).toBe(1200);
    expect(JSON.stringify(order!.lines)).toContain("Margherita");
    expect(JSON.stringify(order!.lines)).toContain("Large");
    expect(JSON.stringify(order!.lines)).not.toContain("Pizza margarita");
    expect(order!.language).toBe("es");

    // Its status page and the mails to the customer speak the customer's language.
    const words = CATALOGUES.es;
    const status = await get(placed.headers.get("location")!);
    expect(status.html).toMatch(/<html lang="es">/);
    expect(status.html).toContain(fill(words.customerStateNew, { name: "Pizzeria Ordine" }));
    expect(status.html).toContain(`>${words.statePlaced}</li>`);
    expect(status.html).toContain(`>${words.cancelOrder}</button>`);
    expect(status.html).toContain("12,00\u00a0US$");
    // Its lines as the customer chose them: the owner's translations, found by the stored ids
    // and names.
    expect(status.html).toContain("Pizza margarita");
    expect(status.html).toContain("Grande");
    expect(status.html).not.toContain("Margherita");
    const mailSite = {
      name: "Pizzeria Ordine",
      timeZone: ORDERING_ZONE,
      address: "",
      language: "en",
    };
    const accepted = customerAcceptedMail("ana@example.com", order!, mailSite, "https://x/o/t");
    expect(accepted.subject).toBe(
      fill(words.mailAcceptedSubject, { number: order!.number, name: "Pizzeria Ordine" }),
    );
    expect(accepted.text).toContain(words.mailSeeYourOrder);
    expect(accepted.text).toContain("12,00\u00a0US$");
    // Every line of it, the one under the button for mail programs that show none too.
    const [fallbackStart] = words.mailButtonFallback.split("{address}");
    expect(accepted.html).toContain(fallbackStart);
    expect(accepted.html).not.toContain("If the button does not work");
    // The owner's mail stays in the portal's English, and an order without a language of its
    // own is written in the site's main one.
    const owner = ownerNewOrderMail("owner@example.com", order!, mailSite, "https://x/user/orders");
    expect(owner.subject).toMatch(/^New order /);
    expect(owner.html).toContain("If the button does not work");
    const main = customerReadyMail(
      "ana@example.com",
      { ...order!, language: null },
      mailSite,
      "https://x/o/t",
    );
    expect(main.subject).toMatch(/^Order \d+ is ready/);
  });

  it("refuses in the customer's language, as the server checks it", async () => {
    const site = await spanishSite("Pizzeria Rifiuto");
    const words = CATALOGUES.es;
    const pizza = site.ids["Margherita"]!;
    const texts = (html: string) => html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

    // Adding: a quantity out of range, and a size left out, named by the owner's translation.
    const tooMany = await post(site.spanishOrderPath, { add: pizza, [`qty-${pizza}`]: "99" });
    expect(tooMany.status).toBe(400);
    const quantity = fill(words.chooseQuantity, { max: 50 });
    expect(texts(tooMany.html)).toContain(
      fill(words.lineProblem, { name: "Pizza margarita", problem: quantity }),
    );
    const noSize = await post(site.spanishOrderPath, { add: pizza, [`qty-${pizza}`]: "1" });
    expect(texts(noSize.html)).toContain(
      fill(words.lineProblem, {
        name: "Pizza margarita",
        problem: fill(words.chooseOne, { group: "size" }),
      }),
    );

    // Placing: a field left empty, a phone that is not one, a time long past.
    const place = await reviewedPizza(site);
    const empty = await place({ name: "", phone: "call me" });
    expect(empty.status).toBe(400);
    expect(texts(empty.html)).toContain(words.enterName);
    expect(texts(empty.html)).toContain(words.phoneInvalid);
    const past = await place({ slot: "1000000000000" });
    expect(past.status).toBe(409);
    expect(texts(past.html)).toContain(words.slotClosed);
    // The refused order wrote nothing.
    const stored = await running.services.db
      .select()
      .from(orders)
      .where(eq(orders.productId, site.productId));
    expect(stored).toEqual([]);
  });

  it("names the items in the customer's language when placing meets the owner's edit", async () => {
    const site = await spanishSite("Pizzeria Carrera");
    const pizza = site.ids["Margherita"]!;
    // The pizza as the page showed it, with no size: since then the size became required.
    const place = (language: string) =>
      placeOrder(
        running.services.events,
        site.productId,
        {
          cartLines: [{ itemId: pizza, quantity: 1, choiceIds: [] }],
          placeKey: `race${language}${"x".repeat(16)}`,
          fulfilment: "pickup",
          slot: ORDERING_CLOCK + 60 * 60_000,
          name: "Ana",
          phone: "+34 600 000 000",
          email: "",
          address: "",
          note: "",
          language,
        },
        ORDERING_CLOCK,
      );
    const spanish = await place("es");
    const words = CATALOGUES.es;
    expect(spanish).toMatchObject({
      placed: false,
      reason: "items",
      message: fill(words.lineProblem, {
        name: "Pizza margarita",
        problem: fill(words.chooseOne, { group: "size" }),
      }),
    });
    // The main language's page names it as the owner wrote it.
    expect(await place("en")).toMatchObject({
      placed: false,
      message: expect.stringContaining("Margherita") as string,
    });
  });

  it("is not found in a language the site lacks, nor in a made-up one", async () => {
    const site = await spanishSite("Pizzeria Assente");
    expect((await get(`${site.menuPath}/fr/order`)).status).toBe(404);
    expect((await get(`${site.menuPath}/xx/order`)).status).toBe(404);
    expect((await get(`${site.menuPath}/en/order`)).status).toBe(404);
  });
});

describe("an order page over the orders one client may place", () => {
  const limited = useTestApp({
    publicPagesClock: new Date(ORDERING_CLOCK),
    orderLimits: { perClient: 1, perSite: 10_000 },
  });

  it("asks the customer to wait, in their language, and places nothing more", async () => {
    const site = await spanishSite("Pizzeria Affollata", limited);
    expect((await (await reviewedPizza(site))()).status).toBe(303);
    const again = await (await reviewedPizza(site))();
    expect(again.status).toBe(429);
    // The window is 10 minutes; the wait is said in whole minutes, in Spanish's plural.
    const waits = [9, 10].map((minutes) => pluralText(CATALOGUES.es.tooManyOrders, "es", minutes));
    expect(waits.some((wait) => again.html.includes(wait))).toBe(true);
    const stored = await limited.services.db
      .select()
      .from(orders)
      .where(eq(orders.productId, site.productId));
    expect(stored).toHaveLength(1);
  });
});
