/**
 * The database schema, shared by PGlite and PostgreSQL.
 *
 * The four auth tables follow better-auth's model (plural names, `usePlural`).
 * The owner profile of SPEC section 3 (`users/{uid}`) lives on the auth `users`
 * row itself, so creating an account and its profile is one insert; the owner's
 * product ids and count are derived from `products`, so they can never disagree.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { HoursRow, SpecialHours } from "../../lib/hours";
import type { OptionGroup } from "../../lib/item-options";
import type { PricedLine } from "../../lib/order-cart";
import type { OrderHistoryEntry, OrderState } from "../../lib/order-states";
import type { CardPaymentsChoice, OrderPayment, PaymentState } from "../../lib/card-payments";
import type { ProductType } from "~/sites/product-types";
import type { StaffRole } from "~/lib/site-access";
import type { BookingHistoryEntry, BookingState } from "../../lib/booking-states";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  /** The owner's username (better-auth calls it `name`). */
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** Compared in lower case; only `valid` may create products. */
  status: text("status").notNull().default("valid"),
  maxProduct: integer("max_product").notNull().default(3),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so every server process shares them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const products = pgTable(
  "products",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<ProductType>().notNull(),
    exists: boolean("exists").notNull().default(true),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** When the owner first copied or shared the public link (the Getting started checklist). */
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "products_type_check",
      sql`${table.type} in ('restaurant', 'shoppy', 'dealership', 'ecommerce')`,
    ),
    // The owner's list and the per-owner limit count read this.
    index("products_owner_idx").on(table.ownerUid, table.createdAt),
  ],
);

/**
 * The people an owner gave work on a site (app/lib/site-access.ts): one role each. Removing a
 * row takes effect on the person's next request, since every check reads it.
 */
export const siteMembers = pgTable(
  "site_members",
  {
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<StaffRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.userId] }),
    check("site_members_role_check", sql`${table.role} in ('orders', 'editor')`),
    // A person's sites, for their portal and their live updates.
    index("site_members_user_idx").on(table.userId),
  ],
);

/**
 * An owner's invitation to work on a site, sent to an address. Only the token's SHA-256 is
 * kept: the link itself is in the mail (or copied by the owner) and nowhere else. It works
 * once, for an account with that address, until `expiresAt`.
 */
export const siteInvitations = pgTable(
  "site_invitations",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("site_invitations_role_check", sql`${table.role} in ('orders', 'editor')`),
    index("site_invitations_product_idx").on(table.productId),
  ],
);

export type ContactInfo = { phone: string; email: string };
export type ColorSet = { primary: string; secondary: string; text: string };

export const productInfo = pgTable("product_info", {
  productId: varchar("product_id", { length: 20 })
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  contact: jsonb("contact").$type<ContactInfo>().notNull().default({ phone: "", email: "" }),
  hours: jsonb("hours").$type<HoursRow[]>().notNull().default([]),
  /** Dated exceptions to the week (holidays, short days), by first day; past ones are dropped on save. */
  specialHours: jsonb("special_hours").$type<SpecialHours[]>().notNull().default([]),
  /** The IANA time zone the hours are kept in ("Europe/Rome"), or "" while unknown. */
  timeZone: text("time_zone").notNull().default(""),
  colors: jsonb("colors")
    .$type<ColorSet>()
    .notNull()
    .default({ primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" }),
  logoUrl: text("logo_url").notNull().default(""),
  bgUrl: text("bg_url").notNull().default(""),
  address: text("address").notNull().default(""),
  /** ISO 4217 code the public page shows prices in (see app/lib/currency.ts). */
  currency: text("currency").notNull().default("USD"),
  /** The language the public page speaks (a code of app/lib/i18n/languages.ts). */
  language: text("language").notNull().default("en"),
  /** Up to 3 more languages the owner translates the page into, in the order added. */
  extraLanguages: jsonb("extra_languages").$type<string[]>().notNull().default([]),
  /** The public page's font style, a system font stack (see app/lib/themes.ts). */
  fontStyle: text("font_style").notNull().default("modern"),
  /** The theme preset last picked, or "" when the colours were chosen one by one. */
  theme: text("theme").notNull().default(""),
  /** The owner's order of menu categories (a new one is appended); any in use but unlisted follow by name. */
  categoryOrder: jsonb("category_order").$type<string[]>().notNull().default([]),
  /** Shop tags (shoppy only): trimmed, unique case-insensitively, at most 50. */
  tags: jsonb("tags").$type<string[]>().notNull().default([]),
  /** Shop payment links (shoppy only): a PayPal.me and a Venmo username, or "". */
  paypalUsername: text("paypal_username").notNull().default(""),
  venmoUsername: text("venmo_username").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * Items of restaurants and shoppies in one table: the restaurant fields
 * (category, star, one image) and the shoppy fields (tags, soldOut, up to 5
 * images) sit side by side; each editor uses its own.
 */
export const items = pgTable(
  "items",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Exact to the cent: integer cents, never a float. */
    priceCents: integer("price_cents").notNull().default(0),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    star: boolean("star").notNull().default(false),
    imageUrl: text("image_url").notNull().default(""),
    imageBytes: integer("image_bytes").notNull().default(0),
    imageMime: text("image_mime").notNull().default(""),
    tags: json("tags").$type<string[]>().notNull().default([]),
    /** Sold out until the owner turns it back (restaurants and shops). */
    soldOut: boolean("sold_out").notNull().default(false),
    /**
     * Sold out for today: back on sale at this moment, the site's next opening when the owner
     * tapped "Sold out today" (app/lib/sold-out.ts); null when not.
     */
    soldOutUntil: timestamp("sold_out_until", { withTimezone: true }),
    images: json("images").$type<string[]>().notNull().default([]),
    /** Restaurant items: the EU allergens the dish contains (keys of app/lib/dietary.ts). */
    allergens: json("allergens").$type<string[]>().notNull().default([]),
    /** Restaurant items: the diets it suits and "spicy" (keys of app/lib/dietary.ts). */
    diets: json("diets").$type<string[]>().notNull().default([]),
    /** Sizes and choice groups, in the owner's order (app/lib/item-options.ts). */
    options: json("options").$type<OptionGroup[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("items_price_check", sql`${table.priceCents} >= 0`),
    // The editor and the public page list a product's items by name.
    index("items_product_name_idx").on(table.productId, table.name),
  ],
);

const viewCounter = (name: string) => integer(name).notNull().default(0);

/**
 * Views of each public site per UTC day: the total, by where the visitor came from
 * and by kind of device. Only these counters are kept; nothing about a visitor (no
 * address, user agent or cookie). Each server process adds its counts every few
 * seconds (app/server/analytics/page-views.server.ts).
 */
export const pageViewsDaily = pgTable(
  "page_views_daily",
  {
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The UTC day, as YYYY-MM-DD. */
    day: date("day", { mode: "string" }).notNull(),
    views: viewCounter("views"),
    /** Opened from the site's QR code (`?src=qr`). */
    qr: viewCounter("qr"),
    /** Referred by a social network or messenger. */
    social: viewCounter("social"),
    /** Referred by a search engine. */
    search: viewCounter("search"),
    /** Anything else: typed, bookmarked, another site, or no referrer at all. */
    direct: viewCounter("direct"),
    /** Phones and tablets. */
    phone: viewCounter("phone"),
    desktop: viewCounter("desktop"),
  },
  // The owner's screens read one site's (or a few sites') recent days: the key serves them.
  (table) => [primaryKey({ columns: [table.productId, table.day] })],
);

/**
 * Owners' writes counted per window (rate-limiter-flexible's Drizzle store): one row per
 * owner and kind of write (`writes:{uid}`, `uploads:{uid}`), shared by every server process
 * and gone an hour after its window ends.
 */
export const writeLimits = pgTable("write_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * An owner's own domain for one of their sites (`menu.caferose.com`): at most one per site.
 * Added unverified with a random token; verified once its DNS carries the token in a TXT
 * record and points at the portal. Several sites may have asked for the same domain, but
 * only one can hold it verified: whoever proves control of its DNS first.
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    productId: varchar("product_id", { length: 20 })
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Lower-case ASCII (an internationalised name in its xn-- form), without a final dot. */
    domain: text("domain").notNull(),
    /** What the `_portal-verify.{domain}` TXT record must hold. */
    token: text("token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** Until when the domain is checked again in the background (an hour after adding or a check). */
    recheckUntil: timestamp("recheck_until", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** What the last check found (a DomainCheck of app/lib/custom-domains.ts), or null before any. */
    lastCheck: jsonb("last_check").$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [
    // Every request on a custom domain looks its host up here; a domain has one verified site.
    uniqueIndex("custom_domains_verified_domain_idx")
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
    // The background re-check picks the unverified domains whose hour is not over.
    index("custom_domains_recheck_idx").on(table.recheckUntil),
  ],
);

/**
 * How a restaurant or shop takes orders (app/lib/order-settings.ts); no row means ordering
 * is off with the defaults.
 */
export const orderSettings = pgTable(
  "order_settings",
  {
    productId: varchar("product_id", { length: 20 })
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    pickup: boolean("pickup").notNull().default(true),
    delivery: boolean("delivery").notNull().default(false),
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    deliveryMinimumCents: integer("delivery_minimum_cents").notNull().default(0),
    deliveryNote: text("delivery_note").notNull().default(""),
    leadMinutes: integer("lead_minutes").notNull().default(20),
    slotMinutes: integer("slot_minutes").notNull().default(15),
    daysAhead: integer("days_ahead").notNull().default(0),
    minimumCents: integer("minimum_cents").notNull().default(0),
    /** Orders per slot at most; null for no cap. */
    slotCap: integer("slot_cap"),
    /** Where new orders are mailed; "" for the account's address. */
    email: text("email").notNull().default(""),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    pausedIndefinitely: boolean("paused_indefinitely").notNull().default(false),
    /** Card payments at checkout: off, optional (or at pickup/delivery), or required. */
    cardPayments: text("card_payments").$type<CardPaymentsChoice>().notNull().default("off"),
    /** A new order not answered this many minutes after it arrived mails the owner again. */
    remindMinutes: integer("remind_minutes").notNull().default(3),
    /** A new order not answered this many minutes after it arrived is turned down; null: never. */
    giveUpMinutes: integer("give_up_minutes").default(15),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The form's limits are app/lib/order-settings.ts's; the sweep needs only these.
    check("order_settings_remind_check", sql`${table.remindMinutes} >= 1`),
    check(
      "order_settings_give_up_check",
      sql`${table.giveUpMinutes} is null or ${table.giveUpMinutes} > ${table.remindMinutes}`,
    ),
  ],
);

/**
 * The payment provider's account a site is paid into (Stripe Connect: the business's own
 * Standard account). One site, one account; an account serves one site, so one business's
 * account id can never receive another's order. Its state is read from the provider on the
 * owner's return from onboarding and kept current by its webhooks.
 */
export const paymentAccounts = pgTable("payment_accounts", {
  productId: varchar("product_id", { length: 20 })
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  provider: text("provider").notNull().default("stripe"),
  accountId: text("account_id").notNull().unique(),
  /** The provider takes payments for it. */
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  /** The business finished the provider's onboarding form. */
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every provider event acted on, by its id, written in the transaction that acted on it:
 * an event delivered twice (the provider retries until it hears 2xx) changes nothing again.
 */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

/**
 * A customer's order. The lines are a snapshot of names and prices when it was placed, so
 * a later price change leaves it as it was. The customer's name, phone, email, address and
 * note are emptied `ORDER_DATA_DAYS` after the order closed (`personalDataRemovedAt`); the
 * lines and totals stay for the owner's books.
 */
export const orders = pgTable(
  "orders",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The status page's address: 32 random letters and digits (about 190 bits). */
    token: varchar("token", { length: 32 }).notNull().unique(),
    /** The site's own running number, shown as "Order 12". */
    number: integer("number").notNull(),
    /** The review form's key: placing the same form twice gives the one order. */
    placeKey: varchar("place_key", { length: 32 }).notNull(),
    state: text("state").$type<OrderState>().notNull().default("new"),
    fulfilment: text("fulfilment").$type<"pickup" | "delivery">().notNull(),
    /** The time the customer asked for. */
    slotAt: timestamp("slot_at", { withTimezone: true }).notNull(),
    /** The time the owner promised on accepting. */
    readyAt: timestamp("ready_at", { withTimezone: true }),
    rejectReason: text("reject_reason").notNull().default(""),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email").notNull().default(""),
    deliveryAddress: text("delivery_address").notNull().default(""),
    note: text("note").notNull().default(""),
    lines: jsonb("lines").$type<PricedLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    /**
     * The language of the order page it was placed from: its status page and the mails to the
     * customer speak it (null, for orders placed before there were languages: the site's main
     * one). The lines stay in the site's main language, the owner's.
     */
    language: text("language"),
    history: jsonb("history").$type<OrderHistoryEntry[]>().notNull(),
    createdAt: createdAt(),
    /** When it was completed, rejected or cancelled: its personal data ages from here. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    personalDataRemovedAt: timestamp("personal_data_removed_at", { withTimezone: true }),
    /**
     * The cart as the order page's form carried it (item ids, quantities, choice ids): a card
     * order's checkout given up brings the customer back to its review with it.
     */
    cart: text("cart").notNull().default(""),
    /** How the customer pays: at pickup or delivery (or a PayPal/Venmo link), or by card online. */
    payment: text("payment").$type<OrderPayment>().notNull().default("in-person"),
    /** A card order's money: null for the others (app/lib/card-payments.ts). */
    paymentState: text("payment_state").$type<PaymentState>(),
    /** The connected account the checkout was made on: the only one its events may come from. */
    paymentAccountId: text("payment_account_id"),
    /** The provider's checkout (Stripe: cs_…) and where the customer pays on it. */
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    /** The provider's payment (Stripe: pi_…), once paid: what a refund names. */
    paymentId: text("payment_id"),
    /** What the provider reported paid, in hundredths of the currency's unit as prices are. */
    paidCents: integer("paid_cents"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundId: text("refund_id"),
    /** Why the money is not as it should be (a refund failed, a paid amount did not match). */
    paymentProblem: text("payment_problem").notNull().default(""),
    /** When the owner was reminded of this order still new (order-escalation): once only. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "orders_state_check",
      sql`${table.state} in ('awaiting-payment', 'new', 'accepted', 'ready', 'completed', 'rejected', 'cancelled')`,
    ),
    check("orders_payment_check", sql`${table.payment} in ('in-person', 'card')`),
    check(
      "orders_payment_state_check",
      sql`${table.paymentState} in ('awaiting', 'paid', 'refunding', 'refunded', 'refund-failed', 'amount-mismatch')`,
    ),
    // A provider's event names its checkout; the order is found by it.
    uniqueIndex("orders_checkout_idx").on(table.checkoutId),
    check("orders_fulfilment_check", sql`${table.fulfilment} in ('pickup', 'delivery')`),
    uniqueIndex("orders_product_number_idx").on(table.productId, table.number),
    uniqueIndex("orders_product_place_key_idx").on(table.productId, table.placeKey),
    // A slot's cap counts its orders; the inbox lists by time.
    index("orders_product_slot_idx").on(table.productId, table.slotAt),
    index("orders_product_created_idx").on(table.productId, table.createdAt),
    index("orders_closed_idx").on(table.closedAt),
    // The sweep for unanswered orders looks at the few still new, every few seconds.
    index("orders_new_idx")
      .on(table.createdAt)
      .where(sql`${table.state} = 'new'`),
  ],
);

/**
 * How a restaurant takes table bookings (app/lib/booking-settings.ts); no row means bookings
 * are off with the defaults.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    productId: varchar("product_id", { length: 20 })
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    maxPartySize: integer("max_party_size").notNull().default(8),
    slotMinutes: integer("slot_minutes").notNull().default(30),
    holdMinutes: integer("hold_minutes").notNull().default(90),
    lastSeatingMinutes: integer("last_seating_minutes").notNull().default(60),
    noticeMinutes: integer("notice_minutes").notNull().default(120),
    daysAhead: integer("days_ahead").notNull().default(30),
    capacity: integer("capacity").notNull().default(20),
    confirmEach: boolean("confirm_each").notNull().default(false),
    cancelCutoffMinutes: integer("cancel_cutoff_minutes").notNull().default(120),
    /** The private calendar feed's secret (32 letters and digits); null until first shown. */
    feedSecret: varchar("feed_secret", { length: 32 }).unique(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("booking_settings_capacity_check", sql`${table.capacity} >= 1`),
    check("booking_settings_party_check", sql`${table.maxPartySize} >= 1`),
  ],
);

/**
 * A stretch of time a restaurant takes no bookings (a private event) without closing: a whole
 * day or a part of one, as moments, so the site's zone and daylight saving are settled once.
 */
export const bookingClosures = pgTable(
  "booking_closures",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    check("booking_closures_span_check", sql`${table.endsAt} > ${table.startsAt}`),
    index("booking_closures_product_idx").on(table.productId, table.startsAt),
  ],
);

/**
 * A guest's table booking. It holds `partySize` covers from `startsAt` to `endsAt` while it is
 * requested, confirmed or seated. The guest's name, phone, email and note are emptied
 * `ORDER_DATA_DAYS` after it closed, like an order's.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The booking page's address: 32 random letters and digits, like an order's. */
    token: varchar("token", { length: 32 }).notNull().unique(),
    /** The booking form's key: sending the same form twice gives the one booking. */
    placeKey: varchar("place_key", { length: 32 }).notNull(),
    state: text("state").$type<BookingState>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The end of the table's hold, fixed when booked. */
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    partySize: integer("party_size").notNull(),
    guestName: text("guest_name").notNull(),
    guestPhone: text("guest_phone").notNull(),
    guestEmail: text("guest_email").notNull(),
    note: text("note").notNull().default(""),
    /** The booking page's language: the guest's page and mails speak it. */
    language: text("language").notNull(),
    declineReason: text("decline_reason").notNull().default(""),
    history: jsonb("history").$type<BookingHistoryEntry[]>().notNull(),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    personalDataRemovedAt: timestamp("personal_data_removed_at", { withTimezone: true }),
    /** When the day-before reminder was queued: once only. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "bookings_state_check",
      sql`${table.state} in ('requested', 'confirmed', 'seated', 'no-show', 'declined', 'cancelled')`,
    ),
    check("bookings_party_check", sql`${table.partySize} >= 1`),
    check("bookings_span_check", sql`${table.endsAt} > ${table.startsAt}`),
    uniqueIndex("bookings_product_place_key_idx").on(table.productId, table.placeKey),
    index("bookings_product_starts_idx").on(table.productId, table.startsAt),
    index("bookings_closed_idx").on(table.closedAt),
    // The reminder sweep looks at the few confirmed bookings not yet reminded.
    index("bookings_unreminded_idx")
      .on(table.startsAt)
      .where(sql`${table.state} = 'confirmed' and ${table.remindedAt} is null`),
  ],
);

/**
 * Mail about orders and table bookings waiting to go out, and card refunds waiting to be asked of the payment
 * provider: written in the order's own transaction, done after the commit and retried until
 * the mail server (or the provider) takes it. The mail is built from the order
 * when it is sent, so nothing personal is copied here.
 */
export const orderMail = pgTable(
  "order_mail",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    /** The order the row is about; null for a booking's. */
    orderId: varchar("order_id", { length: 20 }).references(() => orders.id, {
      onDelete: "cascade",
    }),
    /** The table booking the row is about; null for an order's. */
    bookingId: varchar("booking_id", { length: 20 }).references(() => bookings.id, {
      onDelete: "cascade",
    }),
    /**
     * owner-new, customer-accepted, customer-rejected, customer-ready; card-refund,
     * push-new-order and push-reminder (not mails); for a booking, booking-* (bookings/).
     */
    kind: text("kind").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set once retries are given up; the inbox shows the order's mail failed. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_mail_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index("order_mail_order_idx").on(table.orderId),
    index("order_mail_booking_idx").on(table.bookingId),
    check("order_mail_subject_check", sql`num_nonnulls(${table.orderId}, ${table.bookingId}) = 1`),
  ],
);

/**
 * The owner's translations of a site's texts into its further languages: one row per
 * language and text (`key`, app/lib/i18n/translatable-texts.ts). A text of an item goes with
 * the item (`itemId`); a site's other texts (categories, special-day notes) have none.
 */
export const translations = pgTable(
  "translations",
  {
    productId: varchar("product_id", { length: 20 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    key: text("key").notNull(),
    itemId: varchar("item_id", { length: 20 }).references(() => items.id, {
      onDelete: "cascade",
    }),
    text: text("text").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.language, table.key] })],
);

/**
 * The devices (browsers) that get a Web Push notification of their user's new orders
 * (app/server/push/): the push service's address for the device and the keys its messages
 * are encrypted to. A push service answering 404 or 410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: varchar("id", { length: 20 }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The device's P-256 public key and auth secret, base64url as the browser gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** When the push service last took a message for it. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  products,
  productInfo,
  items,
  pageViewsDaily,
  writeLimits,
  customDomains,
  orderSettings,
  orders,
  orderMail,
  bookingSettings,
  bookingClosures,
  bookings,
  translations,
  paymentAccounts,
  paymentEvents,
  pushSubscriptions,
};
export type Schema = typeof schema;
