/** What a site's Domain page (connecting the owner's own domain) says, in English. */
export const domainWords = Object.freeze({
  // The page's title and description
  pageTitle: "Domain of {site}",
  /** The title while the site is not known (a page that failed). */
  pageTitleNoSite: "Domain",
  pageDescription: "Your site at your own domain.",

  // The page's header
  heading: "Your own domain",
  editSite: "Edit site",
  share: "Share",
  /** Where custom domains are off. */
  siteAddress: "Your site's address: {url}",
  cannotDoThat: "This page cannot do that.",

  // Connecting a domain
  connectHeading: "Connect a domain you own",
  /** `{example}` is `exampleDomain`, in bold. */
  connectIntro:
    "Your customers open your page at your own address, like {example}. You need a domain and access to its DNS settings, at the company you bought it from.",
  /** An address under a business's own domain, as an example (also the field's placeholder). */
  exampleDomain: "menu.yourbusiness.com",
  todayAt: "Today your site is at {url}",
  domainLabel: "Your domain",
  domainHint:
    "A name under your domain (menu.yourbusiness.com or www.yourbusiness.com) is the easiest to set up.",
  connect: "Connect domain",
  connecting: "Connecting…",

  // A domain added
  connected: "Connected",
  waitingForDns: "Waiting for DNS",
  /** `{url}` is a link to the domain. */
  answersAt:
    "Your site answers at {url}. Its portal address sends visitors there, and your QR codes and printables use your domain.",
  firstVisit: "The first visit may take a few seconds while its security certificate is issued.",
  copyLinkTo: "Copy link to {domain}",
  /** `{checkNow}` is `checkNow`, in bold: the button's text. */
  addRecords: "Add the records below at your DNS provider, then press {checkNow}.",
  /** `{interval}` and `{minutes}` are numbers of minutes. */
  checkingInBackground:
    "We also check every {interval} minutes for the next {minutes} minutes, so you can leave this page.",
  dnsTakesTime: "Changes to DNS can take up to an hour to show everywhere.",
  /** `{ago}` is `momentAgo` or `minutesAgo`. */
  lastChecked: "Last checked {ago}.",
  momentAgo: "a moment ago",
  minutesAgo: { one: "a minute ago", other: "{count} minutes ago" },
  checkNow: "Check now",
  checking: "Checking…",

  // The DNS records
  recordsHeading: "DNS records",
  keepRecords: "Keep these records: without them your domain stops showing your site.",
  addEachRecord:
    "In your provider's DNS settings, add each record with the type, name and value shown.",
  /** What the last check found of a record. */
  recordFound: "Found",
  recordWrongValue: "Found with another value",
  recordNotFound: "Not found yet",
  recordElsewhere: "Points somewhere else",
  /** What a record is for: the TXT record, then the one that points the domain here. */
  provesYours: "Proves the domain is yours",
  sendsVisitors: "Sends your visitors to your site",
  recordType: "Type",
  /** After an ALIAS record's type. */
  aliasOtherNames: "(some providers call it ANAME or flattened CNAME)",
  recordName: "Name",
  recordValue: "Value",
  copy: "Copy",
  /** `{type}` is the record's type: TXT, CNAME, A… */
  copyValue: "Copy the value of the {type} record",

  // Removing the domain
  removeHeading: "Remove the domain",
  removeIntro: "Your site goes back to its portal address at once: {url}",
  removeDomain: "Remove domain",
  removeQuestion: "Remove {domain}?",
  removeWarning:
    "Your site goes back to {url} at once. Links and QR codes with your domain stop working until you connect it again.",
  remove: "Remove",
  removing: "Removing…",
});
