/**
 * What the editor's shared form fields and dialogs say, in English: opening hours and special
 * days, the look, time zone, currency and language fields, image uploads and drop zones, the
 * Info form, the unsaved-changes and confirm dialogs, a menu item's image and a shop item's
 * photos, and the upload pipeline's answers to the owner. These come with the Info tab and the
 * dialogs; what the editor's first load shows is in site-parts.ts.
 */
export const siteFieldWords = Object.freeze({
  // Shared buttons and notes
  save: "Save",
  saving: "Saving…",
  cancel: "Cancel",
  remove: "Remove",
  removing: "Removing…",
  done: "Done",
  /** After a field's label, in a muted span. */
  optional: "(optional)",

  // Opening hours
  openingHours: "Opening hours",
  /** The hidden label of a day's opening time select. */
  dayOpens: "{day} opens",
  dayCloses: "{day} closes",
  /** The first option of a day's opening time select, before one is chosen. */
  opensPlaceholder: "Opens…",
  closesPlaceholder: "Closes…",
  copyFirstDayHours: "Use {day}'s hours every day",

  // Special days
  specialDays: "Special days",
  specialDaysHint:
    "Holidays and other days with different hours. Your page shows them two weeks ahead; past days are removed when you save.",
  /** A special day's group, by its first day (`{date}` as the date field writes it). */
  specialDay: "Special day {date}",
  newSpecialDay: "New special day",
  /** What follows the visible “Remove” for screen readers, on a special day's button. */
  removeSpecialDayHidden: "special day {date}",
  removeNewSpecialDayHidden: "new special day",
  firstDay: "First day",
  lastDay: "Last day",
  opens: "Opens",
  closes: "Closes",
  chooseTime: "Choose…",
  note: "Note",
  notePlaceholder: "Christmas",
  addSpecialDay: "Add a special day",

  // The look: theme, font and colors
  look: "Look",
  theme: "Theme",
  themeHint: "Pick a theme, then adjust its colors and font if you like.",
  /** The letters a theme's swatch shows in its font (hidden from screen readers). */
  fontSample: "Aa",
  customTheme: "Custom",
  font: "Font",
  colors: "Colors",
  colorPrimary: "Primary",
  colorSecondary: "Secondary",
  colorText: "Text",
  colorPrimaryHint: "The page's background.",
  colorSecondaryHint: "The header, headings, buttons and badges.",
  colorTextHint: "Text on the background.",
  /** `{color}` is a color's label (Primary). */
  colorPicker: "{color} color picker",
  /** `{ratio}` is the contrast found (3.2:1), `{needed}` the one readers need (4.5:1). */
  textContrastShowsBlack:
    "Text on Primary is {ratio}, below the {needed} readers need: your page shows black text instead.",
  textContrastShowsWhite:
    "Text on Primary is {ratio}, below the {needed} readers need: your page shows white text instead.",
  secondaryContrast:
    "Secondary on Primary is {ratio}, below {needed}: headings use the text color instead.",

  // Time zone, currency and language
  timeZone: "Time zone",
  timeZoneHint: "Your page says “Open now” or “Closed” by the time here.",
  timeZoneHintNotSet: "Choose where your business is, so your page can say “Open now” or “Closed”.",
  timeZoneNotSet: "Not set",
  /** The group of zones outside any region (UTC). */
  timeZoneOtherRegion: "Other",
  currency: "Currency",
  currencyHint:
    "The prices on your public page are shown in it. Changing it keeps the amounts as they are.",
  publicPageLanguage: "Language of your public page",
  publicPageLanguageHint:
    "The words your page adds by itself, such as “Open now” and the days, and its dates and prices are written in it. Your own texts stay as you type them.",
  /** A language other than English: its own name, then its English one. */
  languageOption: "{name} ({englishName})",

  // Image uploads
  /** A file's upload progress bar. */
  uploadingFile: "Uploading {name}",
  connectionLost: "The connection was lost.",
  /** A refusal without a reason, by its HTTP status. */
  errorStatus: "Error {status}",
  /** `{image}` is the field's label in small letters (logo), `{reason}` the server's. */
  couldNotRemoveImage: "Could not remove the {image}. {reason}",
  imageRemoved: "{image} removed.",
  upload: "Upload",
  uploading: "Uploading…",
  /** The list of a field's uploads, by its label. */
  uploadsOf: "{label}: uploads",
  uploaded: "Uploaded",
  compressing: "Compressing…",

  // Drop zones
  chosenImageAlt: "Chosen: {name}",
  chooseNewImage: "Choose a new image",
  chooseImage: "Choose an image",
  /** Follows “Choose an image” where the screen is wide enough. */
  orDropOrPaste: "or drop or paste one here",

  // The Info form
  phone: "Phone",
  email: "Email",
  address: "Address",
  addMoreLanguages: "Add more languages",
  logoUrl: "Logo URL",
  logoUrlHint: "An https:// address of a square picture.",
  backgroundUrl: "Background URL",
  backgroundUrlHint: "An https:// address of a wide picture.",
  /** What the unsaved-changes dialog says would be lost. */
  unsavedSiteInfo: "the site's info",

  // Unsaved changes
  unsavedChanges: "Unsaved changes",
  leaveWithoutSavingTitle: "Leave without saving?",
  /** `{what}` names the form (the site's info). */
  unsavedChangesWarning:
    "Your changes to {what} are not saved yet. If you leave now, they are lost.",
  stayAndSave: "Stay and save",
  leaveWithoutSaving: "Leave without saving",

  // A menu item's image (restaurant)
  itemImageTitle: "Image of {name}",
  itemImageRemoved: "Image of {name} removed.",
  currentItemImageAlt: "Current image of {name}",
  newImage: "New image",
  newImageHint: "JPEG, PNG or WebP. It is made smaller before it is sent.",
  removeImage: "Remove image",
  replace: "Replace",

  // A shop item's photos
  photosOf: "Photos of {name}",
  photoAlt: "{name}, photo {number}",
  movePhotoEarlier: "Move photo {number} of {name} earlier",
  movePhotoLater: "Move photo {number} of {name} later",
  removePhoto: "Remove photo {number} of {name}",
  photosUpload: "Photos of {name} (up to {max})",
  photosFull: "{max} of {max} photos. Remove one to add another.",

  // The upload pipeline's refusals
  imageEmpty: "The file is empty.",
  imageTooLarge: "The file is larger than 10 MB.",
  imageNotAccepted: "Only JPEG, PNG and WebP images are accepted.",
  imageTooManyPixels: "The image is larger than 25 megapixels.",
  imageUnreadable: "The image could not be read; it may be damaged.",
  imageUnknownItem: "Unknown item.",
  imageTargetRefused: "This image cannot be uploaded here.",
  itemImagesFull: "An item has at most {max} images.",
  removePhotosOneByOne: "Remove a shop item's photos one by one.",
  /** The browser could not compress an image before sending it. */
  canvasUnavailable: "Canvas 2D drawing is not available.",
  imageNotEncoded: "The image could not be encoded.",
});
