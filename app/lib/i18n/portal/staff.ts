/**
 * What the portal says about a site's staff, in English: the owner's Staff page
 * (/user/staff/{pid}), the invitation mail and page (/invite/{token}), and the roles where
 * they are shown (the inbox, Your sites).
 */
import type { SiteRole } from "../../site-access";

export const ROLE_LABELS: Readonly<Record<SiteRole, string>> = Object.freeze({
  owner: "Owner",
  editor: "Editor",
  orders: "Orders",
});

export const staffWords = Object.freeze({
  // The Staff page
  pageTitle: "Staff",
  pageDescription: "The people who work on your site, and what each of them may do.",
  heading: "Staff of {site}",
  intro:
    "Give the people who work with you a login of their own. They see only this site, and only what their role allows.",
  ownerOnly:
    "Only you connect card payments, change the site's address, manage staff or delete the site.",
  backToEditor: "Back to the editor",
  placesUsed: "{used} of {max} places used",
  inviteHeading: "Invite someone",
  emailLabel: "Their email address",
  emailHint: "They sign in, or create an account, with this address.",
  roleLabel: "Role",
  roleOrdersHint: "Takes orders: this site's orders, its kitchen tickets and its orders' CSV.",
  roleEditorHint:
    "Also edits the site: items, Info, ordering settings, translations and printables.",
  sendInvitation: "Send invitation",
  createLink: "Create invitation link",
  inviting: "Inviting…",
  invitationSent: "Invitation sent to {email}. It works once, within 7 days.",
  invitationLinkReady:
    "Send this link to {email}. It works once, within 7 days, for an account with that address:",
  invitationMailFailed:
    "The mail to {email} could not be sent. Send them this link instead; it works once, within 7 days:",
  copyLink: "Copy link",
  peopleHeading: "People",
  nobodyYet: "Nobody yet. Invite the first person above.",
  since: "Since {date}",
  roleOf: "Role of {name}",
  saveRole: "Save role",
  roleSaved: "{name} is now {role}.",
  remove: "Remove",
  removeQuestion: "Remove {name}? They lose this site at once, on every device.",
  removeConfirm: "Remove {name}",
  removed: "{name} no longer works on this site.",
  pendingHeading: "Invitations not yet accepted",
  expires: "Link works until {date}",
  withdraw: "Withdraw",
  withdrawLabel: "Withdraw the invitation to {email}",
  withdrawn: "The invitation to {email} is withdrawn; its link no longer works.",

  // Refusals
  roleRequired: "Choose a role.",
  full: "A site can have at most {max} staff, counting invitations not yet accepted. Remove someone or withdraw an invitation first.",
  inviteOwner: "That is your own address: you already have every right on this site.",
  alreadyMember: "{email} already works on this site. Change their role below.",
  notMember: "That person no longer works on this site.",
  noInvitation: "That invitation was already accepted or withdrawn.",
  cannotDoThat: "That cannot be done here.",

  // The invitation mail
  mailSubject: "Join {site} on {product}",
  mailIntro: "{owner} invites you to work on {site} on {product}, as {role}.",
  mailAction: "Accept the invitation",
  mailExpiry:
    "The link works once, within 7 days. Sign in or create an account with this address ({email}) to accept it.",
  mailNotYou: "If you did not expect this, you can ignore this mail.",

  // The invitation page
  invitationTitle: "Invitation",
  invitationDescription: "An invitation to work on a site.",
  invitationHeading: "Join {site}",
  invitationLead: "You are invited to work on {site} as {role}.",
  invitationForAddress: "The invitation is for {email}.",
  signInToAccept: "Sign in to accept",
  registerToAccept: "Create an account",
  accept: "Accept and open {site}",
  wrongAccount:
    "You are signed in as {current}, but this invitation is for {email}. Sign out, then sign in or create an account with that address.",
  wrongAccountShort:
    "This invitation is for another address. Sign in with the address it was sent to.",
  signOut: "Sign out",
  signIn: "Sign in",
  openYourSites: "Open your sites",
  invitationUsed: "This invitation has already been accepted. Sign in to open the site.",
  invitationExpired: "This invitation has expired. Ask the site's owner to send you a new one.",
  invitationUnknown:
    "This invitation link does not work: it may have been withdrawn, or mistyped. Ask the site's owner for a new one.",
  invitationOwner: "This is your own site: you already have every right on it.",
  invitationFull: "The site already has as many staff as it can. Ask its owner to make room.",
  registerForInvitation: "Create your account to join {site}.",

  // An order's history in the inbox
  acceptedBy: "Accepted by {name}",
  rejectedBy: "Rejected by {name}",
  completedBy: "Completed by {name}",

  // Your sites
  sharedHeading: "Sites you work on",
  sharedRole: "Your role: {role}",
  openOrders: "Open orders",
  openEditor: "Open editor",
});
