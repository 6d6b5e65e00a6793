/**
 * What a site's Languages page (its further languages and their translations) and the
 * translations CSV file say to the owner, in English.
 */
export const languageWords = Object.freeze({
  // The page's title and description
  pageTitle: "Languages of {site}",
  /** The title while the site is not known (a page that failed). */
  pageTitleNoSite: "Languages",
  pageDescription: "Translate your public page into more languages.",

  // The page's header
  /** `{infoTab}` is a link to the editor's Info tab, whose text is `infoTab`. */
  intro:
    "Your page’s main language is {language} (change it on the {infoTab}). Add up to {max} more; a visitor picks one on your page, and one QR code serves them all.",
  infoTab: "Info tab",
  backToEditor: "Back to the editor",

  // The list of further languages
  moreLanguages: "More languages",
  noneYet: "None yet. Add one below to translate your page.",
  /** How far a language's translation has come; `{count}` is how many texts the site has. */
  progress: {
    one: "{translated} of {count} text translated",
    other: "{translated} of {count} texts translated",
  },
  translate: "Translate",
  /** Read after `translate` by screen readers only. */
  translateHidden: " into {language}",
  view: "View",
  /** Read after `view` by screen readers only. */
  viewHidden: " the {language} page",
  /** Followed, for screen readers only, by the language's name. */
  remove: "Remove",
  removeQuestion:
    "Remove {language}? Its page goes, and its {count} translations are deleted. This cannot be undone.",
  removeLanguage: "Remove {language}",
  keepIt: "Keep it",
  atMost: "Your site has {max} more languages, the most it can have.",
  addLanguage: "Add a language",
  /** The empty first choice of the language list. */
  choose: "Choose…",
  add: "Add",

  // Translations as a CSV file
  fileHeading: "Translations as a file",
  fileIntro:
    "For a translator: one row per text, one column per language. Edit the language columns in a spreadsheet, save as CSV (UTF-8), and import it here. A file with any error changes nothing.",
  downloadCsv: "Download CSV",
  fileToImport: "CSV file to import",
  import: "Import",

  // One language's translations
  showAll: "Show all texts",
  showUntranslated: "Show untranslated only",
  noTexts: "Your site has no texts to translate yet: add items first.",
  allTranslated: "Every text is translated.",
  leaveEmpty: "Leave a text empty to show it in {language}.",
  saveTranslations: "Save translations",

  // What the page's forms answer
  limitReached: "A site has at most {max} more languages. Remove one to add another.",
  alreadyMain: "That is already your page's main language.",
  unknownLanguage: "Pick one of the languages offered.",
  siteMissing: "This site could not be found.",
  notExtra: "This language is not one of your site's languages any more.",
  tooLong: "At most {max} characters.",
  someTooLong: "Some translations are too long.",
  saved: "Translations saved.",
  imported: "Translations imported.",
  chooseFile: "Choose a CSV file to import.",
  importRefused: "Nothing was imported: fix these rows and try again.",
  cannotDoThat: "This page cannot do that.",

  // The CSV file
  /** The downloaded file's name; `{site}` is the site's slug. */
  fileName: "{site}-translations.csv",
  /** The file name's `{site}` for a site without a slug. */
  fileNameNoSlug: "site",
  /** Completes "A CSV file of … may be at most … KB." when a file is too large. */
  fileOf: "translations",
  /** `{columns}` lists the columns the file may have. */
  expectedColumns: "The columns are: {columns}.",
  /** A column's name, quoted, in a list of them. */
  quotedColumn: "“{column}”",
  noKeyColumn: 'The first row must name the columns, with "key" among them. {expected}',
  unknownColumns: {
    one: "Unknown column: {columns}. {expected}",
    other: "Unknown columns: {columns}. {expected}",
  },
  columnTwice: "The column “{column}” is there twice. Keep one of them.",
  noLanguageColumn: "The file has no column of your site's further languages. {expected}",
  unknownKey:
    "Row {row}: no text of your site has the key “{key}”. Export the file again to start from your texts as they are now.",
  keyTwice: "Row {row}: the key “{key}” is there twice. Keep one of its rows.",
  rowTooLong: "Row {row}: the {language} text is longer than {max} characters.",
  noRows: "The file has a header but no texts.",
});
