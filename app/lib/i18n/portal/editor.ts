/**
 * What the site editor says, in English: its tabs and live preview, the items list and
 * each item's row, the Add Item and edit forms with their options and tags, the Info tab's
 * images and payment fields, and the CSV import and export of items. What the server says
 * about an imported file's problems is in ./items-csv.ts, out of the editor's browser code.
 * Where the editor has always said "1 items", a plural's English `one` form says so too.
 */
export const editorWords = Object.freeze({
  // An item's options, summed up in the list ("3 sizes · 2 groups")
  sizeCount: { one: "{count} size", other: "{count} sizes" },
  groupCount: { one: "{count} group", other: "{count} groups" },

  // The editor's tabs
  editorSections: "Editor sections",
  /** The phone's tab that shows the live preview in place of the form. */
  previewTab: "Preview",
  /** A profile editor's phone tab back to its form. */
  editTab: "Edit",

  // The live preview
  previewTitle: "Preview",
  previewSize: "Preview size",
  previewPhone: "Phone",
  previewDesktop: "Desktop",
  openPage: "Open page",
  openPageLabel: "Open your public page in a new tab",
  previewFrameTitle: "Preview of your public page",

  // The items list
  yourItems: "Your items",
  searchItems: "Search items",
  searchPlaceholder: "Search",
  sortBy: "Sort by",
  /** Applies the search and sort, without JavaScript. */
  apply: "Apply",
  refresh: "Refresh",
  refreshing: "Refreshing…",
  itemCount: { one: "{count} items", other: "{count} items" },
  /** While a search is typed: the items found of all the site's items (`{count}`). */
  itemsFound: { one: "{found} of {count} items", other: "{found} of {count} items" },
  addFirstItem: "Add your first item",
  /** The title of what the items tab does now and then (category order, CSV), folded. */
  more: "More",

  // An item's row
  noPhoto: "No photo",
  star: "Star",
  starItem: "Star {name}",
  itemActions: "Actions for {name}",
  editItem: "Edit",
  deleteItem: "Delete",
  deleteItemTitle: "Delete {name}?",
  deleteItemDescription:
    "The item and its photos are removed from the site. This cannot be undone.",
  deleteItemConfirm: "Delete item",
  deleting: "Deleting…",
  /** The inline price field's label; `{ofItem}` is `inlinePriceOf`, for screen readers only. */
  inlinePrice: "Price{ofItem}",
  inlinePriceOf: " of {name}",
  /** The inline price's Save; `{what}` is `savePriceWhat`, for screen readers only. */
  savePrice: "Save{what}",
  savePriceWhat: " price",
  saving: "Saving…",

  // The Add Item tab and the edit dialog
  addItemTitle: "Add an item",
  itemsUsed: { one: "{used} of {count} items used.", other: "{used} of {count} items used." },
  itemAdded: "Item added.",
  compressingPhoto: "Compressing the photo…",
  /** `{label}` is how the site type's pages show a starred item ("Popular", "Featured"). */
  starShownAs: "Star (shown as {label})",
  photoOptional: "Photo (optional)",
  photoHint: "JPEG, PNG or WebP. It is made smaller before it is sent.",
  addItem: "Add item",
  adding: "Adding…",
  /** Fills "Your changes to {what} are not saved yet." when leaving Add Item unsaved. */
  unsavedNewItem: "the new item",
  editItemTitle: "Edit {name}",
  itemSaved: "Item saved.",
  cancel: "Cancel",
  saveChanges: "Save changes",
  fieldName: "Name",
  fieldPrice: "Price",
  fieldCategory: "Category",
  fieldDescription: "Description",

  // An item's options (sizes and choice groups)
  options: "Options",
  optionsNeedScript: "Sizes and choices can be added with JavaScript turned on.",
  optionsIntro:
    "Sizes (a small and a large pizza) or choices a customer adds (oat milk, extra cheese).",
  /** A group not named yet, by its place. */
  groupNumbered: "Group {number}",
  groupName: "Group name",
  customersPick: "Customers pick",
  choicesOf: "Choices of {group}",
  /** A choice not named yet, by its place. */
  choiceNumbered: "Choice {number}",
  choice: "Choice",
  /** Said after `choice` to screen readers only, so that each choice's field has its own name. */
  choiceOf: " {number} of {group}",
  priceChange: "Price change",
  /** Said after `priceChange` to screen readers only. */
  priceChangeOf: " of {choice}",
  /** Under a size's price change: what the size comes to. */
  sizeCosts: "Costs {price}",
  soldOut: "Sold out",
  moveChoiceUp: "Move {choice} up",
  moveChoiceDown: "Move {choice} down",
  removeChoice: "Remove {choice}",
  addChoice: "Add a choice",
  addChoiceTo: "Add a choice to {group}",
  moveGroupUp: "Move group {group} up",
  moveGroupDown: "Move group {group} down",
  removeGroup: "Remove group {group}",
  remove: "Remove",
  addSizes: "Add sizes",
  /** The group and choices Add sizes starts with, for the owner to rename. */
  sizesGroup: "Size",
  sizeSmall: "Small",
  sizeLarge: "Large",
  addChoiceGroup: "Add a choice group",

  // Tags
  /** Without JavaScript, tags are typed in one field. */
  tagsHint: "Separate tags with commas; at most {max}.",
  /** The chips' name: the list's label, and how many of the most it may hold. */
  tagChips: "{label}: {count} of {max}",
  removeTag: "Remove {tag}",
  /** `{label}` is the tag list's label, in small letters. */
  newTagFor: "New tag for {label}",
  newTag: "New tag",
  addTag: "Add tag",
  addTagNamed: "Add tag {tag}",
  tagsUsed: {
    one: "{used} of {count} tags. Enter or a comma adds a tag.",
    other: "{used} of {count} tags. Enter or a comma adds a tag.",
  },
  shopTags: "Shop tags:",

  // The Info tab: images and payment links
  logoAndBackground: "Logo and background",
  logo: "Logo",
  background: "Background",
  /** The logo and the background as a sentence names them: "Could not remove the logo." */
  logoInSentence: "logo",
  backgroundInSentence: "background",
  currentLogo: "Current logo",
  currentBackground: "Current background",
  paypalName: "PayPal.me name",
  paypalHint: "The name in your paypal.me link, like {example}.",
  venmoName: "Venmo username",
  venmoHint:
    "Your Venmo username, like {example}. Venmo pays in US dollars: with another currency, customers type the amount themselves.",

  // CSV import and export of items
  csvTitle: "Import or export items (CSV)",
  csvImported: {
    one: "Imported {count} item: {added} added, {updated} updated.",
    other: "Imported {count} items: {added} added, {updated} updated.",
  },
  csvExport: { one: "Export {count} item", other: "Export {count} items" },
  csvTemplate: "Download template",
  csvHelp:
    "One row per item; lists (tags, allergens, diets) separated by semicolons. A row with an item's id updates that item, a row without id adds one; items not in the file stay as they are. Photos are not imported. At most {max} items and {size} KB.",
  csvFile: "CSV file to import",
  csvPreview: "Preview import",
  csvReading: "Reading…",
  csvPreviewRows: { one: "Preview: {count} row", other: "Preview: {count} rows" },
  /** After `csvPreviewRows` when the file has rows. */
  csvPreviewActions: " ({adds} to add, {updates} to update)",
  csvBeforeAfter:
    "The site has {before} items; after the import it will have {after}. Nothing is written until you choose Import.",
  csvCannotImport: "This file cannot be imported.",
  csvRowsRefused: {
    one: "{count} row has problems; nothing will be imported until they are fixed.",
    other: "{count} rows have problems; nothing will be imported until they are fixed.",
  },
  csvRow: "Row",
  csvItem: "Item",
  csvProblems: "Problems",
  csvNoName: "(no name)",
  csvAdd: "Add",
  csvUpdate: "Update",
  csvNoProblems: "None",
  csvImport: { one: "Import {count} item", other: "Import {count} items" },
  csvImporting: "Importing…",

  /** Begins each of a row's problems in an import's preview ("Row 7: Price is required."). */
  csvRowError: "Row {row}: {message}",
});
