/**
 * The customer's order page, `/{r|s}/{slugId}/order` (and `/{r|s}/{slugId}/{lang}/order` in
 * one of the site's further languages, the one whose menu the customer came from): its loader (the site's orderable items
 * and whether it takes orders now) and its action, one form in three steps:
 * - "add" and "remove" change the cart the form carries (the page's script does the same in
 *   the browser without a round trip);
 * - "review" prices the cart from the current items, says what changed, and asks for the
 *   customer's name, phone, time and way (pickup or delivery);
 * - "place" places the order (place-order.server.ts) and answers 303 to its status page.
 * The page itself (a GET without `?resume`) is the same for every customer: the page cache keeps
 * it per site and language, as it keeps the menu, until the ordering line it shows would change
 * or a dish sold out for today comes back (`freshUntil`). The cart lives in the form; the
 * review's slots and card payments are read per post.
 */
import { customAlphabet } from "nanoid";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type Params,
} from "react-router";
import { servicesContext } from "~/context";
import type { CardPaymentsChoice } from "~/lib/card-payments";
import { pageLanguage } from "~/lib/i18n/catalogues";
import {
  DELIVERY_NOTE_TEXT_KEY,
  translated,
  translatedCategory,
  translateItem,
} from "~/lib/i18n/translatable-texts";
import type { OptionGroup } from "~/lib/item-options";
import { isSoldOutAt, optionsSoldOutAt, soldOutChangesAt } from "~/lib/sold-out";
import { fill, pluralText } from "~/lib/i18n/text";
import {
  addToCart,
  cartMessages,
  formatCart,
  MAX_ORDER_SUBTOTAL_CENTS,
  parseCart,
  priceCart,
  priceLine,
  type CartLine,
  type LineProblem,
  type PricedLine,
} from "~/lib/order-cart";
import { HONEYPOT_FIELD, PLACE_KEY_PATTERN } from "~/lib/order-form";
import { placeOrderSchema, type PlaceOrderInput } from "~/lib/order-form-schema";
import { pauseAt, slotRules, type OrderSettings } from "~/lib/order-settings";
import { orderingStatus, orderSlots, type OrderSlot, type OrderingStatus } from "~/lib/order-slots";
import { siteOf, type OrderingType } from "~/sites";
import { groupMenu } from "~/sites/restaurant/menu";
import { CLIENT_ADDRESS_HEADER } from "../accounts/auth.server";
import { readFormOrRefuse } from "../http/forms.server";
import { countOrderAttempt, retryAfterMinutes } from "../http/write-limits.server";
import { loadPublicSite } from "../repositories/public-sites.server";
import { publicPagesNow } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";
import { checkoutServices, checkoutUrlFor } from "../payments/card-checkout.server";
import { siteCardPayments } from "../payments/payment-accounts.server";
import { soonerOf } from "./public-ordering.server";
import { orderByToken } from "./order-queries.server";
import { checkOrderRules, placeOrder } from "./place-order.server";

/** An item as the order page offers it. */
export interface OrderPageItem {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  soldOut: boolean;
  options: OptionGroup[];
}

/** A category of the order page; a type without categories has one, without a name. */
export interface OrderPageSection {
  id: string;
  name: string;
  items: OrderPageItem[];
}

/** What the page shows of the site's order settings. */
export type OrderPageSettings = Pick<
  OrderSettings,
  | "pickup"
  | "delivery"
  | "deliveryFeeCents"
  | "deliveryMinimumCents"
  | "deliveryNote"
  | "minimumCents"
>;

async function loadOrderPage(
  services: AppServices,
  type: OrderingType,
  params: Params,
  request: Request,
) {
  const { db, env } = services;
  const definition = siteOf(type);
  let site;
  try {
    site = await loadPublicSite(db, type, params.slugId ?? "", definition.notFoundIn, {
      url: request.url,
      publicUrl: env.publicUrl,
      customDomains: env.customDomains !== null,
      // A language the site lacks is not found, as its menu would not be.
      language: params.lang,
      acceptLanguage: request.headers.get("accept-language"),
    });
  } catch (thrown) {
    // A stale slug's 301 goes to the current address's order page, not its menu.
    if (thrown instanceof Response && thrown.status === 301) {
      throw redirect(`${thrown.headers.get("Location")}/order`, 301);
    }
    throw thrown;
  }
  const settings = site.orderSettings;
  const now = publicPagesNow(env);
  const page = pageLanguage(site.language);
  const schedule = { hours: site.hours, specialHours: site.specialHours, timeZone: site.timeZone };
  const status: OrderingStatus = settings.enabled
    ? orderingStatus(schedule, slotRules(settings), pauseAt(settings, now.getTime()), now, page)
    : {
        accepting: false,
        text: page.words.noOrdersOnline,
        firstSlot: null,
        changesAt: null,
      };
  // The customer reads the owner's translations; the cart, its checks and the order keep
  // to the ids, and the order is stored in the main language the owner reads.
  const itemsCanSellOut = definition.items?.sellsOut ?? false;
  const items: OrderPageItem[] = site.items.map((item) =>
    translateItem(
      {
        id: item.id,
        name: item.name,
        description: item.description,
        priceCents: item.priceCents,
        // Only a type whose editor marks items sold out has them so; for the others the
        // stored fields are always false and null.
        soldOut: itemsCanSellOut && isSoldOutAt(item, now.getTime()),
        options: optionsSoldOutAt(item.options, now.getTime()),
      },
      site.translations,
    ),
  );
  const sections: OrderPageSection[] = definition.items?.categories
    ? groupMenu(
        site.items.map((item, index) => ({ ...items[index]!, category: item.category })),
        site.categoryOrder,
      ).map((section) => ({
        id: section.id,
        name: section.uncategorized
          ? page.words.otherCategory
          : translatedCategory(site.translations, section.name),
        items: section.items,
      }))
    : [{ id: "items", name: "", items }];
  return {
    site,
    settings,
    status,
    schedule,
    now,
    items: new Map(items.map((item) => [item.id, item])),
    page,
    view: {
      type,
      /** The page's language: the site's main one, or the further one of the menu it came from. */
      language: site.language,
      site: {
        name: site.name,
        colors: site.colors,
        fontStyle: site.fontStyle,
        currency: site.currency,
        phone: site.contact.phone,
        address: site.address,
        menuPath: site.canonicalPath,
        orderPath: `${site.canonicalPath === "/" ? "" : site.canonicalPath}/order`,
      },
      status: { accepting: status.accepting, text: status.text },
      settings: {
        pickup: settings.pickup,
        delivery: settings.delivery,
        deliveryFeeCents: settings.deliveryFeeCents,
        deliveryMinimumCents: settings.deliveryMinimumCents,
        deliveryNote: translated(site.translations, DELIVERY_NOTE_TEXT_KEY, settings.deliveryNote),
        minimumCents: settings.minimumCents,
      } satisfies OrderPageSettings,
      sections,
      /** How long the customer's personal data is kept, for the review step's sentence. */
      orderDataDays: env.orderDataDays,
      /**
       * Until when the page is right (the page cache's entry ends then): the ordering line
       * changes, or a dish sold out for today comes back.
       */
      freshUntil: soonerOf(
        status.changesAt,
        itemsCanSellOut ? soldOutChangesAt(site.items, now.getTime()) : null,
      ),
    },
  };
}

export function orderPageLoader(type: OrderingType) {
  return async ({ params, context, request }: LoaderFunctionArgs) => {
    const services = context.get(servicesContext);
    const page = await loadOrderPage(services, type, params, request);
    return { ...page.view, resumed: await resumedReview(services, page, request) };
  };
}

/** Whether the review offers "Pay now by card", and whether it is the only way. */
async function cardPaymentsChoice(services: AppServices, page: OrderPage) {
  const cards = await siteCardPayments(services.db, page.site.id, services.payments !== null);
  return cards.choice;
}

/**
 * Back from a card checkout the customer gave up (`?resume={token}`, from the status page's
 * checkout-cancelled path): the review again, with the cancelled order's cart and details,
 * so paying another way (or trying again) is one tap. Only a cancelled card order of this
 * site is taken up.
 */
async function resumedReview(
  services: AppServices,
  page: OrderPage,
  request: Request,
): Promise<ReviewStep | null> {
  const token = new URL(request.url).searchParams.get("resume");
  if (!token || !/^[A-Za-z0-9]{32}$/.test(token) || !page.view.status.accepting) return null;
  const found = await orderByToken(services.db, token);
  if (
    !found ||
    found.order.productId !== page.site.id ||
    found.order.payment !== "card" ||
    found.order.state !== "cancelled" ||
    found.order.personalDataRemovedAt
  ) {
    return null;
  }
  const { order } = found;
  const cart = parseCart(order.cart);
  if (!cart || cart.length === 0) return null;
  const answer = reviewStep(page, cart, await cardPaymentsChoice(services, page), {
    values: {
      fulfilment: order.fulfilment,
      name: order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      address: order.deliveryAddress,
      note: order.note,
      payment: order.payment,
    },
    formError: page.page.words.paymentNotCompleted,
  });
  return answer.step === "review" ? answer : null;
}

/** The items step's answer: the cart as it now stands, and what went wrong where. */
export interface ItemsStep {
  step: "items";
  cart: string;
  lines: PricedLine[];
  subtotalCents: number;
  /** A message per item whose Add was refused, by item id. */
  itemErrors: Record<string, string>;
  formError: string | null;
}

/** The review step's answer. */
export interface ReviewStep {
  step: "review";
  cart: string;
  lines: PricedLine[];
  /** Lines taken out since the page was opened, and why. */
  notices: string[];
  /** Whether the review offers "Pay now by card", and whether it is the only way. */
  cardPayments: CardPaymentsChoice;
  subtotalCents: number;
  placeKey: string;
  slots: Array<Pick<OrderSlot, "start" | "label">>;
  values: Partial<
    Record<
      "fulfilment" | "slot" | "name" | "phone" | "email" | "address" | "note" | "payment",
      string
    >
  >;
  fieldErrors: Record<string, string>;
  formError: string | null;
}

export type OrderPageAnswer = ItemsStep | ReviewStep;

const newPlaceKey = customAlphabet(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  24,
);

type OrderPage = Awaited<ReturnType<typeof loadOrderPage>>;

function itemsStep(
  page: OrderPage,
  cart: CartLine[],
  extra: Partial<Pick<ItemsStep, "itemErrors" | "formError">> = {},
): ItemsStep {
  const priced = priceCart(page.items, cart, page.page);
  return {
    step: "items",
    cart: formatCart(priced.orderable),
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    itemErrors: extra.itemErrors ?? {},
    formError: extra.formError ?? priced.problems[0]?.message ?? null,
  };
}

/** A text field of the form; "" when it is missing (or a file, which no field here takes). */
function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The line an item's Add button asks for: its quantity and its chosen options' ids. */
function requestedLine(form: FormData, item: OrderPageItem): CartLine {
  const quantityText = (
    form.has(`qty-${item.id}`) ? textField(form, `qty-${item.id}`) : "1"
  ).trim();
  const quantity = /^\d{1,2}$/.test(quantityText) ? Number(quantityText) : 0;
  const choiceIds = item.options.flatMap((group) =>
    form
      .getAll(`opt-${item.id}-${group.id}`)
      .map(String)
      .filter((id) => id !== ""),
  );
  return { itemId: item.id, quantity, choiceIds };
}

function reviewStep(
  page: OrderPage,
  cart: CartLine[],
  cardPayments: CardPaymentsChoice,
  extra: Partial<
    Pick<ReviewStep, "values" | "fieldErrors" | "formError" | "placeKey" | "notices">
  > = {},
): OrderPageAnswer {
  const { words } = page.page;
  const priced = priceCart(page.items, cart, page.page);
  const notices = [
    ...(extra.notices ?? []),
    ...priced.problems.map((problem: LineProblem) =>
      fill(words.takenOutOfOrder, { problem: problem.message }),
    ),
  ];
  if (priced.lines.length === 0) {
    return itemsStep(page, [], { formError: notices[0] ?? words.orderIsEmpty });
  }
  // What the site's rules already say of this order (ordering paused, the minimum not
  // reached) is said now, not only when the customer presses Place order.
  const fulfilment =
    extra.values?.fulfilment === "delivery"
      ? "delivery"
      : page.settings.pickup
        ? "pickup"
        : "delivery";
  const rules = checkOrderRules(
    page.settings,
    page.site,
    { fulfilment, slot: null, subtotalCents: priced.subtotalCents },
    page.now.getTime(),
    page.page,
  );
  const slots = orderSlots(page.schedule, slotRules(page.settings), page.now, 200, page.page).map(
    (slot) => ({ start: slot.start, label: slot.label }),
  );
  return {
    step: "review",
    cart: formatCart(priced.orderable),
    lines: priced.lines,
    notices,
    cardPayments,
    subtotalCents: priced.subtotalCents,
    placeKey: extra.placeKey ?? newPlaceKey(),
    slots,
    values: extra.values ?? {},
    fieldErrors: extra.fieldErrors ?? {},
    formError: extra.formError ?? (rules.ok ? null : rules.message),
  };
}

export function orderPageAction(type: OrderingType) {
  return async ({ params, context, request }: ActionFunctionArgs) => {
    const services = context.get(servicesContext);
    const page = await loadOrderPage(services, type, params, request);
    const messages = cartMessages(page.page);
    const form = await readFormOrRefuse(request);
    const cart = parseCart(textField(form, "cart"));
    if (cart === null)
      return data(itemsStep(page, [], { formError: page.page.words.orderUnreadable }), 400);

    const add = form.get("add");
    if (typeof add === "string" && add !== "") {
      const item = page.items.get(add);
      if (!item) return data(itemsStep(page, cart, { formError: messages.itemGone }), 400);
      const line = requestedLine(form, item);
      const priced = priceLine(item, line, page.page);
      if ("problem" in priced) {
        return data(
          itemsStep(page, cart, { itemErrors: { [item.id]: priced.problem.message } }),
          400,
        );
      }
      const next = addToCart(cart, line);
      if (!next)
        return data(
          itemsStep(page, cart, { itemErrors: { [item.id]: messages.tooManyLines } }),
          400,
        );
      // More than one order can hold is refused here, rather than taken out of the cart.
      if (
        priceCart(page.items, cart, page.page).subtotalCents + priced.line.lineCents >
        MAX_ORDER_SUBTOTAL_CENTS
      ) {
        const message = messages.onLine(item.name, messages.tooLarge);
        return data(itemsStep(page, cart, { itemErrors: { [item.id]: message } }), 400);
      }
      return itemsStep(page, next);
    }
    const remove = form.get("remove");
    if (typeof remove === "string" && /^\d{1,2}$/.test(remove)) {
      return itemsStep(
        page,
        cart.filter((_, index) => index !== Number(remove)),
      );
    }
    const intent = form.get("step");
    if (intent === "edit") return itemsStep(page, cart);
    if (intent === "review") {
      const answer = reviewStep(page, cart, await cardPaymentsChoice(services, page), {
        notices: totalChangedNotice(page, cart, form.get("seenTotal")),
      });
      return answer.step === "review" ? answer : data(answer, 400);
    }
    if (intent === "place") return placeFromForm(services, page, cart, form, request);
    return data(itemsStep(page, cart), 400);
  };
}

/** "The total is now $25.00 (it was $24.50 when you chose)": prices changed while the page was open. */
function totalChangedNotice(
  page: OrderPage,
  cart: CartLine[],
  seen: FormDataEntryValue | null,
): string[] {
  if (typeof seen !== "string" || !/^\d{1,9}$/.test(seen)) return [];
  const { subtotalCents, problems } = priceCart(page.items, cart, page.page);
  if (problems.length > 0 || Number(seen) === subtotalCents) return [];
  return [page.page.words.pricesChanged];
}

function formValues(form: FormData): ReviewStep["values"] {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry.slice(0, 400) : undefined;
  };
  return {
    fulfilment: value("fulfilment"),
    slot: value("slot"),
    name: value("name"),
    phone: value("phone"),
    email: value("email"),
    address: value("address"),
    note: value("note"),
    payment: value("payment"),
  };
}

async function placeFromForm(
  services: AppServices,
  page: OrderPage,
  cart: CartLine[],
  form: FormData,
  request: Request,
) {
  const { words } = page.page;
  const values = formValues(form);
  const placeKey = textField(form, "placeKey");
  const cardPayments = await cardPaymentsChoice(services, page);
  const again = (
    extra: Partial<Pick<ReviewStep, "fieldErrors" | "formError" | "placeKey">>,
    status = 400,
  ) => {
    const answer = reviewStep(page, cart, cardPayments, {
      values,
      placeKey: PLACE_KEY_PATTERN.test(placeKey) ? placeKey : undefined,
      ...extra,
    });
    return data(answer, answer.step === "review" ? status : 400);
  };
  // A filled honeypot is a bot: refused like a broken form, and counted nowhere.
  if (textField(form, HONEYPOT_FIELD) !== "") return again({ formError: words.formExpired });

  const fields = placeOrderSchema(words).safeParse(
    Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)])),
  );
  if (!fields.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of fields.error.issues) {
      const name = String(issue.path[0] ?? "form");
      fieldErrors[name] ??= issue.message;
    }
    services.metrics?.orderRefused("invalid");
    return again({
      fieldErrors,
      formError: fieldErrors["placeKey"] ?? fieldErrors["cart"] ?? null,
    });
  }
  const input: PlaceOrderInput = fields.data;

  // Every attempt counts towards the client's limit; only a placed order towards the site's.
  const allowance = await countOrderAttempt(
    services,
    request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
  );
  if (!allowance.allowed) {
    services.metrics?.orderRefused("rate-limited");
    const minutes = retryAfterMinutes(allowance.retryAfterSeconds);
    const message = pluralText(words.tooManyOrders, page.page.language.tag, minutes);
    return again({ formError: message }, 429);
  }

  const now = publicPagesNow(services.env).getTime();
  const result = await placeOrder(
    services.events,
    page.site.id,
    { ...input, cartLines: cart, language: page.site.language },
    now,
    { perSite: services.env.orderLimits.perSite, cardsConfigured: services.payments !== null },
  );
  if (result.placed) {
    if (!result.existing) {
      services.metrics?.orderPlaced();
      services.orderMail.kick();
    }
    const checkout = result.byCard ? checkoutServices(services) : null;
    if (checkout) {
      // To the provider's page; an order that no longer awaits payment shows its status.
      let checkoutUrl: string | null;
      try {
        checkoutUrl = await checkoutUrlFor(checkout, result.orderId, now);
      } catch {
        // The order was cancelled and its slot freed: the customer may try again, as a new
        // order (a new key), or choose to pay another way.
        return again({ formError: words.cardPaymentUnavailable, placeKey: undefined }, 503);
      }
      // To a page of this site that hands on to the checkout: the form may only post here.
      if (checkoutUrl) throw redirect(`/o/${result.token}/pay`, 303);
    }
    throw redirect(`/o/${result.token}`, 303);
  }
  services.metrics?.orderRefused(result.reason);
  const fieldErrors: Record<string, string> = result.field
    ? { [result.field]: result.message }
    : {};
  const status = result.reason === "site-limit" ? 429 : 409;
  return again({ fieldErrors, formError: result.field ? null : result.message }, status);
}
