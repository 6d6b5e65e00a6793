/**
 * Who may do what to a site: the one table of roles and capabilities
 * (docs/decisions/0033-site-staff.md). The server checks it in one place
 * (`requireSite` in app/server/access/site-access.server.ts); pages read it only to leave out
 * what a role cannot use.
 */

/** The site's owner, and the two roles an owner can give staff. */
export const SITE_ROLES = ["owner", "editor", "orders"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

export const STAFF_ROLES = ["orders", "editor"] as const satisfies readonly SiteRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/**
 * Each capability and the roles that have it.
 * - `orders`: the site's orders inbox (accept, reject, ready, completed, pause, sold out today,
 *   a refund's retry), its tickets, its CSV and its live updates.
 * - `bookings`: the site's table bookings (confirm, decline, seated, no-show, cancel, closures
 *   for a day), their day sheet, CSV and calendar feed, and their live updates.
 * - `site.edit`: the editor (items, Info, options, ordering settings, translations), uploads
 *   and printables.
 * - The rest are the owner's alone: the money, the address, the people and the site's life.
 */
export const CAPABILITY_ROLES = {
  orders: ["owner", "editor", "orders"],
  bookings: ["owner", "editor", "orders"],
  "site.edit": ["owner", "editor"],
  "site.payments": ["owner"],
  "site.domain": ["owner"],
  "site.staff": ["owner"],
  "site.delete": ["owner"],
} as const satisfies Record<string, readonly SiteRole[]>;

export type SiteCapability = keyof typeof CAPABILITY_ROLES;

export const SITE_CAPABILITIES = Object.keys(CAPABILITY_ROLES) as SiteCapability[];

export function roleMay(role: SiteRole, capability: SiteCapability): boolean {
  return (CAPABILITY_ROLES[capability] as readonly SiteRole[]).includes(role);
}

/** At most this many people (members and open invitations) work on one site besides its owner. */
export const MAX_STAFF_PER_SITE = 10;

/** The invitation page of `token`. */
export function invitationPath(token: string): string {
  return `/invite/${token}`;
}

/** An invitation works once, within this long. */
export const INVITATION_DAYS = 7;
