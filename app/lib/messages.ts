// Every user-facing message of SPEC sections 5 and 8, verbatim, plus the form messages the
// app adds. Components and tests import from here rather than retyping text.

export const MESSAGES = Object.freeze({
  // Sign-in (SPEC 8): the provider's message, else these.
  failedToSignIn: "Failed to sign in",
  signInFailed: "Sign in failed",

  // Loading (SPEC 8)
  loading: "Loading\u2026",
  failedToLoad: "Failed to load.",
  failedToLoadItems: "Failed to load items.",
  failedToLoadProducts: "Failed to load products.",

  // Saving (SPEC 8)
  failedToSaveInfo: "Failed to save info.",
  failedToSave: "Failed to save.",
  failedToUpdatePrice: "Failed to update price.",
  failedToUpdateFlag: "Failed to update flag.",
  failedToDeleteItem: "Failed to delete item.",
  failedToDelete: "Failed to delete.",
  failedToAddItem: "Failed to add item.",
  failedToReplaceImage: "Failed to replace image.",
  failedToUpdateItem: "Failed to update item.",
  failedToUploadImages: "Failed to upload images.",
  failedToCreateProduct: "Failed to create product.",

  // Not found (SPEC 2 and 8); the spec's punctuation differs per page and is kept.
  restaurantNotFound: "Restaurant not found.",
  shopNotFound: "Shop not found.",
  dealershipNotFound: "Dealership not found",
  storeNotFound: "Store not found",
  linkMayBeIncorrect: "The link may be incorrect or the profile was removed.",
  productNotFound: "Product not found.",
  pageNotFound: "Page not found",

  // Empty states (SPEC 8)
  noItemsMatch: "No items match.",
  noMenuItems: "No menu items yet.",
  noProductsAvailable: "No products available.",
  noCategories: "No categories",
  noTags: "No tags",

  // Signed out and portal (SPEC 8)
  pleaseSignIn: "Please sign in.",
  pleaseSignInToContinue: "Please sign in to continue.",
  pleaseSignInToViewInfo: "Please sign in to view your info.",
  invalidProduct: "Invalid product.",
  /** Followed by the error's text on the info page. */
  errorPrefix: "Error: ",

  // Success (SPEC 8)
  infoSaved: "Info saved!",
  saved: "Saved!",

  // Validation (SPEC 5)
  statusNotValid: "Your account status is not valid for creating products.",
  productLimitReached: "You\u2019ve reached the limit of 3 products.",
  pleaseEnterName: "Please enter a name.",
  nameRequired: "Name is required.",
  priceRequired: "Price is required.",
  limitReachedItems: "Limit reached: 50 items.",
  chooseValidImage: "Please choose a valid image file.",
  chooseImage: "Please choose an image",

  // Forms the app adds (sign-in, register, contact)
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: "Password must be at least 12 characters.",
  passwordTooLong: "Password must be at most 128 characters.",
  usernameRequired: "Username is required.",
  usernameTooLong: "Username must be at most 64 characters.",
  usernameInvalid: "Username cannot contain control characters.",
  passwordTooCommon: "This password is too common. Choose one that is harder to guess.",
  passwordIsEmail: "Your password must not be your email address.",
  passwordTooGuessable:
    "This password is quick to guess: it repeats, counts or follows the keyboard. A few unrelated words work well, like “lantern quietly orbit tuna”.",
  // The same answer whatever the reason, so the form never says whether an email has an account.
  registrationRefused:
    "We could not create an account with these details. If you already have an account, sign in.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few seconds and try again.",

  // Forgot password: the same answer whether or not the address has an account.
  resetLinkSent:
    "If an account exists for that address, we sent a link to choose a new password. It works once, within one hour.",
  resetLinkInvalid: "This link has expired or was already used. Ask for a new one.",
  resetTooManyRequests: "Too many requests from here. Please wait a few minutes and try again.",
  resetFailed: "The password could not be changed. Please try again.",
  passwordResetDone: "Your password was changed. Sign in with the new one.",
  confirmPasswordRequired: "Type the new password again.",

  // Account settings.
  currentPasswordRequired: "Type your current password.",
  wrongCurrentPassword: "That is not your current password.",
  passwordChanged: "Password changed. You were signed out on every other device.",
  otherSessionsEnded: "Signed out on every other device.",
  sameEmail: "This is already your email address.",
  accountDeleted: "Your account, your sites and their files were deleted.",
  accountChangeFailed: "The change could not be saved. Please try again.",

  // Confirming an email address.
  checkYourEmail:
    "We sent a link to your email address. Open it to confirm the address and sign in. It works for 24 hours.",
  emailNotVerified:
    "Confirm your email address first: we sent you a new link. It works for 24 hours.",
  verificationResent:
    "If that address has an account still waiting for confirmation, we sent it a new link.",
  verificationLinkInvalid: "This confirmation link has expired or is not valid. Ask for a new one.",
  verificationTooManyRequests:
    "Too many requests for a new link from here. Please wait a few minutes and try again.",
  passwordsDoNotMatch: "The passwords do not match.",
  registrationClosed: "Registration is closed.",
  contactNameRequired: "Name is required.",
  chooseType: "Please choose a type.",
  httpUrlOnly: "Only http:// or https:// addresses are accepted.",
  colorFellBack: "Not a valid color: the default is used. Use 3 or 6 hex digits, like #1d4ed8.",
  textTooLong: "This is too long.",
  fontStyleUnknown: "Pick one of the font styles offered.",
  timeZoneUnknown: "Pick one of the time zones offered.",
  languageUnknown: "Pick one of the languages offered.",
  nameTooLong: "Name must be at most 100 characters.",
  linkCopied: "Link copied.",
  copyFailed: "Could not copy. Select the link and copy it yourself.",
  contactMessageRequired: "Message is required.",
  tooManyShopTags: "A shop has at most 50 tags.",
  tooManyItemTags: "An item has at most 10 tags.",
  tagTooLong: "A tag is at most 40 characters.",

  // Item options (sizes and choice groups)
  optionNameRequired: "Give it a name.",
  optionNameTooLong: "A name here is at most 40 characters.",
  optionGroupIncomplete: "Each group needs a name and at least one choice.",
  optionChoiceIncomplete: "Each choice needs a name.",
  optionChoicesRequired: "A group needs at least one choice.",
  optionTooManyGroups: "An item has at most 4 option groups.",
  optionTooManyChoices: "A group has at most 12 choices.",
  optionCountInvalid: "Choose how many a customer picks: a whole number from 0 to 12.",
  optionMinAboveMax: "A customer cannot be asked to pick more than the group allows.",
  optionMaxAboveChoices: "A group cannot allow more picks than it has choices.",
  optionChoiceNameTaken: "This group already has a choice with this name.",
  optionGroupNameTaken: "This item already has a group with this name.",
  optionPriceBelowZero: "This would take the price below zero.",

  // Custom domains
  domainRequired: "Please enter a domain, like menu.yourbusiness.com.",
  domainInvalid:
    "That is not a domain name. Enter it like menu.yourbusiness.com, without https://.",
  domainPublicSuffix:
    "That is a public suffix shared by many sites. Enter a domain you own, like menu.yourbusiness.com.",
  domainUnknownTld: "That domain does not end in a known top-level domain (like .com or .co.uk).",
  domainOurs: "That address belongs to this portal. Enter a domain you own.",
  domainTaken: "That domain is already connected to another site.",
  domainAlreadySet: "This site already has a domain. Remove it first to connect another.",
  domainsOff: "This portal does not offer custom domains.",
  domainVerified: "Verified: your site now answers at its own domain.",
  domainNotYet:
    "Not verified yet. Check the records below; DNS changes can take up to an hour to show.",
  domainRemoved: "Domain removed. Your site is back at its portal address.",
  failedToCheckDomain: "Could not look up the DNS records just now. Please try again in a minute.",

  // Requests the server cannot read: sent by hand-made or hostile clients, never by our forms.
  formTooLarge: "This form is too large to send.",
  formTooManyFields: "This form has too many fields.",
  formUnreadable: "This form could not be read. Reload the page and try again.",
  formNotAForm:
    "Send this as a web form (application/x-www-form-urlencoded or multipart/form-data).",
  formTooManyFiles: "Send one file at a time.",
  formNulCharacter: "The form contains a character that is not allowed (NUL).",
  formLengthRequired: "Send the form with a Content-Length.",
} as const);

export type MessageKey = keyof typeof MESSAGES;
