/**
 * A fake Stripe API on 127.0.0.1 that speaks Stripe's protocol, for the portal's Connect
 * payments (Standard accounts, direct charges with `Stripe-Account`, hosted Checkout): the
 * `stripe` package talks to it as to api.stripe.com when given its host, port and protocol.
 * No test calls Stripe.
 *
 * It answers form-encoded v1 requests with Stripe-shaped JSON and Stripe's error shape, keeps
 * every request, replays idempotent ones, serves stand-ins for the hosted onboarding and
 * Checkout pages (plain HTML forms), and sends signed webhooks to the portal.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { parseForm, type FormObject, type FormValue } from "./form";
import { formatAmount, minimumCharge } from "./money";
import { checkoutPage, messagePage, onboardingPage } from "./pages";
import type {
  AccountLinkRecord,
  FakeAccount,
  FakeCheckoutSession,
  FakeLineItem,
  FakePaymentIntent,
  FakeRefund,
  Metadata,
  PaidOverride,
  RefundFailure,
} from "./types";
import { WebhookSender, type FakeEvent, type WebhookDelivery } from "./webhooks";

export type * from "./types";
export type { FakeEvent, WebhookDelivery } from "./webhooks";
export { formatAmount, minorUnitDigits } from "./money";

export interface FakeStripeOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Where a browser reaches the fake, for the onboarding and Checkout URLs it hands out
   * (default `http://<host>:<port>`).
   */
  publicUrl?: string;
  /** Where to send webhooks (also `setWebhookTarget`). */
  webhook?: { url: string; secret: string };
  /** Retries after a failed delivery (default 3; 0 turns them off). */
  webhookRetries?: number;
  /** Delay before the first retry, doubled for each next one (default 200 ms). */
  webhookRetryDelayMs?: number;
  /** Accept this secret key only (default: any `sk_test_…`, `sk_live_…`, `rk_test_…`, `rk_live_…`). */
  secretKey?: string;
  /** Checkout on an account whose `charges_enabled` is false is refused (default true). */
  requireChargesEnabled?: boolean;
  /** Events' `api_version` (default the `stripe` package's). */
  apiVersion?: string;
  /** The fake's clock in milliseconds (default Date.now): creation times, expiry. */
  now?: () => number;
  /** Country of accounts created without one (default "US"). */
  defaultCountry?: string;
  /** One line per request and webhook, for a standalone run. */
  log?: (line: string) => void;
}

export interface RecordedRequest {
  method: string;
  /** The path without its query string. */
  path: string;
  query: FormObject;
  /** The parsed form body (bracketed keys made into objects and arrays, leaves strings). */
  body: FormObject;
  /** The `Stripe-Account` header, or the account a `Stripe-Context` header names. */
  stripeAccount: string | null;
  idempotencyKey: string | null;
  /** Whether an `Authorization` header came and held a usable secret key (never the key). */
  authorization: "none" | "valid" | "invalid";
  stripeVersion: string | null;
  /** The answer's status (0 until answered). */
  status: number;
  /** Answered from the idempotency store, not done again. */
  replayed: boolean;
  at: number;
}

export interface CompletedPayment {
  session: FakeCheckoutSession;
  paymentIntent: FakePaymentIntent;
  event: FakeEvent;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** For `new Stripe(key, { ...fake.clientOptions })`. */
  clientOptions: { host: string; port: number; protocol: "http" };
  requests: RecordedRequest[];
  accounts: Map<string, FakeAccount>;
  accountLinks: Map<string, AccountLinkRecord>;
  sessions: Map<string, FakeCheckoutSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every event made, delivered or not, oldest first. */
  events: FakeEvent[];
  /** Every webhook attempt with its answer, oldest first. */
  deliveries: WebhookDelivery[];
  /** The connected account a session, payment intent, charge or refund belongs to. */
  accountOf(objectId: string): string | undefined;
  lineItemsOf(sessionId: string): FakeLineItem[];
  /** An account made directly, onboarded or not, without an API call or webhook. */
  createAccount(input?: { country?: string; email?: string; onboarded?: boolean }): FakeAccount;
  /** What "Complete onboarding" does, without the page: resolves after the webhook's first try. */
  completeOnboarding(accountId: string): Promise<FakeAccount>;
  /** What "Pay" does, without the page: resolves after the webhook's first try. */
  completeSession(sessionId: string, paid?: PaidOverride): Promise<CompletedPayment>;
  /** Expires an open session and sends checkout.session.expired (after its first try). */
  expireSession(sessionId: string): Promise<FakeCheckoutSession>;
  /** Makes this session report `paid` (an amount or currency other than its lines') when paid. */
  tamperSession(sessionId: string, paid: PaidOverride): void;
  /** The same for the next session paid, whichever it is. */
  tamperNextSession(paid: PaidOverride): void;
  /**
   * The next `count` refund requests fail with this error (a message, or status/type/code;
   * default 500 api_error). As on Stripe, the failure is stored under the request's
   * idempotency key: the same key gets it again.
   */
  failNextRefunds(count: number, failure?: string | RefundFailure): void;
  /** Where webhooks go from now on; null stops them. */
  setWebhookTarget(url: string | null, secret?: string): void;
  /** Makes and sends an event; resolves after its first try. */
  sendEvent(type: string, object: Record<string, unknown>, account?: string): Promise<FakeEvent>;
  /** Sends an event once more (one attempt, no retries), even one never delivered. */
  redeliver(eventId: string): Promise<WebhookDelivery>;
  /** While holding, new events are kept, not sent: `releaseWebhooks` or `dropHeldWebhooks`. */
  holdWebhooks(hold?: boolean): void;
  heldEvents(): FakeEvent[];
  /**
   * Sends held events: those listed, in that order (holding goes on), or all of them, oldest
   * first, and stops holding. Resolves with each event's first attempt.
   */
  releaseWebhooks(eventIds?: string[]): Promise<WebhookDelivery[]>;
  /** Forgets held events: they stay in `events` but are never sent. */
  dropHeldWebhooks(): FakeEvent[];
  /** Waits until no webhook is being sent or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/* ----------------------------------------------------------------------------------------- */

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: { code?: string; param?: string } = {},
    /** Stored under the idempotency key, as Stripe stores what an endpoint began to do. */
    readonly stored = false,
  ) {
    super(message);
  }
}

const invalid = (message: string, details?: { code?: string; param?: string }) =>
  new ApiError(400, "invalid_request_error", message, details);
const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: "parameter_missing", param });
const noSuch = (kind: string, id: string, param?: string) =>
  new ApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
    code: "resource_missing",
    ...(param ? { param } : {}),
  });

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomText(length: number): string {
  let text = "";
  for (const byte of randomBytes(length)) text += ALPHABET[byte % ALPHABET.length];
  return text;
}
/** Ids as long as Stripe's, so that a column too short for them shows. */
const ids = {
  account: () => `acct_1${randomText(15)}`,
  session: () => `cs_test_a1${randomText(56)}`,
  paymentIntent: () => `pi_3${randomText(23)}`,
  charge: () => `ch_3${randomText(23)}`,
  refund: () => `re_3${randomText(23)}`,
  event: () => `evt_1${randomText(23)}`,
  request: () => `req_${randomText(14)}`,
  price: () => `price_1${randomText(23)}`,
  product: () => `prod_${randomText(14)}`,
  lineItem: () => `li_1${randomText(23)}`,
  link: () => randomText(24),
};

// prettier-ignore
const DEFAULT_CURRENCY: Record<string, string> = {
  US: "usd", JP: "jpy", GB: "gbp", CA: "cad", AU: "aud", NZ: "nzd", CH: "chf", SG: "sgd",
  HK: "hkd", DK: "dkk", NO: "nok", SE: "sek", MX: "mxn", BR: "brl", IN: "inr", TH: "thb",
  MY: "myr", PL: "pln",
};
const EURO_COUNTRIES = new Set(
  "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK".split(" "),
);

const CURRENCIES = new Set(Intl.supportedValuesOf("currency").map((code) => code.toLowerCase()));

const INITIAL_REQUIREMENTS = [
  "business_profile.mcc",
  "business_profile.url",
  "business_type",
  "external_account",
  "representative.first_name",
  "representative.last_name",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];

const isObject = (value: FormValue | undefined): value is FormObject =>
  typeof value === "object" && !Array.isArray(value);

function optionalString(form: FormObject, name: string, param = name): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${param}`, { param });
  return value;
}

function requiredString(form: FormObject, name: string, param = name): string {
  const value = optionalString(form, name, param);
  if (value === undefined || value === "") throw missing(param);
  return value;
}

function optionalInteger(form: FormObject, name: string, param = name): number | undefined {
  const value = optionalString(form, name, param);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${value}`, { code: "parameter_invalid_integer", param });
  }
  return Number(value);
}

function requiredUrl(form: FormObject, name: string, param = name): string {
  const value = requiredString(form, name, param);
  checkUrl(value, param);
  return value;
}

function optionalUrl(form: FormObject, name: string, param = name): string | undefined {
  const value = optionalString(form, name, param);
  if (value === undefined || value === "") return undefined;
  checkUrl(value, param);
  return value;
}

function checkUrl(value: string, param: string): void {
  let url: URL | undefined;
  try {
    // Stripe's placeholder is not URL syntax; it is replaced before use.
    url = new URL(value.replace("{CHECKOUT_SESSION_ID}", "x"));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw invalid("Not a valid URL", { code: "url_invalid", param });
  }
}

/** Stripe's limits: 50 keys, keys up to 40 characters, values up to 500. */
function readMetadata(form: FormObject, name: string, param = name): Metadata {
  const value = form[name];
  if (value === undefined || value === "") return {};
  if (!isObject(value)) throw invalid(`Invalid object: ${param}`, { param });
  const metadata: Metadata = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw invalid(`Invalid string: ${param}[${key}]`, { param });
    if (key.length > 40) {
      throw invalid(`Metadata keys can have up to 40 characters: ${key}`, { param });
    }
    if (item.length > 500) {
      throw invalid(`Metadata values can have up to 500 characters (${key})`, { param });
    }
    // An empty value unsets a key; on a new object there is nothing to unset.
    if (item !== "") metadata[key] = item;
  }
  if (Object.keys(metadata).length > 50) {
    throw invalid("Metadata can have up to 50 keys", { param });
  }
  return metadata;
}

function readExpand(form: FormObject): string[] {
  const value = form.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === "string");
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The top-level parameters Stripe takes on each endpoint (from the `stripe` package's types):
 * any other is refused, as Stripe refuses it ("Received unknown parameter"). Those the fake
 * does not model are accepted and ignored.
 */
const PARAMS = {
  expandOnly: ["expand"],
  list: ["expand", "limit", "starting_after", "ending_before"],
  createAccount: words(
    "account_token business_profile business_type capabilities company controller country " +
      "default_currency documents email expand external_account groups individual metadata " +
      "settings tos_acceptance type",
  ),
  createAccountLink: words("account type collect collection_options expand refresh_url return_url"),
  createCheckoutSession: words(
    "adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types " +
      "automatic_tax billing_address_collection branding_settings cancel_url " +
      "client_reference_id consent_collection currency custom_fields custom_text customer " +
      "customer_account customer_creation customer_email customer_update discounts " +
      "excluded_payment_method_types expand expires_at integration_identifier invoice_creation " +
      "line_items locale managed_payments metadata mode name_collection optional_items " +
      "origin_context payment_intent_data payment_method_collection " +
      "payment_method_configuration payment_method_data payment_method_options permissions " +
      "phone_number_collection redirect_on_completion return_url saved_payment_method_options " +
      "setup_intent_data shipping_address_collection shipping_options submit_type " +
      "subscription_data success_url tax_id_collection ui_mode wallet_options",
  ),
  retrievePaymentIntent: ["client_secret", "expand"],
  createRefund: words(
    "amount charge currency customer expand instructions_email metadata origin payment_intent " +
      "reason refund_application_fee reverse_transfer",
  ),
};

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/* ----------------------------------------------------------------------------------------- */

interface SessionRecord {
  account: string;
  lineItems: FakeLineItem[];
  applicationFeeAmount: number | null;
  paymentIntentMetadata: Metadata;
  tamper?: PaidOverride;
}

interface StoredAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface ApiContext {
  record: RecordedRequest;
  requestId: string;
  account: string | null;
  params: FormObject;
}

interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new ApiError(413, "invalid_request_error", "Request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function accountFromHeaders(req: IncomingMessage): string | null {
  const account = req.headers["stripe-account"];
  if (typeof account === "string" && account !== "") return account;
  // `stripeContext: "acct_…"` sends Stripe-Context; its last segment is the account acted on.
  const context = req.headers["stripe-context"];
  if (typeof context === "string" && context !== "") return context.split("/").pop() ?? null;
  return null;
}

function bearerKey(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1]!.trim();
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, "base64").toString("utf8").split(":")[0] ?? "";
  return "";
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const log = options.log ?? (() => undefined);
  const apiVersion = options.apiVersion ?? Stripe.API_VERSION;
  const requireChargesEnabled = options.requireChargesEnabled ?? true;
  const host = options.host ?? "127.0.0.1";

  const requests: RecordedRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const accountLinks = new Map<string, AccountLinkRecord>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const sessionRecords = new Map<string, SessionRecord>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refunded = new Map<string, number>();
  const owners = new Map<string, string>();
  const events: FakeEvent[] = [];
  const idempotency = new Map<string, StoredAnswer>();
  const refundFailures: RefundFailure[] = [];
  let nextTamper: PaidOverride | undefined;

  const webhooks = new WebhookSender(
    {
      retries: options.webhookRetries ?? 3,
      retryDelayMs: options.webhookRetryDelayMs ?? 200,
      timeoutMs: 10_000,
    },
    log,
  );
  if (options.webhook) webhooks.target = { ...options.webhook };

  let publicUrl = "";

  /* --- events ---------------------------------------------------------------------------- */

  function createEvent(
    type: string,
    object: object,
    account: string | undefined,
    extra: { previous?: Record<string, unknown>; request?: ApiContext } = {},
  ): FakeEvent {
    const event: FakeEvent = {
      id: ids.event(),
      object: "event",
      ...(account ? { account } : {}),
      api_version: apiVersion,
      created: seconds(),
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(extra.previous ? { previous_attributes: structuredClone(extra.previous) } : {}),
      },
      livemode: false,
      pending_webhooks: webhooks.target ? 1 : 0,
      request: {
        id: extra.request?.requestId ?? null,
        idempotency_key: extra.request?.record.idempotencyKey ?? null,
      },
      type,
    };
    events.push(event);
    return event;
  }

  /** An event an API call caused: sent after the call is answered, as Stripe's are. */
  function emitLater(event: FakeEvent): void {
    setImmediate(() => void webhooks.dispatch(event));
  }

  /* --- accounts -------------------------------------------------------------------------- */

  function newAccount(input: {
    type?: string;
    country?: string;
    email?: string | null;
    metadata?: Metadata;
  }): FakeAccount {
    const country = (input.country ?? options.defaultCountry ?? "US").toUpperCase();
    const account: FakeAccount = {
      id: ids.account(),
      object: "account",
      type: input.type ?? "standard",
      business_profile: { name: null, url: null, mcc: null },
      business_type: null,
      capabilities: {},
      charges_enabled: false,
      controller: { type: "application", is_controller: true },
      country,
      created: seconds(),
      default_currency: DEFAULT_CURRENCY[country] ?? (EURO_COUNTRIES.has(country) ? "eur" : "usd"),
      details_submitted: false,
      email: input.email ?? null,
      livemode: false,
      metadata: input.metadata ?? {},
      payouts_enabled: false,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: [...INITIAL_REQUIREMENTS],
        disabled_reason: "requirements.past_due",
        errors: [],
        eventually_due: [...INITIAL_REQUIREMENTS],
        past_due: [...INITIAL_REQUIREMENTS],
        pending_verification: [],
      },
    };
    accounts.set(account.id, account);
    return account;
  }

  /** Marks the account onboarded; the previous attributes when it was not, else undefined. */
  function onboard(account: FakeAccount): Record<string, unknown> | undefined {
    if (account.charges_enabled && account.details_submitted && account.payouts_enabled) {
      return undefined;
    }
    const previous = {
      capabilities: structuredClone(account.capabilities),
      charges_enabled: account.charges_enabled,
      details_submitted: account.details_submitted,
      payouts_enabled: account.payouts_enabled,
      requirements: structuredClone(account.requirements),
    };
    account.capabilities = { card_payments: "active", transfers: "active" };
    account.charges_enabled = true;
    account.details_submitted = true;
    account.payouts_enabled = true;
    account.business_type = account.business_type ?? "individual";
    account.requirements = {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    };
    return previous;
  }

  async function completeOnboarding(accountId: string): Promise<FakeAccount> {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: ${accountId}`);
    const previous = onboard(account);
    if (previous) {
      await webhooks.dispatch(createEvent("account.updated", account, account.id, { previous }));
    }
    return account;
  }

  /* --- checkout -------------------------------------------------------------------------- */

  function sessionFor(id: string, account: string | null): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session || owners.get(id) !== account) throw noSuch("checkout.session", id, "session");
    expireIfDue(session);
    return session;
  }

  function expire(session: FakeCheckoutSession, request?: ApiContext): FakeEvent {
    session.status = "expired";
    session.url = null;
    return createEvent("checkout.session.expired", session, owners.get(session.id), { request });
  }

  /** A session past its expires_at expires when next looked at, and says so by webhook. */
  function expireIfDue(session: FakeCheckoutSession): void {
    if (session.status === "open" && seconds() >= session.expires_at) emitLater(expire(session));
  }

  function pay(session: FakeCheckoutSession, paid: PaidOverride = {}): CompletedPayment {
    const record = sessionRecords.get(session.id)!;
    const tamper = { ...(record.tamper ?? nextTamper ?? {}), ...paid };
    if (!record.tamper) nextTamper = undefined;
    const amount = tamper.amountTotal ?? session.amount_total;
    const currency = (tamper.currency ?? session.currency).toLowerCase();
    const email = session.customer_email ?? tamper.email ?? null;
    const paymentIntent: FakePaymentIntent = {
      id: ids.paymentIntent(),
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: amount,
      application_fee_amount: record.applicationFeeAmount,
      capture_method: "automatic_async",
      created: seconds(),
      currency,
      latest_charge: ids.charge(),
      livemode: false,
      metadata: { ...record.paymentIntentMetadata },
      payment_method_types: ["card"],
      receipt_email: null,
      status: "succeeded",
    };
    paymentIntents.set(paymentIntent.id, paymentIntent);
    owners.set(paymentIntent.id, record.account);
    owners.set(paymentIntent.latest_charge, record.account);
    refunded.set(paymentIntent.id, 0);

    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = paymentIntent.id;
    session.url = null;
    session.amount_total = amount;
    session.amount_subtotal = amount;
    session.currency = currency;
    session.customer_details = {
      address: null,
      email,
      name: null,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    const event = createEvent("checkout.session.completed", session, record.account);
    log(`checkout ${session.id} paid ${formatAmount(amount, currency)}`);
    return { session, paymentIntent, event };
  }

  async function completeSession(sessionId: string, paid?: PaidOverride) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    expireIfDue(session);
    if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}`);
    const payment = pay(session, paid);
    await webhooks.dispatch(payment.event);
    return payment;
  }

  function createCheckoutSession(ctx: ApiContext): ApiAnswer {
    const { params } = ctx;
    if (!ctx.account) {
      throw invalid(
        "This fake Stripe takes Checkout Sessions as direct charges only: send the " +
          "Stripe-Account header (the stripeAccount request option) with the connected account.",
      );
    }
    const account = accounts.get(ctx.account)!;
    if (requireChargesEnabled && !account.charges_enabled) {
      throw invalid(
        `The account ${account.id} cannot currently make charges: it has not finished ` +
          "onboarding (charges_enabled is false).",
      );
    }
    const mode = requiredString(params, "mode");
    if (mode !== "payment") {
      throw invalid(`This fake Stripe supports mode=payment only, not ${mode}.`, {
        param: "mode",
      });
    }
    const rawLines = params.line_items;
    if (rawLines === undefined || (Array.isArray(rawLines) && rawLines.length === 0)) {
      throw missing("line_items");
    }
    if (!Array.isArray(rawLines)) throw invalid("Invalid array", { param: "line_items" });
    if (rawLines.length > 100) {
      throw invalid("line_items can have up to 100 items", { param: "line_items" });
    }

    let currency: string | undefined;
    const lineItems: FakeLineItem[] = rawLines.map((raw, index) => {
      const at = `line_items[${index}]`;
      if (!isObject(raw)) throw invalid(`Invalid object: ${at}`, { param: at });
      if (raw.price !== undefined) {
        throw invalid("This fake Stripe takes price_data, not price ids.", {
          param: `${at}[price]`,
        });
      }
      const priceData = raw.price_data;
      if (!isObject(priceData)) throw missing(`${at}[price_data]`);
      const lineCurrency = requiredString(
        priceData,
        "currency",
        `${at}[price_data][currency]`,
      ).toLowerCase();
      if (!CURRENCIES.has(lineCurrency)) {
        throw invalid(`Invalid currency: ${lineCurrency}`, {
          param: `${at}[price_data][currency]`,
        });
      }
      if (currency !== undefined && currency !== lineCurrency) {
        throw invalid(
          `All line items must be in the same currency: ${currency} and ${lineCurrency}.`,
          { param: `${at}[price_data][currency]` },
        );
      }
      currency = lineCurrency;
      const unitAmount = optionalInteger(
        priceData,
        "unit_amount",
        `${at}[price_data][unit_amount]`,
      );
      if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      if (unitAmount < 0) {
        throw invalid("This value must be greater than or equal to 0.", {
          param: `${at}[price_data][unit_amount]`,
        });
      }
      const productData = priceData.product_data;
      if (!isObject(productData)) throw missing(`${at}[price_data][product_data]`);
      const name = requiredString(productData, "name", `${at}[price_data][product_data][name]`);
      const quantity = optionalInteger(raw, "quantity", `${at}[quantity]`);
      if (quantity === undefined) throw missing(`${at}[quantity]`);
      if (quantity < 1) {
        throw invalid("This value must be greater than or equal to 1.", {
          param: `${at}[quantity]`,
        });
      }
      const total = unitAmount * quantity;
      return {
        id: ids.lineItem(),
        object: "item",
        amount_discount: 0,
        amount_subtotal: total,
        amount_tax: 0,
        amount_total: total,
        currency: lineCurrency,
        description: name,
        price: {
          id: ids.price(),
          object: "price",
          active: false,
          currency: lineCurrency,
          livemode: false,
          product: ids.product(),
          type: "one_time",
          unit_amount: unitAmount,
        },
        quantity,
      };
    });
    const sessionCurrency = currency!;
    const amountTotal = lineItems.reduce((sum, line) => sum + line.amount_total, 0);
    const minimum = minimumCharge(sessionCurrency);
    if (minimum !== undefined && amountTotal < minimum) {
      throw invalid(
        "The Checkout Session's total amount due must add up to at least " +
          `${formatAmount(minimum, sessionCurrency)} ${sessionCurrency}`,
        { code: "amount_too_small" },
      );
    }

    const successUrl = requiredUrl(params, "success_url");
    const cancelUrl = optionalUrl(params, "cancel_url") ?? null;
    const customerEmail = optionalString(params, "customer_email") || null;
    if (customerEmail !== null && !EMAIL.test(customerEmail)) {
      throw invalid(`Invalid email address: ${customerEmail}`, {
        code: "email_invalid",
        param: "customer_email",
      });
    }
    const clientReferenceId = optionalString(params, "client_reference_id") || null;
    if (clientReferenceId !== null && clientReferenceId.length > 200) {
      throw invalid("client_reference_id can have up to 200 characters", {
        param: "client_reference_id",
      });
    }
    const metadata = readMetadata(params, "metadata");
    const created = seconds();
    const expiresAt = optionalInteger(params, "expires_at") ?? created + 24 * 60 * 60;
    if (expiresAt < created + 30 * 60) {
      throw invalid(
        "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
        { param: "expires_at" },
      );
    }
    if (expiresAt > created + 24 * 60 * 60) {
      throw invalid(
        "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
        { param: "expires_at" },
      );
    }
    const intentData = params.payment_intent_data;
    if (intentData !== undefined && !isObject(intentData)) {
      throw invalid("Invalid object: payment_intent_data", { param: "payment_intent_data" });
    }
    const fee = intentData
      ? optionalInteger(
          intentData,
          "application_fee_amount",
          "payment_intent_data[application_fee_amount]",
        )
      : undefined;
    if (fee !== undefined && (fee < 0 || fee > amountTotal)) {
      throw invalid("The application fee must be between 0 and the amount of the payment.", {
        param: "payment_intent_data[application_fee_amount]",
      });
    }
    const intentMetadata = intentData
      ? readMetadata(intentData, "metadata", "payment_intent_data[metadata]")
      : {};
    const locale = optionalString(params, "locale") || null;

    const id = ids.session();
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      created,
      currency: sessionCurrency,
      customer: null,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      livemode: false,
      locale,
      metadata,
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: `${publicUrl}/checkout/${id}`,
    };
    sessions.set(id, session);
    owners.set(id, account.id);
    sessionRecords.set(id, {
      account: account.id,
      lineItems,
      applicationFeeAmount: fee ?? null,
      paymentIntentMetadata: intentMetadata,
    });
    return { status: 200, body: session };
  }

  function lineItemList(sessionId: string) {
    return {
      object: "list",
      data: sessionRecords.get(sessionId)?.lineItems ?? [],
      has_more: false,
      url: `/v1/checkout/sessions/${sessionId}/line_items`,
    };
  }

  function retrieveCheckoutSession(ctx: ApiContext, id: string): ApiAnswer {
    const session = sessionFor(id, ctx.account);
    const body: Record<string, unknown> = { ...structuredClone(session) };
    for (const path of readExpand(ctx.params)) {
      if (path === "payment_intent") {
        body.payment_intent = session.payment_intent
          ? (paymentIntents.get(session.payment_intent) ?? null)
          : null;
      } else if (path === "line_items") {
        body.line_items = lineItemList(id);
      } else {
        throw invalid(
          `This property cannot be expanded (${path}): this fake Stripe expands ` +
            "payment_intent and line_items.",
          { param: "expand" },
        );
      }
    }
    return { status: 200, body };
  }

  function expireCheckoutSession(ctx: ApiContext, id: string): ApiAnswer {
    const session = sessionFor(id, ctx.account);
    if (session.status !== "open") {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has ` +
          `a status of "${session.status}".`,
        { code: "checkout_session_not_open" },
      );
    }
    emitLater(expire(session, ctx));
    return { status: 200, body: session };
  }

  /* --- refunds --------------------------------------------------------------------------- */

  function createRefund(ctx: ApiContext): ApiAnswer {
    const failure = refundFailures.shift();
    if (failure) {
      const status = failure.status ?? 500;
      throw new ApiError(
        status,
        failure.type ?? (status >= 500 ? "api_error" : "invalid_request_error"),
        failure.message ?? "An unknown error occurred (injected by the fake Stripe).",
        failure.code ? { code: failure.code } : {},
        true,
      );
    }
    const { params } = ctx;
    const intentId = optionalString(params, "payment_intent") || undefined;
    const chargeId = optionalString(params, "charge") || undefined;
    if (!intentId && !chargeId) {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        { code: "parameter_missing" },
      );
    }
    let intent: FakePaymentIntent | undefined;
    if (intentId) {
      intent = paymentIntents.get(intentId);
      if (!intent || owners.get(intentId) !== ctx.account) {
        throw noSuch("payment_intent", intentId, "payment_intent");
      }
    } else {
      intent = [...paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
      if (!intent || owners.get(intent.id) !== ctx.account) {
        throw noSuch("charge", chargeId!, "charge");
      }
    }
    const amount = optionalInteger(params, "amount");
    if (amount !== undefined && amount <= 0) {
      throw invalid("Invalid positive integer", {
        code: "parameter_invalid_integer",
        param: "amount",
      });
    }
    const reason = optionalString(params, "reason") || null;
    if (reason && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid(
        "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer",
        { param: "reason" },
      );
    }
    const metadata = readMetadata(params, "metadata");
    const alreadyRefunded = refunded.get(intent.id) ?? 0;
    const remaining = intent.amount - alreadyRefunded;
    if (remaining <= 0) {
      throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const refundAmount = amount ?? remaining;
    if (refundAmount > remaining) {
      throw invalid(
        `Refund amount (${formatAmount(refundAmount, intent.currency)}) is greater than ` +
          `unrefunded amount on charge (${formatAmount(remaining, intent.currency)})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    const refund: FakeRefund = {
      id: ids.refund(),
      object: "refund",
      amount: refundAmount,
      balance_transaction: null,
      charge: intent.latest_charge,
      created: seconds(),
      currency: intent.currency,
      metadata,
      payment_intent: intent.id,
      reason,
      receipt_number: null,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    owners.set(refund.id, owners.get(intent.id)!);
    refunded.set(intent.id, alreadyRefunded + refundAmount);
    return { status: 200, body: refund };
  }

  /* --- the API --------------------------------------------------------------------------- */

  type Handler = (ctx: ApiContext, id: string) => ApiAnswer;
  const routes: Array<[string, RegExp, string[], Handler]> = [
    [
      "POST",
      /^\/v1\/accounts$/,
      PARAMS.createAccount,
      (ctx) => {
        const type = optionalString(ctx.params, "type") || "standard";
        if (!["standard", "express", "custom"].includes(type)) {
          throw invalid("Invalid type: must be one of custom, express, or standard", {
            param: "type",
          });
        }
        const country = optionalString(ctx.params, "country") || undefined;
        if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) {
          throw invalid(`Invalid country: ${country}`, { param: "country" });
        }
        const email = optionalString(ctx.params, "email") || null;
        if (email !== null && !EMAIL.test(email)) {
          throw invalid(`Invalid email address: ${email}`, {
            code: "email_invalid",
            param: "email",
          });
        }
        const metadata = readMetadata(ctx.params, "metadata");
        return { status: 200, body: newAccount({ type, country, email, metadata }) };
      },
    ],
    [
      "GET",
      /^\/v1\/accounts\/([^/]+)$/,
      PARAMS.expandOnly,
      (_ctx, id) => {
        const account = accounts.get(id);
        if (!account) throw noSuch("account", id, "account");
        return { status: 200, body: account };
      },
    ],
    [
      "POST",
      /^\/v1\/account_links$/,
      PARAMS.createAccountLink,
      (ctx) => {
        const accountId = requiredString(ctx.params, "account");
        if (!accounts.has(accountId)) throw noSuch("account", accountId, "account");
        const type = requiredString(ctx.params, "type");
        if (type !== "account_onboarding" && type !== "account_update") {
          throw invalid("Invalid type: must be one of account_onboarding or account_update", {
            param: "type",
          });
        }
        const refreshUrl = requiredUrl(ctx.params, "refresh_url");
        const returnUrl = requiredUrl(ctx.params, "return_url");
        const id = ids.link();
        const created = seconds();
        const record: AccountLinkRecord = {
          id,
          account: accountId,
          type,
          refreshUrl,
          returnUrl,
          used: false,
          link: {
            object: "account_link",
            created,
            expires_at: created + 300,
            url: `${publicUrl}/onboarding/${id}`,
          },
        };
        accountLinks.set(id, record);
        return { status: 200, body: record.link };
      },
    ],
    ["POST", /^\/v1\/checkout\/sessions$/, PARAMS.createCheckoutSession, createCheckoutSession],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, PARAMS.expandOnly, retrieveCheckoutSession],
    [
      "GET",
      /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      PARAMS.list,
      (ctx, id) => {
        sessionFor(id, ctx.account);
        return { status: 200, body: lineItemList(id) };
      },
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      PARAMS.expandOnly,
      expireCheckoutSession,
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      PARAMS.retrievePaymentIntent,
      (ctx, id) => {
        const intent = paymentIntents.get(id);
        if (!intent || owners.get(id) !== ctx.account) throw noSuch("payment_intent", id, "intent");
        return { status: 200, body: intent };
      },
    ],
    ["POST", /^\/v1\/refunds$/, PARAMS.createRefund, createRefund],
    [
      "GET",
      /^\/v1\/refunds\/([^/]+)$/,
      PARAMS.expandOnly,
      (ctx, id) => {
        const refund = refunds.get(id);
        if (!refund || owners.get(id) !== ctx.account) throw noSuch("refund", id, "refund");
        return { status: 200, body: refund };
      },
    ],
    [
      "GET",
      /^\/v1\/events\/([^/]+)$/,
      PARAMS.expandOnly,
      (ctx, id) => {
        const event = events.find((candidate) => candidate.id === id);
        if (!event || (event.account ?? null) !== ctx.account) throw noSuch("event", id, "id");
        return { status: 200, body: event };
      },
    ],
  ];

  function authorize(req: IncomingMessage, record: RecordedRequest): void {
    const key = bearerKey(req);
    if (key === null) {
      record.authorization = "none";
      throw new ApiError(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the " +
          "Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    const wellFormed = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(key);
    const accepted = options.secretKey === undefined ? wellFormed : key === options.secretKey;
    record.authorization = accepted ? "valid" : "invalid";
    if (!accepted) {
      const shown = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(8)}${key.slice(-4)}` : "";
      throw new ApiError(
        401,
        "invalid_request_error",
        `Invalid API Key provided: ${shown || "(not a secret key)"}`,
        { code: "api_key_invalid" },
      );
    }
  }

  function answerApi(req: IncomingMessage, record: RecordedRequest, requestId: string): ApiAnswer {
    let ctx: ApiContext | undefined;
    let storeKey: string | undefined;
    try {
      authorize(req, record);
      const account = record.stripeAccount;
      if (account !== null && !accounts.has(account)) {
        throw new ApiError(
          403,
          "invalid_request_error",
          `The provided key does not have access to account '${account}' (or that account ` +
            "does not exist). Application access may have been revoked.",
          { code: "account_invalid" },
        );
      }
      const params = record.method === "GET" ? record.query : { ...record.query, ...record.body };
      ctx = { record, requestId, account, params };

      if (record.method === "POST" && record.idempotencyKey) {
        // Stripe keeps idempotency keys per account.
        storeKey = `${account ?? "platform"} ${record.idempotencyKey}`;
        const stored = idempotency.get(storeKey);
        const paramsText = JSON.stringify(params);
        if (stored) {
          if (stored.path !== record.path || stored.method !== record.method) {
            throw new ApiError(
              400,
              "idempotency_error",
              "Keys for idempotent requests can only be used for the same endpoint they were " +
                `first used for ('${stored.method} ${stored.path}' vs '${record.method} ${record.path}').`,
            );
          }
          if (stored.params !== paramsText) {
            throw new ApiError(
              400,
              "idempotency_error",
              "Keys for idempotent requests can only be used with the same parameters they were " +
                `first used with. Try using a key other than '${record.idempotencyKey}' if you ` +
                "meant to execute a different request.",
            );
          }
          record.replayed = true;
          return {
            status: stored.status,
            body: stored.body,
            headers: { ...stored.headers, "idempotent-replayed": "true" },
          };
        }
      }

      const route = routes.find(
        ([method, pattern]) => method === record.method && pattern.test(record.path),
      );
      if (!route) {
        throw new ApiError(
          404,
          "invalid_request_error",
          `Unrecognized request URL (${record.method}: ${record.path}). This fake Stripe ` +
            "serves the Connect and Checkout calls the portal makes.",
        );
      }
      const [, pattern, known, handler] = route;
      for (const name of Object.keys(ctx.params)) {
        if (!known.includes(name)) {
          throw invalid(`Received unknown parameter: ${name}`, {
            code: "parameter_unknown",
            param: name,
          });
        }
      }
      const id = decodeURIComponent(pattern.exec(record.path)![1] ?? "");
      const answer = handler(ctx, id);
      if (storeKey) remember(storeKey, record, ctx.params, answer);
      return answer;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const answer: ApiAnswer = {
        status: error.status,
        body: {
          error: {
            type: error.type,
            message: error.message,
            ...(error.details.code ? { code: error.details.code } : {}),
            ...(error.details.param ? { param: error.details.param } : {}),
            request_log_url: `${publicUrl}/logs/${requestId}`,
          },
        },
        // As Stripe: a 500 is stored under the idempotency key, so retrying it replays it.
        headers: error.status >= 500 ? { "stripe-should-retry": "false" } : {},
      };
      if (error.stored && storeKey && ctx) remember(storeKey, record, ctx.params, answer);
      return answer;
    }
  }

  function remember(key: string, record: RecordedRequest, params: FormObject, answer: ApiAnswer) {
    idempotency.set(key, {
      method: record.method,
      path: record.path,
      params: JSON.stringify(params),
      status: answer.status,
      body: structuredClone(answer.body),
      headers: answer.headers ?? {},
    });
  }

  /* --- the pages ------------------------------------------------------------------------- */

  async function answerPage(
    record: RecordedRequest,
    res: ServerResponse,
    form: FormObject,
  ): Promise<void> {
    const html = (status: number, body: string) => {
      res.writeHead(status, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location, "cache-control": "no-store" });
      res.end();
    };
    const { method, path } = record;

    if (method === "GET" && path === "/") {
      return html(
        200,
        messagePage("Fake Stripe", "A fake Stripe API for offline runs and tests is running here."),
      );
    }

    const onboarding = /^\/onboarding\/([^/]+)(?:\/(complete|unfinished|expired))?$/.exec(path);
    if (onboarding) {
      const link = accountLinks.get(onboarding[1]!);
      if (!link) return html(404, messagePage("Link not found", "This link does not exist."));
      const account = accounts.get(link.account)!;
      const step = onboarding[2];
      const expired = link.used || seconds() >= link.link.expires_at;
      if (method === "GET" && !step) {
        if (expired) return redirect(link.refreshUrl);
        return html(
          200,
          onboardingPage({
            linkId: link.id,
            accountId: account.id,
            email: account.email,
            country: account.country,
          }),
        );
      }
      if (method === "POST" && step) {
        if (expired || step === "expired") {
          link.used = true;
          return redirect(link.refreshUrl);
        }
        link.used = true;
        if (step === "complete") {
          const previous = onboard(account);
          if (previous) {
            // The webhook goes before the owner returns, so the portal may know already.
            await webhooks.dispatch(
              createEvent("account.updated", account, account.id, { previous }),
            );
          }
        }
        return redirect(link.returnUrl);
      }
    }

    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1]!);
      if (!session) {
        return html(404, messagePage("Not found", "This checkout session does not exist."));
      }
      expireIfDue(session);
      const back = session.cancel_url ? { href: session.cancel_url, label: "Back" } : undefined;
      const successUrl = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
      if (session.status === "expired") {
        return html(
          410,
          messagePage("Checkout session expired", "This checkout session has expired.", back),
        );
      }
      if (method === "GET" && !checkout[2]) {
        if (session.status === "complete") {
          return html(
            200,
            messagePage("Payment complete", "This payment is complete.", {
              href: successUrl,
              label: "Continue",
            }),
          );
        }
        const record = sessionRecords.get(session.id)!;
        return html(
          200,
          checkoutPage({
            sessionId: session.id,
            lines: record.lineItems.map((line) => ({
              name: line.description,
              quantity: line.quantity,
              amountTotal: line.amount_total,
            })),
            amountTotal: session.amount_total,
            currency: session.currency,
            customerEmail: session.customer_email,
            cancelUrl: session.cancel_url,
          }),
        );
      }
      if (method === "POST" && checkout[2]) {
        // Paying twice (a double submit) pays once, as Stripe's page does.
        if (session.status === "complete") return redirect(successUrl);
        const email = typeof form.email === "string" && form.email !== "" ? form.email : undefined;
        const payment = pay(session, email ? { email } : {});
        // The webhook goes before the customer returns (hold webhooks to test the other order).
        await webhooks.dispatch(payment.event);
        return redirect(successUrl);
      }
    }

    html(404, messagePage("Not found", `Nothing at ${method} ${path}.`));
  }

  /* --- the server ------------------------------------------------------------------------ */

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const method = (req.method ?? "GET").toUpperCase();
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body: {},
      stripeAccount: accountFromHeaders(req),
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
      authorization: req.headers.authorization ? "invalid" : "none",
      stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
      status: 0,
      replayed: false,
      at: now(),
    };
    requests.push(record);
    const requestId = ids.request();
    try {
      const text = await readBody(req);
      const type = req.headers["content-type"] ?? "";
      if (text !== "" && (type === "" || type.includes("application/x-www-form-urlencoded"))) {
        record.body = parseForm(text);
      }
      if (url.pathname.startsWith("/v1/")) {
        const answer = answerApi(req, record, requestId);
        res.writeHead(answer.status, {
          "content-type": "application/json",
          "request-id": requestId,
          ...(record.idempotencyKey ? { "idempotency-key": record.idempotencyKey } : {}),
          "stripe-version": record.stripeVersion ?? apiVersion,
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body, null, 2));
      } else {
        await answerPage(record, res, record.body);
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) {
        res.writeHead(status, { "content-type": "application/json", "request-id": requestId });
      }
      res.end(JSON.stringify({ error: { type: "api_error", message } }));
    }
    record.status = res.statusCode;
    log(
      `${method} ${url.pathname}${record.stripeAccount ? ` [${record.stripeAccount}]` : ""} → ${res.statusCode}`,
    );
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "");

  return {
    url,
    port,
    clientOptions: { host, port, protocol: "http" },
    requests,
    accounts,
    accountLinks,
    sessions,
    paymentIntents,
    refunds,
    events,
    deliveries: webhooks.deliveries,
    accountOf: (objectId) =>
      owners.get(objectId) ?? (accounts.has(objectId) ? objectId : undefined),
    lineItemsOf: (sessionId) => sessionRecords.get(sessionId)?.lineItems ?? [],
    createAccount(input = {}) {
      const account = newAccount({ country: input.country, email: input.email });
      if (input.onboarded) onboard(account);
      return account;
    },
    completeOnboarding,
    completeSession,
    async expireSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout session: ${sessionId}`);
      if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}`);
      await webhooks.dispatch(expire(session));
      return session;
    },
    tamperSession(sessionId, paid) {
      const record = sessionRecords.get(sessionId);
      if (!record) throw new Error(`No such checkout session: ${sessionId}`);
      record.tamper = { ...paid };
    },
    tamperNextSession(paid) {
      nextTamper = { ...paid };
    },
    failNextRefunds(count, failure) {
      const shape = typeof failure === "string" ? { message: failure } : (failure ?? {});
      for (let i = 0; i < count; i++) refundFailures.push({ ...shape });
    },
    setWebhookTarget(target, secret) {
      if (target === null) {
        webhooks.target = null;
        return;
      }
      if (!secret) throw new Error("A webhook target needs its signing secret");
      webhooks.target = { url: target, secret };
    },
    async sendEvent(type, object, account) {
      const event = createEvent(type, object, account);
      await webhooks.dispatch(event);
      return event;
    },
    redeliver(eventId) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) return Promise.reject(new Error(`No such event: ${eventId}`));
      return webhooks.redeliver(event);
    },
    holdWebhooks(hold = true) {
      webhooks.holding = hold;
    },
    heldEvents: () => [...webhooks.held],
    releaseWebhooks: (eventIds) => webhooks.release(eventIds),
    dropHeldWebhooks: () => webhooks.held.splice(0),
    webhooksIdle: () => webhooks.idle(),
    async close() {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
