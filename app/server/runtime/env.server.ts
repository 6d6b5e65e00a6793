/**
 * Configuration, read once at start from the environment and validated.
 * An invalid value stops the process with one line naming the variable.
 */
import { isIP } from "node:net";
import os from "node:os";
import { createECDH, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PRODUCT_NAME } from "~/lib/brand";
import type { S3StorageOptions } from "../storage/s3.server";
import { localAuthSecretFile, localVapidKeysFile } from "../backup/data-dir-layout.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const MIB = 1024 * 1024;

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  REGISTER_URL: httpUrl.optional(),
  REGISTRATION: z.enum(["open", "closed"], { error: "must be open or closed" }).default("open"),
  SUPPORT_EMAIL: z.email("must be an email address").default("support@example.com"),
  // Number of proxies in front of the server whose X-Forwarded-For is believed.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "must be true, false or a number of proxy hops")
    .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value)))
    .default(0),
  // Defaults to true on a local portal and false on a deployment.
  SEED_DEMO: booleanFlag.optional(),
  // Where uploaded files live: "disk" (DATA_DIR/files, served at /files) or "s3".
  STORAGE_DRIVER: z.enum(["disk", "s3"], { error: "must be disk or s3" }).default("disk"),
  // An S3-compatible service (MinIO, R2, ...); unset means AWS S3 itself.
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1")
    .default("us-east-1"),
  // Required with STORAGE_DRIVER=s3, as are both credentials.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3 to 63 lowercase letters, digits, dots or hyphens)",
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Address the bucket as ENDPOINT/BUCKET (most self-hosted services) rather than BUCKET.ENDPOINT.
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // A CDN in front of the bucket; browsers load files from there when set.
  S3_PUBLIC_BASE_URL: httpUrl.optional(),
  // Memory for rendered public pages, in bytes (suffixes k, m, g: powers of 1024); 0 turns it off.
  PAGE_CACHE_BYTES: z
    .string()
    .regex(/^\d{1,15}[kmg]?$/i, "must be a number of bytes, optionally with k, m or g (e.g. 32m)")
    .transform(parseByteSize)
    .default(32 * MIB),
  // Where mail goes: an SMTP server (smtp:// or smtps://, with user:pass@ when it needs them).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  // The sender of every mail: an address, or a name and an address ("Name <a@b.c>").
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
      'must be an email address, or a name and an address such as "Portal <no-reply@example.com>"',
    )
    .optional(),
  // "off" runs without email: password reset and email verification are then hidden.
  MAIL: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  // New owners confirm their address before they can sign in. Defaults to true on a deployment.
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.optional(),
  // Seconds a CDN may serve a public page before asking again (s-maxage); 0: ask every time.
  PAGE_CDN_MAX_AGE: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 or more")
    .max(31_536_000, "must be at most a year")
    .default(60),
  // "off" counts no public page views (nothing is written to page_views_daily).
  ANALYTICS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  WRITES_PER_10_MINUTES: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(600),
  UPLOADS_PER_10_MINUTES: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(60),
  // Orders customers may place in 10 minutes: from one client address, and on one site.
  ORDERS_PER_10_MINUTES_PER_CLIENT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(10),
  ORDERS_PER_10_MINUTES_PER_SITE: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(300),
  // Days a closed order keeps its customer's name, phone, email, address and note.
  ORDER_DATA_DAYS: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 3650")
    .max(3650, "must be between 1 and 3650")
    .default(90),
  // How often each server process looks for orders nobody answered (reminders, giving up).
  ORDER_SWEEP_SECONDS: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 300")
    .max(300, "must be between 1 and 300")
    .default(20),
  // Card payments through Stripe Connect: the platform's secret key and its Connect webhook's
  // signing secret, both or neither (neither: no card option appears anywhere). The messages
  // never repeat what was given: a key must not reach a log line.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      "must be a Stripe secret key (sk_test_… or sk_live_…)",
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  // Where the Stripe client sends its requests: Stripe's own API unless a local double is run.
  STRIPE_API_URL: httpUrl.optional(),
  // The platform's share of each card payment, in percent (Stripe's application fee).
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: "must be a number between 0 and 50" })
    .min(0, "must be a number between 0 and 50")
    .max(50, "must be a number between 0 and 50")
    .default(0),
  // Web Push (notifications of new orders): the server's VAPID key pair, base64url as
  // web-push makes it, both or neither (neither: a pair is made at the first start and kept
  // in DATA_DIR/vapid-keys.json). The messages never repeat what was given.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^B[A-Za-z0-9_-]{86}$/,
      "must be a VAPID public key (an uncompressed P-256 point, 87 base64url characters starting with B)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a VAPID private key (43 base64url characters)")
    .optional(),
  // Who push services may contact about this server's messages: a mailto: or https: address.
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+\.[^\s@]+|https:\/\/[^\s/]+(\/\S*)?)$/,
      "must be a mailto: address or an https:// URL",
    )
    .optional(),
  // /metrics on the main port, answered only to "Authorization: Bearer <this token>".
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // /metrics on a port of its own instead, without a token, for a scraper inside the network.
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .optional(),
  METRICS_HOST: z.string().min(1).optional(),
  // A fixed moment (ISO 8601) that public pages reckon "Open now" at, for screenshots and tests.
  PUBLIC_PAGES_CLOCK: z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: "must be a moment like 2026-12-24T18:00:00Z",
    })
    .optional(),
  // Server processes on this machine: a number, or "auto" for one per core.
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9][0-9]{0,2})$/, "must be a number of processes (1 or more) or auto")
    .optional(),
  // Owners' own domains: the host name their CNAME records point at. Unset: no custom domains.
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .transform((value) => value.trim().toLowerCase().replace(/\.$/, ""))
    .refine(
      (value) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value),
      {
        message: "must be a host name such as sites.example.com",
      },
    )
    .optional(),
  // The addresses an apex domain's A (or AAAA) records point at, comma-separated.
  CUSTOM_DOMAIN_IPS: z
    .string()
    .transform(splitList)
    .refine((addresses) => addresses.length > 0 && addresses.every((entry) => isIP(entry) !== 0), {
      message: "must be IP addresses separated by commas",
    })
    .optional(),
  // DNS servers the domain checks ask instead of the system's, as host or host:port, comma-separated.
  CUSTOM_DOMAIN_DNS_SERVERS: z
    .string()
    .transform(splitList)
    .refine((servers) => servers.every(isDnsServer), {
      message: "must be DNS server addresses (an IP, or IP:port) separated by commas",
    })
    .optional(),
  // Who may ask /internal/tls-allowed (Caddy's on-demand TLS): addresses or CIDR ranges.
  TLS_ASK_ALLOW: z
    .string()
    .transform(splitList)
    .refine((entries) => entries.every(isAddressOrRange), {
      message: "must be IP addresses or CIDR ranges (such as 10.0.0.0/8) separated by commas",
    })
    .optional(),
});

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** "1.2.3.4", "1.2.3.4:53", "::1" or "[::1]:53": what node:dns's setServers takes. */
function isDnsServer(entry: string): boolean {
  if (isIP(entry) !== 0) return true;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
  const withPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
  return withPort !== null && isIP(withPort[1]!) === 4 && Number(withPort[2]) <= 65535;
}

/** "10.0.0.5", "::1" or "172.16.0.0/12". */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseByteSize(value: string): number {
  const unit = value.slice(-1).toLowerCase();
  const scale = unit === "k" ? 1024 : unit === "m" ? MIB : unit === "g" ? 1024 * MIB : 1;
  return Number(scale === 1 ? value : value.slice(0, -1)) * scale;
}

export type Env = {
  /**
   * A server others reach (see isDeployment): it refuses unsafe defaults. Not
   * the same as React's production build, which every server but `npm run dev` runs.
   */
  deployment: boolean;
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  registerUrl: string | undefined;
  registrationOpen: boolean;
  supportEmail: string;
  trustProxyHops: number;
  seedDemo: boolean;
  /** Seed the example sites (app/lib/example-sites.ts) on the first start. */
  seedExamples: boolean;
  storage: StorageConfig;
  /** Bytes of memory for rendered public pages; 0: no page cache. */
  pageCacheBytes: number;
  /** Seconds a CDN may keep a public page (s-maxage). */
  pageCdnMaxAge: number;
  mail: MailConfig;
  /** New owners confirm their email address (through a mailed link) before they can sign in. */
  requireEmailVerification: boolean;
  /** Count views of the public pages per site and day (ANALYTICS=on). */
  countPageViews: boolean;
  /** What one owner may post in 10 minutes: changes of any kind, and images among them. */
  writeLimits: { writes: number; uploads: number };
  /** Orders customers may place in 10 minutes, per client address and per site. */
  orderLimits: { perClient: number; perSite: number };
  /** Days a closed order keeps its customer's personal data (ORDER_DATA_DAYS). */
  orderDataDays: number;
  /** Seconds between sweeps for orders nobody answered (ORDER_SWEEP_SECONDS). */
  orderSweepSeconds: number;
  /** Where Prometheus reads the server's metrics, if anywhere. */
  metrics: MetricsConfig;
  /** Server processes to run (WEB_CONCURRENCY); more than 1 only on PostgreSQL. */
  webConcurrency: number;
  /** The moment public pages say "Open now" at instead of the real time; null: the real time. */
  publicPagesClock: Date | null;
  /** Owners' own domains for their sites; null when the operator offers none. */
  customDomains: CustomDomainsConfig | null;
  /** Addresses and CIDR ranges that may ask whether a domain gets a certificate. */
  tlsAskAllow: string[]; /** Card payments (Stripe Connect); null when the operator set no Stripe keys. */
  payments: PaymentsConfig | null;
  /** Web Push's VAPID keys: the operator's, or a pair kept in DATA_DIR. */
  push: PushConfig;
};

/** The server's VAPID identity, which browsers' subscriptions are tied to. */
export type PushConfig = {
  /** base64url: the uncompressed P-256 public key browsers subscribe with. */
  publicKey: string;
  /** base64url: the 32-byte private key the server signs with. */
  privateKey: string;
  /** mailto: or https: address push services may contact. */
  subject: string;
};

/** The platform's Stripe account, and where its client sends requests. */
export type PaymentsConfig = {
  provider: "stripe";
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or a local double (STRIPE_API_URL). */
  apiUrl: string;
  /** 0 to 50: the share of each payment the platform keeps (application_fee_amount). */
  platformFeePercent: number;
};

/**
 * What an owner's DNS records must say: a CNAME to `target`, or for a domain without a
 * subdomain (where CNAME is not allowed), A/AAAA records to `ips`. `dnsServers` replaces
 * the system's resolvers for those checks (empty: the system's).
 */
export type CustomDomainsConfig = {
  target: string;
  ips: string[];
  dnsServers: string[];
};

/**
 * Where /metrics is answered: nowhere (a 404 like any unknown path), on the main port to a
 * bearer token, or on a listener of its own that only the internal network should reach.
 */
export type MetricsConfig =
  | { endpoint: "off" }
  | { endpoint: "main-port"; token: string }
  | { endpoint: "own-port"; port: number; host: string };

/**
 * How mail is sent: through an SMTP server, written as files to DATA_DIR/mail for a
 * newcomer to open (never on a deployment), or not at all (MAIL=off).
 */
export type MailConfig =
  | { transport: "smtp"; smtpUrl: string; from: string }
  | { transport: "outbox"; directory: string; from: string }
  | { transport: "off" };

export type StorageConfig = { driver: "disk" } | ({ driver: "s3" } & S3StorageOptions);

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment. Throws a ConfigError with a one-line message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set", as they do in most deployment tools.
  const given = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}.`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const deployment = isDeployment(raw.NODE_ENV, raw.PUBLIC_URL);

  if (deployment && !raw.AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET is required on a deployment (NODE_ENV=production, or a PUBLIC_URL that is not this machine): at least 32 random characters.",
    );
  }

  if (deployment && raw.PUBLIC_PAGES_CLOCK) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_PAGES_CLOCK is for screenshots and tests; a deployment shows the real time.",
    );
  }

  const storage = storageConfig(raw);
  const metrics = metricsConfig(raw);
  const webConcurrency = webConcurrencyOf(raw, metrics);
  const publicUrl = publicUrlOf(raw);
  const mail = mailConfig(raw, { deployment, dataDir, publicUrl });
  if (raw.REQUIRE_EMAIL_VERIFICATION && mail.transport === "off") {
    throw new ConfigError(
      "Invalid configuration: REQUIRE_EMAIL_VERIFICATION=true needs mail; it cannot be used with MAIL=off.",
    );
  }

  return {
    deployment,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    publicUrl,
    authSecret: raw.AUTH_SECRET ?? readOrCreateLocalSecret(dataDir),
    registerUrl: raw.REGISTER_URL,
    registrationOpen: raw.REGISTRATION === "open",
    supportEmail: raw.SUPPORT_EMAIL,
    trustProxyHops: raw.TRUST_PROXY,
    // A deployment never gets the demo owner (whose password is published) unless asked for.
    seedDemo: raw.SEED_DEMO ?? !deployment,
    // The example sites' owner cannot sign in, so they are safe on a deployment too.
    seedExamples: raw.SEED_DEMO ?? true,
    storage,
    pageCacheBytes: raw.PAGE_CACHE_BYTES,
    pageCdnMaxAge: raw.PAGE_CDN_MAX_AGE,
    mail,
    requireEmailVerification:
      raw.REQUIRE_EMAIL_VERIFICATION ?? (deployment && mail.transport !== "off"),
    countPageViews: raw.ANALYTICS === "on",
    writeLimits: { writes: raw.WRITES_PER_10_MINUTES, uploads: raw.UPLOADS_PER_10_MINUTES },
    orderLimits: {
      perClient: raw.ORDERS_PER_10_MINUTES_PER_CLIENT,
      perSite: raw.ORDERS_PER_10_MINUTES_PER_SITE,
    },
    orderDataDays: raw.ORDER_DATA_DAYS,
    orderSweepSeconds: raw.ORDER_SWEEP_SECONDS,
    metrics,
    webConcurrency,
    publicPagesClock: raw.PUBLIC_PAGES_CLOCK ? new Date(raw.PUBLIC_PAGES_CLOCK) : null,
    customDomains: customDomainsConfig(raw),
    tlsAskAllow: raw.TLS_ASK_ALLOW ?? ["127.0.0.1", "::1"],
    payments: paymentsConfig(raw),
    push: pushConfig(raw, dataDir),
  };
}

function pushConfig(raw: z.infer<typeof envSchema>, dataDir: string): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = raw;
  const subject = raw.VAPID_SUBJECT ?? `mailto:${raw.SUPPORT_EMAIL}`;
  if (!publicKey && !privateKey) return { ...readOrCreateVapidKeys(dataDir), subject };
  if (!publicKey || !privateKey) {
    throw new ConfigError(
      "Invalid configuration: push notifications need both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then made and kept in DATA_DIR).",
    );
  }
  if (vapidPublicKeyOf(privateKey) !== publicKey) {
    throw new ConfigError(
      "Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.",
    );
  }
  return { publicKey, privateKey, subject };
}

/** The public key of a VAPID private key; null when it is no P-256 private key. */
function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

/**
 * Outside the operator's settings, a VAPID pair is made once and kept in DATA_DIR: every
 * browser's subscription is tied to the public key, so a new pair would silence them all.
 * Written with "wx", so two processes starting at once keep the first one's pair.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = localVapidKeysFile(dataDir);
  const read = () => {
    try {
      const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const { publicKey, privateKey } = stored;
      if (typeof publicKey !== "string" || typeof privateKey !== "string") return null;
      return vapidPublicKeyOf(privateKey) === publicKey ? { publicKey, privateKey } : null;
    } catch {
      return null;
    }
  };
  if (existsSync(file)) {
    const stored = read();
    if (stored) return stored;
    throw new ConfigError(
      `Invalid configuration: ${file} does not hold a VAPID key pair; restore it from a backup, or delete it to make a new pair (devices then subscribe again).`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const pair = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // Left-padded: a private key with leading zero bytes is still 32 bytes long.
    privateKey: ecdh.getPrivateKey().toString("hex").padStart(64, "0"),
  };
  const keys = {
    publicKey: pair.publicKey,
    privateKey: Buffer.from(pair.privateKey, "hex").toString("base64url"),
  };
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const stored = read();
    if (stored) return stored;
    throw error;
  }
  chmodSync(file, 0o600);
  return keys;
}

export const STRIPE_API_DEFAULT_URL = "https://api.stripe.com";

function paymentsConfig(raw: z.infer<typeof envSchema>): PaymentsConfig | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = raw;
  if (!secretKey && !webhookSecret) {
    if (raw.STRIPE_API_URL || raw.STRIPE_PLATFORM_FEE_PERCENT !== 0) {
      throw new ConfigError(
        "Invalid configuration: STRIPE_API_URL and STRIPE_PLATFORM_FEE_PERCENT are only used with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
      );
    }
    return null;
  }
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      "Invalid configuration: card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the signing secret of the Connect webhook at /webhooks/stripe).",
    );
  }
  return {
    provider: "stripe",
    secretKey,
    webhookSecret,
    apiUrl: raw.STRIPE_API_URL ?? STRIPE_API_DEFAULT_URL,
    platformFeePercent: raw.STRIPE_PLATFORM_FEE_PERCENT,
  };
}

function customDomainsConfig(raw: z.infer<typeof envSchema>): CustomDomainsConfig | null {
  if (!raw.CUSTOM_DOMAIN_TARGET) {
    if (raw.CUSTOM_DOMAIN_IPS || raw.CUSTOM_DOMAIN_DNS_SERVERS) {
      throw new ConfigError(
        "Invalid configuration: CUSTOM_DOMAIN_IPS and CUSTOM_DOMAIN_DNS_SERVERS are only used with CUSTOM_DOMAIN_TARGET.",
      );
    }
    return null;
  }
  return {
    target: raw.CUSTOM_DOMAIN_TARGET,
    ips: raw.CUSTOM_DOMAIN_IPS ?? [],
    dnsServers: raw.CUSTOM_DOMAIN_DNS_SERVERS ?? [],
  };
}

function webConcurrencyOf(raw: z.infer<typeof envSchema>, metrics: MetricsConfig): number {
  const wanted = raw.WEB_CONCURRENCY ?? "1";
  const processes = wanted === "auto" ? os.availableParallelism() : Number(wanted);
  if (processes > 1 && !raw.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${wanted} needs PostgreSQL (DATABASE_URL): the embedded database serves one process.`,
    );
  }
  if (processes > 1 && metrics.endpoint === "main-port") {
    throw new ConfigError(
      "Invalid configuration: METRICS_TOKEN cannot be used with several processes (WEB_CONCURRENCY): set METRICS_PORT, where the first process answers for all of them.",
    );
  }
  return processes;
}

/** The loopback address: a separate metrics port is not exposed unless the operator says so. */
const DEFAULT_METRICS_HOST = "127.0.0.1";

function metricsConfig(raw: z.infer<typeof envSchema>): MetricsConfig {
  if (raw.METRICS_TOKEN !== undefined && raw.METRICS_PORT !== undefined) {
    throw new ConfigError(
      "Invalid configuration: set METRICS_TOKEN (metrics on the main port) or METRICS_PORT (a port of their own), not both.",
    );
  }
  if (raw.METRICS_HOST !== undefined && raw.METRICS_PORT === undefined) {
    throw new ConfigError("Invalid configuration: METRICS_HOST is only used with METRICS_PORT.");
  }
  if (raw.METRICS_PORT !== undefined) {
    if (raw.METRICS_PORT === raw.PORT) {
      throw new ConfigError("Invalid configuration: METRICS_PORT must differ from PORT.");
    }
    return {
      endpoint: "own-port",
      port: raw.METRICS_PORT,
      host: raw.METRICS_HOST ?? DEFAULT_METRICS_HOST,
    };
  }
  if (raw.METRICS_TOKEN !== undefined) return { endpoint: "main-port", token: raw.METRICS_TOKEN };
  return { endpoint: "off" };
}

function publicUrlOf(raw: z.infer<typeof envSchema>): string {
  return raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`;
}

function mailConfig(
  raw: z.infer<typeof envSchema>,
  where: { deployment: boolean; dataDir: string; publicUrl: string },
): MailConfig {
  if (raw.MAIL === "off") return { transport: "off" };
  const from = raw.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${new URL(where.publicUrl).hostname}>`;
  if (raw.SMTP_URL) return { transport: "smtp", smtpUrl: raw.SMTP_URL, from };
  // Owners of a deployment must receive their reset links; a folder on the server would swallow them.
  if (where.deployment) {
    throw new ConfigError(
      "Invalid configuration: SMTP_URL is required on a deployment (for example smtp://user:pass@mail.example.com:587), or set MAIL=off to run without email.",
    );
  }
  return { transport: "outbox", directory: path.join(where.dataDir, "mail"), from };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A deployment is a server meant for others: the operator says so with
 * NODE_ENV=production, or gives it a public address that is not this machine.
 * A newcomer's plain `npm start` is neither, and runs with a generated secret
 * and the demo owner.
 */
export function isDeployment(nodeEnv: string | undefined, publicUrl: string | undefined): boolean {
  if (nodeEnv === "production") return true;
  if (!publicUrl) return false;
  const host = new URL(publicUrl).hostname;
  return !LOCAL_HOSTS.has(host) && !host.endsWith(".localhost") && !host.startsWith("127.");
}

function storageConfig(raw: z.infer<typeof envSchema>): StorageConfig {
  if (raw.STORAGE_DRIVER === "disk") return { driver: "disk" };
  const required = (variable: string, value: string | undefined): string => {
    if (value === undefined) {
      throw new ConfigError(
        `Invalid configuration: ${variable} is required when STORAGE_DRIVER=s3.`,
      );
    }
    return value;
  };
  return {
    driver: "s3",
    endpoint: raw.S3_ENDPOINT,
    region: raw.S3_REGION,
    bucket: required("S3_BUCKET", raw.S3_BUCKET),
    accessKeyId: required("S3_ACCESS_KEY_ID", raw.S3_ACCESS_KEY_ID),
    secretAccessKey: required("S3_SECRET_ACCESS_KEY", raw.S3_SECRET_ACCESS_KEY),
    forcePathStyle: raw.S3_FORCE_PATH_STYLE,
    publicBaseUrl: raw.S3_PUBLIC_BASE_URL,
  };
}

/**
 * Outside a deployment a secret is generated once and kept in DATA_DIR,
 * so sessions survive restarts without any set-up.
 */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = localAuthSecretFile(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The moment public pages reckon "Open now" at: the real time, or PUBLIC_PAGES_CLOCK. */
export function publicPagesNow(env: Pick<Env, "publicPagesClock">): Date {
  return env.publicPagesClock ?? new Date();
}

/** `publicPagesNow` in milliseconds, without a Date made for it: a cache hit asks on every view. */
export function publicPagesTime(env: Pick<Env, "publicPagesClock">): number {
  return env.publicPagesClock?.getTime() ?? Date.now();
}
