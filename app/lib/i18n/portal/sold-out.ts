/**
 * What "sold out" says in the portal, in English: the inbox's "Sold out today" list of each
 * restaurant and shop, the editor row's button, and the answers of their actions.
 */
export const soldOutWords = Object.freeze({
  // The inbox's list, one per site
  listTitle: "Sold out today",
  /** With several sites: "Sold out today · Corner Diner". */
  listTitleOf: "Sold out today · {name}",
  nothingSoldOut: "Everything is on sale.",
  /** A dish sold out for today, and when it is back by itself. */
  backAt: "Back {moment}",
  untilTurnedBack: "Until you turn it back",
  backOnSale: "Back on sale",
  /** The button's name for screen readers: "Back on sale: Margherita · Large". */
  backOnSaleOf: "Back on sale: {name}",
  markSoldOut: "Mark a dish sold out",
  markSoldOutShop: "Mark an item sold out",
  /** The list of dishes to mark, for screen readers. */
  markListLabel: "Dishes and choices of {name}",
  soldOutToday: "Sold out today",
  /** The row toggle's visible word, beside "Sold out": its full name is in its label. */
  soldOutTodayShort: "Today",
  soldOutTodayOf: "Sold out today: {name}",
  untilIturnItBack: "Until I turn it back",
  untilIturnItBackOf: "Sold out until I turn it back: {name}",
  noItems: "This site has no items yet.",
  /** A choice as the lists name it: "Margherita · Large". */
  choiceOf: "{item} · {choice}",

  // The editor row
  /** Under the row's name while it is sold out for today. */
  soldOutTodayBadge: "Sold out today · back {moment}",

  // The actions' answers
  nowSoldOutToday: "{name} is sold out until {moment}.",
  nowSoldOut: "{name} is sold out until you turn it back.",
  nowBackOnSale: "{name} is back on sale.",
  notFound: "That item or choice is no longer there. Reload the page.",
  chooseSpan: "Choose for today or until you turn it back.",
  cannotSellOut: "Items of this site cannot be marked sold out.",
});
