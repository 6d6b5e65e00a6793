/**
 * What the owner's account says, in English: signing in, registering, confirming an email
 * address, resetting a password, the account settings of /user/info, and the account mails
 * (password reset, address confirmation, new address, already registered).
 */
export const accountWords = Object.freeze({
  // Shared by the account forms
  emailLabel: "Email",
  passwordLabel: "Password",
  newPasswordLabel: "New password",
  newPasswordAgainLabel: "New password again",
  /** A form's button while its link is being sent. */
  sending: "Sending…",
  sendNewLink: "Send a new link",
  /** The link to the sign-in page that ends the other account pages. */
  signInLink: "Sign in",

  // Sign-in
  signInTitle: "Sign in",
  signInDescription: "Sign in to build and edit your business pages.",
  forgotPasswordLink: "Forgot password?",
  signInSubmit: "Continue",
  /** `{link}` is the Register link. */
  noAccountYet: "No account yet? {link}",
  registerLink: "Register",

  // Registration
  registerTitle: "Register",
  registerDescription: "Create an account and build your business page in minutes.",
  /** `{link}` is the Sign in link. */
  alreadyHaveAccount: "Already have an account? {link}",
  registerHeading: "Create your account",
  /** Under the heading when the owner came for a product; `{product}` is its name, in lower case. */
  registerLeadForProduct: "Free to start. Next, you name your {product} page.",
  registerLead: "Free to start: your first page is a few minutes away.",
  usernameLabel: "Username",
  registerPasswordHint: "{min} to {max} characters. A short sentence works well.",
  registerSubmitting: "Creating account…",
  registerSubmit: "Create account",
  registrationFailed: "Registration failed. Please try again.",

  // Check your email (after registering, or asking for a new confirmation link)
  checkEmailHeading: "Check your email",
  /** `{email}` is the address, in bold. */
  checkEmailLinkGoesTo:
    "The link goes to {email}. Nothing after a few minutes? Look in your spam folder, or ask for another one.",

  // Forgot password
  forgotPasswordTitle: "Forgot password",
  forgotPasswordDescription: "Get a link to choose a new password.",
  forgotPasswordHeading: "Forgot your password?",
  /** `{link}` is the "ask again" link. */
  forgotPasswordNothingYet: "Nothing after a few minutes? Look in your spam folder, or {link}.",
  forgotPasswordAskAgain: "ask again",
  forgotPasswordIntro:
    "Type the email address you registered with. We will send you a link to choose a new password.",
  forgotPasswordSubmit: "Send the link",
  /** `{link}` is the Sign in link. */
  rememberedIt: "Remembered it? {link}",

  // Reset password (from the mailed link)
  resetPasswordTitle: "Choose a new password",
  resetPasswordDescription: "Set a new password for your account.",
  getNewResetLink: "Get a new link",
  resetPasswordIntro: "Setting it signs you out on every other device.",
  resetPasswordHint: "At least {min} characters.",
  saving: "Saving…",
  resetPasswordSubmit: "Set new password",

  // Email confirmation (where the mailed link lands)
  verifyEmailTitle: "Confirm your email",
  verifyEmailDescription: "Confirm your email address.",
  emailConfirmedHeading: "Email confirmed",
  emailConfirmedSignedIn: "{email} is confirmed, and you are signed in.",
  createYourPage: "Create your page",
  goToYourSites: "Go to your sites",
  verifyEmailIntro: "Type the address you registered with, and we will send you a new link.",
  /** `{link}` is the Sign in link. */
  alreadyConfirmed: "Already confirmed? {link}",

  // Account settings: the password
  passwordHeading: "Password",
  changePasswordIntro: "Changing it signs you out on every other device.",
  currentPasswordLabel: "Current password",
  changePasswordHint: "At least {min} characters. A short sentence works well.",
  changingPassword: "Changing…",
  changePasswordSubmit: "Change password",

  // Account settings: the email address
  emailAddressHeading: "Email address",
  /** `{email}` is the account's address, in bold. */
  currentEmail:
    "Now {email}. We send a link to the new address, and the account switches when you open it.",
  emailChangeLinkSent:
    "We sent a link to {email}. Open it to switch your account to that address; it works for 24 hours.",
  newEmailLabel: "New email address",
  sendConfirmationLink: "Send confirmation link",

  // Account settings: where the owner is signed in
  sessionsHeading: "Where you’re signed in",
  thisDevice: "This device",
  /** The tooltip of a session's last activity: `{time}` is a date and time in UTC. */
  sessionLastUsedAt: "{time} UTC",
  sessionActiveNow: "Active now",
  sessionActiveToday: "Active today",
  /** `{when}` is a relative time, as "3 days ago" or "last week". */
  sessionLastActive: "Last active {when}",
  signingOut: "Signing out…",
  signOutEverywhereElse: "Sign out everywhere else",
  signedInHereOnly: "You are signed in on this device only.",

  // Account settings: deleting the account
  deleteAccountHeading: "Delete account",
  deleteAccountWithoutSites:
    "This deletes your account, and everything in it. Public pages stop answering at once. It cannot be undone.",
  deleteAccountWithSites: {
    one: "This deletes your account, your site, their items and photos. Public pages stop answering at once. It cannot be undone.",
    other:
      "This deletes your account, your {count} sites, their items and photos. Public pages stop answering at once. It cannot be undone.",
  },
  yourPasswordLabel: "Your password",
  deleting: "Deleting…",
  deleteAccountSubmit: "Delete account",
  deleteAccountConfirmTitle: "Delete your account?",
  deleteAccountConfirmWithoutSites:
    "Your account and everything in it will be deleted. This cannot be undone.",
  deleteAccountConfirmWithSites: {
    one: "Your account and your site, with their items and photos, will be deleted. This cannot be undone.",
    other:
      "Your account and your {count} sites, with their items and photos, will be deleted. This cannot be undone.",
  },
  keepMyAccount: "Keep my account",
  deleteEverything: "Delete everything",

  // The mails' shared parts
  /** Under a mail's button; `{address}` is the button's link, written out. */
  mailButtonFallback: "If the button does not work, copy this address into your browser: {address}",
  /** The button of a mail's plain-text part. */
  mailActionLine: "{label}: {url}",
  mailSignature: "— {product}",

  // The password reset mail
  passwordResetMailSubject: "Reset your {product} password",
  passwordResetMailIntro:
    "Someone asked to reset the password of the {product} account for {email}.",
  passwordResetMailChoose: "Choose a new password with the link below.",
  passwordResetMailAction: "Choose a new password",
  passwordResetMailExpiry:
    "The link works once, within one hour. Setting a new password signs you out everywhere else.",
  passwordResetMailNotYou:
    "If you did not ask for this, ignore this mail: your password stays as it is.",

  // The mail that confirms a new account's address
  verifyEmailMailSubject: "Confirm your email for {product}",
  verifyEmailMailIntro:
    "Welcome to {product}! Confirm that {email} is your address to finish creating your account.",
  verifyEmailMailAction: "Confirm my email",
  verifyEmailMailExpiry: "The link works for 24 hours and signs you in.",
  verifyEmailMailNotYou:
    "If you did not create an account, ignore this mail: nothing happens without the link.",

  // The mail that confirms an account's new address
  newEmailMailSubject: "Confirm your new email for {product}",
  newEmailMailIntro: "Someone asked to use {email} as the address of a {product} account.",
  newEmailMailSwitch: "The account switches to this address once you confirm it.",
  newEmailMailAction: "Confirm my new email",
  newEmailMailExpiry: "The link works for 24 hours.",
  newEmailMailNotYou:
    "If you did not ask for this, ignore this mail: the account keeps its current address.",

  // The mail to an address someone tried to register again
  alreadyRegisteredMailSubject: "You already have a {product} account",
  alreadyRegisteredMailIntro:
    "Someone, probably you, tried to create a {product} account for {email}, but this address already has one.",
  alreadyRegisteredMailSignIn:
    "Sign in instead; if you forgot your password, the sign-in page lets you choose a new one.",
  alreadyRegisteredMailAction: "Sign in",
  alreadyRegisteredMailNotYou: "If it was not you, ignore this mail: nothing has changed.",
});
