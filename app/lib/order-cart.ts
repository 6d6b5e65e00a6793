/**
 * A customer's order before it is placed: the cart, carried by the order page's own form
 * (no cookie, nothing kept on the server until the order is placed), and its lines priced
 * from the site's current items. The page's script adds up a running total for show; the
 * server prices every line again here and never reads a posted price.
 *
 * The cart travels as one short text: `ITEM*QTY*CHOICE.CHOICE~ITEM*QTY` (ids are letters
 * and digits, so the separators can never appear inside one).
 */
import type { PublicWords } from "./i18n/page-language";
import { fill, pluralText, type PluralWords } from "./i18n/text";
import { isSizeGroup, OPTION_ID_PATTERN, type OptionGroup } from "./option-groups";
import { MAX_PRICE_CENTS } from "./price";

/** At most this many lines in one order, and of one line. */
export const MAX_ORDER_LINES = 30;
export const MAX_LINE_QUANTITY = 50;
/** The cart's text is never longer: 30 lines of a 20-letter id, a quantity and 48 choices. */
export const CART_TEXT_MAX_LENGTH = MAX_ORDER_LINES * (20 + 4 + 48 * 17);
/**
 * The most one order's lines may come to ($20,000,000.00): with a delivery fee (at most
 * MAX_PRICE_CENTS) its total still fits the orders table's integer columns. 50 of an item at
 * the dearest price an item can have would not.
 */
export const MAX_ORDER_SUBTOTAL_CENTS = 2_000_000_000;

export const ITEM_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** The words of the cart's refusals, from the page's catalogue. */
export const CART_WORD_KEYS = [
  "lineProblem",
  "itemGone",
  "nameSoldOut",
  "choiceGone",
  "chooseQuantity",
  "chooseOne",
  "chooseAtLeast",
  "chooseAtMost",
  "orderLineLimit",
  "orderTooLarge",
  "lowercaseNamesInSentences",
] as const;

/**
 * What the cart's refusals need of the page's language: its tag and its words. A
 * `PageLanguage` is one; the page's script builds one from the words the page hands it,
 * so that it carries no catalogue.
 */
export interface CartLanguage {
  language: { tag: string };
  words: Pick<PublicWords, (typeof CART_WORD_KEYS)[number]>;
}

const messagesByWords = new WeakMap<CartLanguage["words"], ReturnType<typeof buildCartMessages>>();

/** The cart's refusals in the page's language; made once per language's words. */
export function cartMessages(page: CartLanguage) {
  let messages = messagesByWords.get(page.words);
  if (!messages) {
    messages = buildCartMessages(page);
    messagesByWords.set(page.words, messages);
  }
  return messages;
}

function buildCartMessages({ language, words }: CartLanguage) {
  return {
    quantity: fill(words.chooseQuantity, { max: MAX_LINE_QUANTITY }),
    tooManyLines: fill(words.orderLineLimit, { max: MAX_ORDER_LINES }),
    tooLarge: words.orderTooLarge,
    itemGone: words.itemGone,
    choiceGone: words.choiceGone,
    soldOut: (name: string) => fill(words.nameSoldOut, { name }),
    /** "Margherita: Choose a size.": a problem of one item's line. */
    onLine: (name: string, problem: string) => fill(words.lineProblem, { name, problem }),
    /** Why `picked` choices break the group's rule; null when they keep it. */
    group(group: Pick<OptionGroup, "name" | "min" | "max">, picked: number): string | null {
      if (picked < group.min) {
        if (!isSizeGroup(group)) {
          return fill(words.chooseAtLeast, { group: group.name, min: group.min });
        }
        const name = words.lowercaseNamesInSentences
          ? group.name.toLocaleLowerCase(language.tag)
          : group.name;
        return fill(words.chooseOne, { group: name });
      }
      if (picked > group.max)
        return fill(words.chooseAtMost, { group: group.name, max: group.max });
      return null;
    },
  };
}

/** One line as the cart holds it: what was chosen, never what it cost. */
export interface CartLine {
  itemId: string;
  quantity: number;
  /** Choice ids, in any group of the item. */
  choiceIds: string[];
}

export function formatCart(lines: readonly CartLine[]): string {
  return lines
    .map((line) =>
      [
        line.itemId,
        String(line.quantity),
        ...(line.choiceIds.length ? [line.choiceIds.join(".")] : []),
      ].join("*"),
    )
    .join("~");
}

/**
 * The cart a form sent; null when it is not one (the form was tampered with). Bounded
 * before anything is split, so a huge field costs nothing.
 */
export function parseCart(text: string): CartLine[] | null {
  if (text === "") return [];
  if (text.length > CART_TEXT_MAX_LENGTH) return null;
  const parts = text.split("~");
  if (parts.length > MAX_ORDER_LINES) return null;
  const lines: CartLine[] = [];
  for (const part of parts) {
    const [itemId, quantityText, choicesText, extra] = part.split("*");
    if (extra !== undefined || !itemId || !ITEM_ID_PATTERN.test(itemId)) return null;
    if (!quantityText || !/^\d{1,2}$/.test(quantityText)) return null;
    const quantity = Number(quantityText);
    if (quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
    const choiceIds = choicesText === undefined ? [] : choicesText.split(".");
    if (choiceIds.length > 48 || choiceIds.some((id) => !OPTION_ID_PATTERN.test(id))) return null;
    lines.push({ itemId, quantity, choiceIds });
  }
  return lines;
}

function sameChoices(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(".") === [...b].sort().join(".");
}

/**
 * The cart with one more line: the same item with the same choices adds to its quantity
 * (up to the line's maximum). Null when the cart is full.
 */
export function addToCart(cart: readonly CartLine[], line: CartLine): CartLine[] | null {
  const index = cart.findIndex(
    (held) => held.itemId === line.itemId && sameChoices(held.choiceIds, line.choiceIds),
  );
  if (index >= 0) {
    const held = cart[index]!;
    const merged = {
      ...held,
      quantity: Math.min(MAX_LINE_QUANTITY, held.quantity + line.quantity),
    };
    return cart.map((existing, at) => (at === index ? merged : existing));
  }
  return cart.length >= MAX_ORDER_LINES ? null : [...cart, line];
}

/** What the priced lines need of an item: its current data. */
export interface OrderableItem {
  id: string;
  name: string;
  priceCents: number;
  soldOut: boolean;
  options: readonly OptionGroup[];
}

export interface PricedChoice {
  group: string;
  name: string;
  priceChangeCents: number;
}

/** A line as an order keeps it: names and prices as they were when it was placed. */
export interface PricedLine {
  itemId: string;
  name: string;
  quantity: number;
  choices: PricedChoice[];
  /** The item's price with its choices, for one. */
  unitCents: number;
  lineCents: number;
}

/** Why a chosen line cannot be ordered, in words for the customer (the item's name first). */
export interface LineProblem {
  itemId: string;
  message: string;
}

/**
 * One line priced from the item as it is now, or the reason it cannot be ordered: the item
 * sold out, a choice gone or sold out, a group's minimum or maximum not met.
 */
export function priceLine(
  item: OrderableItem | undefined,
  line: CartLine,
  page: CartLanguage,
): { line: PricedLine } | { problem: LineProblem } {
  const messages = cartMessages(page);
  const refuse = (message: string) => ({ problem: { itemId: line.itemId, message } });
  if (!item) return refuse(messages.itemGone);
  if (item.soldOut) return refuse(messages.soldOut(item.name));
  const onLine = (problem: string) => refuse(messages.onLine(item.name, problem));
  if (line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) return onLine(messages.quantity);
  const chosen = new Set(line.choiceIds);
  if (chosen.size !== line.choiceIds.length) return onLine(messages.choiceGone);
  const choices: PricedChoice[] = [];
  let found = 0;
  for (const group of item.options) {
    const picked = group.choices.filter((choice) => chosen.has(choice.id));
    found += picked.length;
    const soldOut = picked.find((choice) => choice.soldOut);
    if (soldOut) return onLine(messages.soldOut(soldOut.name));
    if (picked.length < group.min || picked.length > group.max) {
      return onLine(messages.group(group, picked.length)!);
    }
    for (const choice of picked) {
      choices.push({
        group: group.name,
        name: choice.name,
        priceChangeCents: choice.priceChangeCents,
      });
    }
  }
  // A choice of no group of this item: gone since the page was opened, or never offered.
  if (found !== chosen.size) return onLine(messages.choiceGone);
  const unitCents = Math.max(
    0,
    Math.min(
      MAX_PRICE_CENTS,
      item.priceCents + choices.reduce((sum, choice) => sum + choice.priceChangeCents, 0),
    ),
  );
  return {
    line: {
      itemId: item.id,
      name: item.name,
      quantity: line.quantity,
      choices,
      unitCents,
      lineCents: unitCents * line.quantity,
    },
  };
}

/**
 * The cart priced: the lines that can be ordered, why the others cannot, and the cart
 * without those (what the customer's next form carries on). A line that would take the
 * subtotal past MAX_ORDER_SUBTOTAL_CENTS cannot be ordered.
 */
export function priceCart(
  items: ReadonlyMap<string, OrderableItem>,
  cart: readonly CartLine[],
  page: CartLanguage,
): { lines: PricedLine[]; problems: LineProblem[]; orderable: CartLine[]; subtotalCents: number } {
  const lines: PricedLine[] = [];
  const problems: LineProblem[] = [];
  const orderable: CartLine[] = [];
  let subtotalCents = 0;
  const messages = cartMessages(page);
  for (const line of cart) {
    const priced = priceLine(items.get(line.itemId), line, page);
    if (!("line" in priced)) problems.push(priced.problem);
    else if (subtotalCents + priced.line.lineCents > MAX_ORDER_SUBTOTAL_CENTS) {
      problems.push({
        itemId: line.itemId,
        message: messages.onLine(priced.line.name, messages.tooLarge),
      });
    } else {
      lines.push(priced.line);
      orderable.push(line);
      subtotalCents += priced.line.lineCents;
    }
  }
  return { lines, problems, orderable, subtotalCents };
}

/**
 * "2 items", "1 item": the count of things in the order, not of lines, in the page's
 * language (its `itemCount` words and its language tag).
 */
export function itemCountText(
  lines: readonly Pick<CartLine, "quantity">[],
  words: PluralWords,
  tag: string,
): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return pluralText(words, tag, count);
}

/** "Large · Extra cheese": a line's choices in one short phrase. */
export function choicesText(choices: readonly Pick<PricedChoice, "name">[]): string {
  return choices.map((choice) => choice.name).join(" · ");
}
