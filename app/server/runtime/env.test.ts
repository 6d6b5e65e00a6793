import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "portal-env-"));

describe("loadEnv", () => {
  it("has defaults that run a local portal with nothing set", () => {
    const dataDir = tempDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      deployment: false,
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      registrationOpen: true,
      trustProxyHops: 0,
      seedDemo: true,
      storage: { driver: "disk" },
    });
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps a generated secret in DATA_DIR so sessions survive restarts", () => {
    const dataDir = tempDir();
    const first = loadEnv({ DATA_DIR: dataDir }).authSecret;
    expect(loadEnv({ DATA_DIR: dataDir }).authSecret).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  describe("a deployment", () => {
    const secret = "s".repeat(40);
    const smtp = "smtp://mailer:pass@mail.example.com:587";

    it.each([
      ["NODE_ENV=production", { NODE_ENV: "production" }],
      ["a PUBLIC_URL on another host", { PUBLIC_URL: "https://portal.example" }],
      ["a PUBLIC_URL on a LAN address", { PUBLIC_URL: "http://192.168.1.20:3000" }],
    ])("is recognised by %s, requires AUTH_SECRET and seeds no demo", (_, given) => {
      expect(() => loadEnv({ ...given, SMTP_URL: smtp, DATA_DIR: tempDir() })).toThrow(
        /AUTH_SECRET/,
      );
      const env = loadEnv({ ...given, SMTP_URL: smtp, AUTH_SECRET: secret, DATA_DIR: tempDir() });
      expect(env).toMatchObject({ deployment: true, authSecret: secret, seedDemo: false });
    });

    it("requires SMTP_URL, unless MAIL=off runs it without email", () => {
      const given = { NODE_ENV: "production", AUTH_SECRET: secret, DATA_DIR: tempDir() };
      let error: unknown;
      try {
        loadEnv(given);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/SMTP_URL is required on a deployment.*MAIL=off/);
      expect((error as Error).message).not.toContain("\n");
      expect(loadEnv({ ...given, MAIL: "off" }).mail).toEqual({ transport: "off" });
      expect(
        loadEnv({ ...given, SMTP_URL: smtp, MAIL_FROM: "Café <hi@cafe.example>" }).mail,
      ).toEqual({
        transport: "smtp",
        smtpUrl: smtp,
        from: "Café <hi@cafe.example>",
      });
    });

    it("gets the demo owner only when SEED_DEMO=true says so", () => {
      const env = loadEnv({
        NODE_ENV: "production",
        AUTH_SECRET: secret,
        SMTP_URL: smtp,
        SEED_DEMO: "true",
        DATA_DIR: tempDir(),
      });
      expect(env).toMatchObject({ deployment: true, seedDemo: true });
    });

    it.each([
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://app.localhost",
    ])("is not a local PUBLIC_URL such as %s", (publicUrl) => {
      expect(loadEnv({ PUBLIC_URL: publicUrl, DATA_DIR: tempDir() })).toMatchObject({
        deployment: false,
        seedDemo: true,
      });
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["REGISTER_URL", "javascript:alert(1)"],
    ["REGISTRATION", "maybe"],
    ["SUPPORT_EMAIL", "not-an-email"],
    ["AUTH_SECRET", "short"],
    ["TRUST_PROXY", "everyone"],
    ["SEED_DEMO", "perhaps"],
    ["STORAGE_DRIVER", "ftp"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_REGION", "US East"],
    ["S3_BUCKET", "Not_A/Bucket"],
    ["S3_FORCE_PATH_STYLE", "sometimes"],
    ["S3_PUBLIC_BASE_URL", "javascript:alert(1)"],
    ["PAGE_CACHE_BYTES", "lots"],
    ["SMTP_URL", "http://mail.example.com"],
    ["MAIL_FROM", "nobody"],
    ["MAIL", "sometimes"],
    ["PAGE_CACHE_BYTES", "-1"],
    ["PAGE_CACHE_BYTES", "32 MB"],
    ["PAGE_CDN_MAX_AGE", "a minute"],
    ["PAGE_CDN_MAX_AGE", "-5"],
    ["ANALYTICS", "yes"],
    ["METRICS_TOKEN", "too-short"],
    ["METRICS_PORT", "nine thousand"],
    ["METRICS_PORT", "0"],
    ["METRICS_PORT", "70000"],
    ["WEB_CONCURRENCY", "0"],
    ["WEB_CONCURRENCY", "two"],
    ["WEB_CONCURRENCY", "2"],
  ])("stops with one line naming %s when it is %j", (variable, value) => {
    let error: unknown;
    try {
      loadEnv({ DATA_DIR: tempDir(), [variable]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain("\n");
  });

  it("reads the optional settings", () => {
    const env = loadEnv({
      DATA_DIR: tempDir(),
      PORT: "8080",
      DATABASE_URL: "postgres://user@db.internal:5432/portal",
      PUBLIC_URL: "https://portal.example/",
      AUTH_SECRET: "s".repeat(40),
      REGISTER_URL: "https://example.com/join",
      REGISTRATION: "closed",
      SUPPORT_EMAIL: "help@example.com",
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
      SMTP_URL: "smtps://mailer:secret@mail.example.com",
      MAIL_FROM: "no-reply@portal.example",
    });
    expect(env).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://user@db.internal:5432/portal",
      publicUrl: "https://portal.example",
      registerUrl: "https://example.com/join",
      registrationOpen: false,
      supportEmail: "help@example.com",
      trustProxyHops: 1,
      seedDemo: false,
      mail: {
        transport: "smtp",
        smtpUrl: "smtps://mailer:secret@mail.example.com",
        from: "no-reply@portal.example",
      },
    });
  });

  it("sizes the page cache in bytes, with k, m or g for powers of 1024", () => {
    expect(loadEnv({ DATA_DIR: tempDir() })).toMatchObject({
      pageCacheBytes: 32 * 1024 * 1024,
      pageCdnMaxAge: 60,
    });
    const sized = (value: string) =>
      loadEnv({ DATA_DIR: tempDir(), PAGE_CACHE_BYTES: value }).pageCacheBytes;
    expect(sized("0")).toBe(0);
    expect(sized("1000000")).toBe(1_000_000);
    expect(sized("512k")).toBe(512 * 1024);
    expect(sized("64M")).toBe(64 * 1024 * 1024);
    expect(sized("1g")).toBe(1024 * 1024 * 1024);
    expect(loadEnv({ DATA_DIR: tempDir(), PAGE_CDN_MAX_AGE: "0" }).pageCdnMaxAge).toBe(0);
  });

  it("counts public page views unless ANALYTICS=off", () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).countPageViews).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), ANALYTICS: "on" }).countPageViews).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), ANALYTICS: "off" }).countPageViews).toBe(false);
  });

  it("serves metrics only when METRICS_TOKEN or METRICS_PORT says where", () => {
    const metrics = (given: Record<string, string>) =>
      loadEnv({ DATA_DIR: tempDir(), ...given }).metrics;
    expect(metrics({})).toEqual({ endpoint: "off" });
    expect(metrics({ METRICS_TOKEN: "t".repeat(16) })).toEqual({
      endpoint: "main-port",
      token: "t".repeat(16),
    });
    expect(metrics({ METRICS_PORT: "9464" })).toEqual({
      endpoint: "own-port",
      port: 9464,
      host: "127.0.0.1",
    });
    expect(metrics({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).toMatchObject({
      host: "10.0.0.5",
    });
  });

  it("runs one process unless WEB_CONCURRENCY asks for more, on PostgreSQL", () => {
    const processes = (given: Record<string, string>) =>
      loadEnv({ DATA_DIR: tempDir(), ...given }).webConcurrency;
    const postgres = { DATABASE_URL: "postgres://localhost/portal" };
    expect(processes({})).toBe(1);
    expect(processes({ WEB_CONCURRENCY: "1" })).toBe(1);
    expect(processes({ ...postgres, WEB_CONCURRENCY: "3" })).toBe(3);
    expect(processes({ ...postgres, WEB_CONCURRENCY: "auto" })).toBe(os.availableParallelism());
    expect(() => processes({ WEB_CONCURRENCY: "2" })).toThrow(
      "Invalid configuration: WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database serves one process.",
    );
    // Each worker would answer a scrape with its own share: the first process adds them up
    // on METRICS_PORT instead.
    expect(() =>
      processes({ ...postgres, WEB_CONCURRENCY: "2", METRICS_TOKEN: "t".repeat(16) }),
    ).toThrow("METRICS_TOKEN cannot be used with several processes");
    expect(processes({ ...postgres, WEB_CONCURRENCY: "2", METRICS_PORT: "9464" })).toBe(2);
  });

  it.each([
    [{ METRICS_TOKEN: "t".repeat(16), METRICS_PORT: "9464" }, "not both"],
    [{ METRICS_HOST: "0.0.0.0" }, "METRICS_HOST is only used with METRICS_PORT"],
    [{ METRICS_PORT: "3000" }, "METRICS_PORT must differ from PORT"],
  ])("refuses metrics settings that contradict each other: %j", (given, reason) => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...given })).toThrow(ConfigError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...given })).toThrow(reason);
  });

  it("writes mail to DATA_DIR/mail on a local portal without SMTP_URL, from the portal's host", () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir, PORT: "3100" }).mail).toEqual({
      transport: "outbox",
      directory: path.join(dataDir, "mail"),
      from: "Site Builder <no-reply@localhost>",
    });
    expect(loadEnv({ DATA_DIR: dataDir, MAIL: "off" }).mail).toEqual({ transport: "off" });
  });

  it("treats empty values as unset", () => {
    expect(loadEnv({ DATA_DIR: tempDir(), PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  describe("card payments", () => {
    const load = (given: Record<string, string>) => loadEnv({ DATA_DIR: tempDir(), ...given });
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_51abcDEF123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123XYZ",
    };

    it("are off with no Stripe keys", () => {
      expect(load({}).payments).toBeNull();
    });

    it("take both keys, Stripe's own API and no fee by default", () => {
      expect(load(keys).payments).toEqual({
        provider: "stripe",
        secretKey: keys.STRIPE_SECRET_KEY,
        webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        apiUrl: "https://api.stripe.com",
        platformFeePercent: 0,
      });
      expect(
        load({
          ...keys,
          STRIPE_API_URL: "http://127.0.0.1:12111/",
          STRIPE_PLATFORM_FEE_PERCENT: "2.5",
        }).payments,
      ).toMatchObject({ apiUrl: "http://127.0.0.1:12111", platformFeePercent: 2.5 });
    });

    it("refuse one key without the other, and the extras without keys", () => {
      expect(() => load({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
        /need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
      );
      expect(() => load({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
        ConfigError,
      );
      expect(() => load({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(
        /only used with STRIPE_SECRET_KEY/,
      );
    });

    it("refuse a key of the wrong shape without repeating it", () => {
      for (const [name, value] of [
        ["STRIPE_SECRET_KEY", "pk_test_51abcDEF123"],
        ["STRIPE_SECRET_KEY", "secret-value-1234"],
        ["STRIPE_WEBHOOK_SECRET", "not-a-signing-secret"],
      ] as const) {
        let message = "";
        try {
          load({ ...keys, [name]: value });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} must be`));
        expect(message).not.toContain(value);
      }
      expect(() => load({ ...keys, STRIPE_PLATFORM_FEE_PERCENT: "60" })).toThrow(
        /STRIPE_PLATFORM_FEE_PERCENT must be a number between 0 and 50/,
      );
    });
  });

  describe("push notifications (VAPID)", () => {
    const load = (given: Record<string, string>, dataDir = tempDir()) =>
      loadEnv({ DATA_DIR: dataDir, ...given });
    const pair = webpush.generateVAPIDKeys();
    const keys = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };

    it("make a key pair at the first start and keep it in DATA_DIR", () => {
      const dataDir = tempDir();
      const first = load({}, dataDir).push;
      expect(first.subject).toBe("mailto:support@example.com");
      expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
      expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
      // A pair web-push signs with.
      expect(() =>
        webpush.generateRequestDetails(
          {
            endpoint: "https://push.example/x",
            keys: { p256dh: first.publicKey, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
          },
          undefined,
          { vapidDetails: first },
        ),
      ).not.toThrow();
      expect(load({}, dataDir).push).toEqual(first);
      const file = path.join(dataDir, "vapid-keys.json");
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it("take the operator's pair and subject, and make no file then", () => {
      const dataDir = tempDir();
      const env = load({ ...keys, VAPID_SUBJECT: "https://portal.example/contact" }, dataDir);
      expect(env.push).toEqual({ ...pair, subject: "https://portal.example/contact" });
      expect(existsSync(path.join(dataDir, "vapid-keys.json"))).toBe(false);
      expect(load({ ...keys, SUPPORT_EMAIL: "help@portal.example" }).push.subject).toBe(
        "mailto:help@portal.example",
      );
    });

    it("refuse one key without the other, and a pair that does not belong together", () => {
      expect(() => load({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
        /need both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
      );
      expect(() => load({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(ConfigError);
      const other = webpush.generateVAPIDKeys();
      let message = "";
      try {
        load({ ...keys, VAPID_PUBLIC_KEY: other.publicKey });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(
        "Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.",
      );
    });

    it("refuse a key or subject of the wrong shape without repeating it", () => {
      for (const [name, value] of [
        ["VAPID_PUBLIC_KEY", pair.privateKey],
        ["VAPID_PUBLIC_KEY", `${pair.publicKey}x`],
        ["VAPID_PRIVATE_KEY", pair.publicKey],
        ["VAPID_PRIVATE_KEY", "secret value with spaces 0123456789abcdefgh"],
        ["VAPID_SUBJECT", "http://portal.example"],
        ["VAPID_SUBJECT", "ops@portal.example"],
      ] as const) {
        let message = "";
        try {
          load({ ...keys, [name]: value });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} must be`));
        expect(message).not.toContain(value);
      }
    });

    it("refuse to start over a key file that holds no pair, rather than silence every device", () => {
      const dataDir = tempDir();
      writeFileSync(path.join(dataDir, "vapid-keys.json"), "{}");
      expect(() => load({}, dataDir)).toThrow(/does not hold a VAPID key pair/);
    });
  });

  describe("custom domains", () => {
    const target = { CUSTOM_DOMAIN_TARGET: "sites.portal.example" };
    const load = (given: Record<string, string>) => loadEnv({ DATA_DIR: tempDir(), ...given });

    it("are off, and the TLS ask open to this machine only, with nothing set", () => {
      const env = load({});
      expect(env.customDomains).toBeNull();
      expect(env.tlsAskAllow).toEqual(["127.0.0.1", "::1"]);
      expect(load({ CUSTOM_DOMAIN_TARGET: "" }).customDomains).toBeNull();
    });

    it("read the CNAME target in lower case without a final dot, and the lists", () => {
      expect(load({ CUSTOM_DOMAIN_TARGET: " Sites.Portal.Example. " }).customDomains).toEqual({
        target: "sites.portal.example",
        ips: [],
        dnsServers: [],
      });
      expect(
        load({
          ...target,
          CUSTOM_DOMAIN_IPS: "203.0.113.10, 2001:db8::10 ,",
          CUSTOM_DOMAIN_DNS_SERVERS: "1.1.1.1,9.9.9.9:53 , [2620:fe::fe]:5353,::1",
        }).customDomains,
      ).toEqual({
        target: "sites.portal.example",
        ips: ["203.0.113.10", "2001:db8::10"],
        dnsServers: ["1.1.1.1", "9.9.9.9:53", "[2620:fe::fe]:5353", "::1"],
      });
    });

    it("let TLS_ASK_ALLOW name addresses and CIDR ranges", () => {
      expect(load({ TLS_ASK_ALLOW: "10.0.0.0/8, 172.16.0.5,fd00::/8,::1" }).tlsAskAllow).toEqual([
        "10.0.0.0/8",
        "172.16.0.5",
        "fd00::/8",
        "::1",
      ]);
    });

    it.each([
      ["CUSTOM_DOMAIN_TARGET", "https://sites.portal.example"],
      ["CUSTOM_DOMAIN_TARGET", "sites portal.example"],
      ["CUSTOM_DOMAIN_TARGET", "localhost"],
      ["CUSTOM_DOMAIN_TARGET", "-sites.portal.example"],
      ["CUSTOM_DOMAIN_TARGET", "203.0.113.10"],
      ["CUSTOM_DOMAIN_IPS", "203.0.113.300"],
      ["CUSTOM_DOMAIN_IPS", "sites.portal.example"],
      ["CUSTOM_DOMAIN_IPS", ","],
      ["CUSTOM_DOMAIN_DNS_SERVERS", "dns.google"],
      ["CUSTOM_DOMAIN_DNS_SERVERS", "1.1.1.1:70000"],
      ["CUSTOM_DOMAIN_DNS_SERVERS", "[2620:fe::fe]"],
      ["CUSTOM_DOMAIN_DNS_SERVERS", "[203.0.113.53]:53"],
      ["TLS_ASK_ALLOW", "everyone"],
      ["TLS_ASK_ALLOW", "10.0.0.0/33"],
      ["TLS_ASK_ALLOW", "::1/129"],
      ["TLS_ASK_ALLOW", "10.0.0.0/8/8"],
      ["TLS_ASK_ALLOW", "10.0.0.0/x"],
    ])("stop with one line naming %s when it is %j", (variable, value) => {
      let error: unknown;
      try {
        load({ ...target, [variable]: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect(message).not.toContain("\n");
    });

    it.each(["CUSTOM_DOMAIN_IPS", "CUSTOM_DOMAIN_DNS_SERVERS"])(
      "refuse %s without CUSTOM_DOMAIN_TARGET",
      (variable) => {
        const given = { [variable]: "203.0.113.10" };
        expect(() => load(given)).toThrow(ConfigError);
        expect(() => load(given)).toThrow(
          "Invalid configuration: CUSTOM_DOMAIN_IPS and CUSTOM_DOMAIN_DNS_SERVERS are only used with CUSTOM_DOMAIN_TARGET.",
        );
      },
    );
  });

  describe("file storage", () => {
    const s3 = {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "portal-files",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-value",
    };

    it("uses S3 with AWS defaults when only the bucket and credentials are given", () => {
      expect(loadEnv({ DATA_DIR: tempDir(), ...s3 }).storage).toEqual({
        driver: "s3",
        endpoint: undefined,
        region: "us-east-1",
        bucket: "portal-files",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "secret-value",
        forcePathStyle: false,
        publicBaseUrl: undefined,
      });
    });

    it("reads an S3-compatible endpoint, path style and a CDN", () => {
      const env = loadEnv({
        DATA_DIR: tempDir(),
        ...s3,
        S3_ENDPOINT: "http://minio.internal:9000/",
        S3_REGION: "eu-central-1",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_BASE_URL: "https://cdn.example.com/files/",
      });
      expect(env.storage).toMatchObject({
        driver: "s3",
        endpoint: "http://minio.internal:9000",
        region: "eu-central-1",
        forcePathStyle: true,
        publicBaseUrl: "https://cdn.example.com/files",
      });
    });

    it("ignores S3 settings while the disk driver is chosen", () => {
      expect(
        loadEnv({ DATA_DIR: tempDir(), S3_BUCKET: "portal-files", S3_ENDPOINT: "" }).storage,
      ).toEqual({ driver: "disk" });
    });

    it.each(["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])(
      "stops with one line naming %s when S3 is chosen without it",
      (variable) => {
        let error: unknown;
        try {
          loadEnv({ DATA_DIR: tempDir(), ...s3, [variable]: "" });
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        expect(message).toBe(
          `Invalid configuration: ${variable} is required when STORAGE_DRIVER=s3.`,
        );
        expect(message).not.toContain("secret-value");
      },
    );
  });
});
