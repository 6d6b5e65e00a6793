/**
 * What an item's options are, without the schema that checks them: the shapes and the two
 * rules that pages, the cart and the order page's script read. Kept apart from
 * ./item-options.ts so that a browser script can use them without bundling zod.
 */

/** Group and choice ids: short opaque letters and digits, so an order can name a choice. */
export const OPTION_ID_PATTERN = /^[A-Za-z0-9]{1,16}$/;

export interface OptionChoice {
  id: string;
  name: string;
  /** What choosing it adds to the item's price, in cents; negative takes off. */
  priceChangeCents: number;
  /** A choice can be sold out on its own ("L sold out"), until the owner turns it back … */
  soldOut: boolean;
  /**
   * … or for today: back on sale at this moment (an ISO text; app/lib/sold-out.ts). Absent in
   * older data and whenever it is not sold out for today.
   */
  soldOutUntil?: string;
}

export interface OptionGroup {
  id: string;
  name: string;
  /** How many choices a customer must make (0: optional) … */
  min: number;
  /** … and may make. */
  max: number;
  choices: OptionChoice[];
}

/** A group a customer chooses exactly one of: the item's sizes. */
export function isSizeGroup(group: Pick<OptionGroup, "min" | "max">): boolean {
  return group.min === 1 && group.max === 1;
}
