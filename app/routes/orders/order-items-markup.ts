/**
 * The order page's items by section, each with its choices, quantity and Add button: the part
 * of the page that grows with the menu, written as templates (app/lib/markup.ts) as the menu's
 * dishes are, because React rendering them was most of an uncached view's time
 * (docs/decisions/0019-item-lists-as-html-templates.md). The page around them (./order-page.tsx)
 * is React, and the page's script (./order-page-script.ts) reads what they write: each item's
 * `data-item` and `data-price`, each group's `data-group`, `data-min`, `data-max` and
 * `data-name`, each choice's `data-change`.
 */
import { isSizeGroup, type OptionGroup } from "~/lib/item-options";
import {
  choiceRuleText,
  pagePrice,
  shownItemPrice,
  shownPriceChange,
  soldOutChoiceLabel,
} from "~/lib/item-options-display";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { HIDDEN_ATTRIBUTE, markup, MarkupList, type Markup } from "~/lib/markup";
import { MAX_LINE_QUANTITY } from "~/lib/order-cart";
import type { OrderPageItem, OrderPageSection } from "~/server/orders/order-page.server";

/** What every item of the page shares. */
interface ItemTexts {
  page: PageLanguage;
  currency: string;
  /** A refused Add's message, by item id (the items step after a post). */
  errors: Readonly<Record<string, string>>;
  soldOutChoice: string;
  /** The quantity field's label and its input's fixed attributes, made once per page. */
  quantityLabel: Markup;
}

export function orderSectionsMarkup(
  sections: readonly OrderPageSection[],
  currency: string,
  page: PageLanguage,
  errors: Readonly<Record<string, string>> = {},
): Markup {
  const text: ItemTexts = {
    page,
    currency,
    errors,
    soldOutChoice: soldOutChoiceLabel(page),
    quantityLabel: markup`<span>${page.words.quantity}</span>`,
  };
  return new MarkupList(
    sections.map(
      (section) => markup`
      <section
        class="order-section"${section.name && markup` aria-labelledby="sec-${section.id}"`}
      >
        ${section.name && markup`<h2 id="sec-${section.id}">${section.name}</h2>`}
        <ul class="order-items">${section.items.map((item) => orderItemMarkup(item, text))}</ul>
      </section>
    `,
    ),
  );
}

function orderItemMarkup(item: OrderPageItem, text: ItemTexts): Markup {
  const { page, currency } = text;
  const { words } = page;
  const error = text.errors[item.id];
  const controls = item.soldOut
    ? markup`<p class="order-badge">${words.soldOut}</p>`
    : markup`
        ${
          item.options.length > 0 &&
          markup`
          <div
            class="order-item-choices"
            style="--groups:${item.options.length};--choices:${choiceCount(item.options)}"
          >
            ${item.options.map((group) => optionGroupMarkup(item, group, text))}
          </div>
        `
        }
        <div class="order-item-add">
          <label class="order-quantity">
            ${text.quantityLabel}<input
              type="number"
              name="qty-${item.id}"
              value="1"
              min="1"
              max="${MAX_LINE_QUANTITY}"
              inputmode="numeric"${error && markup` aria-describedby="err-${item.id}"`}
            />
          </label>
          <button
            type="submit"
            name="add"
            value="${item.id}"
            class="button order-add"
            aria-describedby="name-${item.id}"
          >
            ${words.add}
          </button>
        </div>
        <p
          class="order-item-error"
          id="err-${item.id}"
          role="alert"${!error && HIDDEN_ATTRIBUTE}
        >
          ${error ?? ""}
        </p>
      `;
  return markup`
    <li
      class="order-item${item.soldOut && " is-sold-out"}"
      data-item="${item.id}"
      data-price="${item.priceCents}"
    >
      <div class="order-item-head">
        <h3 class="order-item-name" id="name-${item.id}">${item.name}</h3>
        <span class="order-item-price">
          ${shownItemPrice(item.priceCents, item.options, currency, page)}
        </span>
      </div>
      ${item.description && markup`<p class="order-item-description">${item.description}</p>`}
      ${controls}
    </li>
  `;
}

/**
 * How many choices an item offers in all: with its groups, what the room its choices hold until
 * they are laid out is made of (`.order-item-choices`, order-page.css).
 */
function choiceCount(groups: readonly OptionGroup[]): number {
  return groups.reduce((sum, group) => sum + group.choices.length, 0);
}

/**
 * A group of choices: radio buttons when one is chosen, boxes when several may be. A size's
 * choices show the price they come to, starting on the first size not sold out; the others
 * what they add.
 */
function optionGroupMarkup(item: OrderPageItem, group: OptionGroup, text: ItemTexts): Markup {
  const { page, currency } = text;
  const size = isSizeGroup(group);
  const type = group.max === 1 ? "radio" : "checkbox";
  const name = `opt-${item.id}-${group.id}`;
  const checked = size ? group.choices.findIndex((choice) => !choice.soldOut) : -1;
  return markup`
    <fieldset
      class="order-group"
      data-group="${group.id}"
      data-min="${group.min}"
      data-max="${group.max}"
      data-name="${group.name}"
    >
      <legend>
        <span class="order-group-name">${group.name}</span>${" "}<span class="order-group-rule">
          ${choiceRuleText(group, page)}
        </span>
      </legend>
      <div class="order-choices">
        ${group.choices.map(
          (choice, index) => markup`
            <label class="order-choice${choice.soldOut && " is-sold-out"}">
              <input
                type="${type}"
                name="${name}"
                value="${choice.id}"
                data-change="${choice.priceChangeCents}"${choice.soldOut && markup` disabled=""`}${index === checked && markup` checked=""`}
              />
              <span class="order-choice-name">${choice.name}</span>
              <span class="order-choice-price">
                ${
                  choice.soldOut
                    ? text.soldOutChoice
                    : size
                      ? pagePrice(item.priceCents + choice.priceChangeCents, currency, page)
                      : shownPriceChange(choice.priceChangeCents, currency, page)
                }
              </span>
            </label>
          `,
        )}
      </div>
    </fieldset>
  `;
}
