/**
 * What the server says about a CSV file of items being imported into the site editor, in
 * English: why the file or one of its rows (its options cell too) cannot be imported. Apart
 * from the editor's own words (./editor.ts), so that the editor's browser code never carries them.
 */
export const itemsCsvWords = Object.freeze({
  // What an import says about the file (the server's answers)
  noFile: "Choose a CSV file to import.",
  importFailed: "Failed to import the items. Nothing was changed; please try again.",
  nothingImported: "Nothing was imported.",
  /** `{what}` is what the file is of: `ofItems`, or another kind of CSV file. */
  tooLarge: "The file is too large ({size} KB). A CSV file of {what} may be at most {max} KB.",
  ofItems: "items",
  notUtf8:
    "The file is not UTF-8 text. In your spreadsheet, save it as “CSV UTF-8 (comma delimited)” and try again.",
  fileEmpty: "The file is empty.",
  /** `{columns}`: the column names, separated by commas. */
  columnsAre: "The columns are: {columns}.",
  /** `{columnsAre}` is `columnsAre`, filled. */
  noHeader:
    "The first row must name the columns, with at least name and price. {columnsAre} Download the template to start from.",
  unknownColumns: {
    one: "Unknown column: {columns}. {columnsAre}",
    other: "Unknown columns: {columns}. {columnsAre}",
  },
  /** A column's name as the file writes it, in a message. */
  columnQuoted: "“{column}”",
  /** An unknown column without a name. */
  emptyColumn: "an empty one",
  columnTwice: "The column “{column}” is there twice. Keep one of them.",
  tooManyRows: "The file has {count} items; a site holds at most {max}. Split it, or remove rows.",
  noRows: "The file has a header but no items.",
  overLimit:
    "The site has {before} items and the file adds {adds}: that is {after}, and a site holds at most {max}. Remove {over} new rows, or give rows the ids of items to update.",

  // What an import says about a row, after "Row 7: " (`editorWords.csvRowError`)
  quoteOpen: 'a quoted cell is not closed (a " is missing).',
  idTwice: "the id {id} is also on row {row}.",
  tooManyCells: "it has more cells than the header has columns ({count}).",
  /** `{column}`: a flag column's name (popular, featured, sold out). */
  yesOrNo: "{column} must be yes or no.",
  /** A cell's problem: its column's name, and what is wrong. */
  cellProblem: "{column}: {message}",
  unknownId:
    "the id “{id}” is not one of this site's items. Leave id empty to add the row as a new item.",
  /** Not a refusal: a note beside the preview. */
  sameName:
    "“{name}” is already on the site; this row adds a second one. Give it the id {id} to update that item instead.",

  // What an import says about a row's options cell
  optionsCellColon: '"{group}" needs one ":" after the group\'s name.',
  optionsCellRule:
    '{group}: the rule in parentheses must be "optional", "up to N", "choose N" or "N to M".',
  optionsCellNoPrice: '{group}: "{choice}" has no "=" and price change.',
  optionsCellBadPrice: '{group}: "{choice}" needs a price change such as +2, 0 or -0.50.',
  /** A group's problem: its name, and the options' own message. */
  optionsCellGroup: "{group}: {message}",
});
