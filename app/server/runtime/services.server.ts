/**
 * The process-wide services: configuration, the database, auth, file storage,
 * the events that writes announce, live updates, the public page cache, the
 * count of its views, the mail about orders and the metrics.
 * Built once at start (after migrations) and handed to every loader and action
 * through the router context.
 */
import path from "node:path";
import { createPageViews, type PageViews } from "../analytics/page-views.server";
import { createAuth, type Auth } from "../accounts/auth.server";
import { openDatabase, type Database, type DatabaseHandle } from "../db/client.server";
import { acquireDataDirLock, type DataDirLock } from "../db/data-dir-lock.server";
import { publicPagesTime, type Env } from "./env.server";
import { createEvents, type Events } from "../events/events.server";
import { createDomainRechecks, type DomainRechecks } from "../domains/domain-checks.server";
import { createDomainDirectory, type DomainDirectory } from "../domains/domain-directory.server";
import { createDomainChecker, type DomainChecker } from "../domains/dns-check.server";
import { createLiveBus, type LiveBus } from "../events/live.server";
import { createPublicPageCache, type PublicPageCache } from "../pages/public-page-cache.server";
import { createMailer, type Mailer } from "../mail/mailer.server";
import { createMetrics, type Metrics } from "../metrics/metrics.server";
import { createOrderMail, type OrderMailSender } from "../orders/order-mail.server";
import { attemptRefund, CARD_REFUND_KIND } from "../payments/card-refunds.server";
import { createPaymentProvider } from "../payments/payment-provider.server";
import { orderPushJobs } from "../push/order-push.server";
import type { PaymentProvider } from "../payments/payments.server";
import { createLocalDiskStorage } from "../storage/local-disk.server";
import { createS3Storage } from "../storage/s3.server";
import type { FileStorage } from "../storage/storage.server";

export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  storage: FileStorage;
  mailer: Mailer;
  /**
   * The mail about orders queued in `order_mail`: `kick()` after a commit that queued some
   * sends it at once; the poll that picks up what is left starts with the server.
   */
  orderMail: OrderMailSender;
  /** Write transactions that announce what they changed (NOTIFY, and this process's page cache). */
  events: Events;
  live: LiveBus;
  /** Idle until `startServer` starts it (scripts never do). */
  pageCache: PublicPageCache;
  /** Views of the public pages, counted in memory and written every few seconds. */
  pageViews: PageViews;
  /** Null unless METRICS_TOKEN or METRICS_PORT is set: nothing is measured then. */
  metrics: Metrics | null;
  /** The card payment provider; null while the operator set no Stripe keys (no cards anywhere). */
  payments: PaymentProvider | null;
  /** Which host is the portal's, which a site's own domain. */
  domains: DomainDirectory;
  /** Owners' domains checked in DNS; null while custom domains are off (CUSTOM_DOMAIN_TARGET). */
  domainChecks: { checker: DomainChecker; rechecks: DomainRechecks } | null;
}

export interface RunningServices extends AppServices {
  close(): Promise<void>;
}

/**
 * Opens the database (locking an embedded one against other processes),
 * applies migrations and builds auth. `holder` names the process in the lock,
 * so whoever is refused learns who holds it.
 */
export async function startServices(env: Env, holder: string): Promise<RunningServices> {
  const lock: DataDirLock | null = env.databaseUrl ? null : acquireDataDirLock(env.dataDir, holder);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    await database.migrate();
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  return servicesFromDatabase(env, database, async () => {
    await database.close();
    lock?.release();
  });
}

function createStorage(env: Env): FileStorage {
  if (env.storage.driver === "s3") return createS3Storage(env.storage);
  return createLocalDiskStorage(path.join(env.dataDir, "files"));
}

export function servicesFromDatabase(
  env: Env,
  database: DatabaseHandle,
  close: () => Promise<void> = () => database.close(),
): RunningServices {
  const events = createEvents(database.db);
  const live = createLiveBus(database);
  const pageCache = createPublicPageCache(database, events, env.pageCacheBytes, () =>
    publicPagesTime(env),
  );
  const mailer = createMailer(env.mail);
  const metrics = env.metrics.endpoint === "off" ? null : createMetrics({ pageCache, database });
  const payments = env.payments ? createPaymentProvider(env.payments) : null;
  const orderMail = createOrderMail({
    db: database.db,
    mailer,
    publicUrl: env.publicUrl,
    jobs: {
      [CARD_REFUND_KIND]: (orderId, attemptKey) =>
        attemptRefund({ db: database.db, events, payments, metrics }, orderId, attemptKey),
      ...orderPushJobs({ db: database.db, env }),
    },
  });
  const pageViews = createPageViews(database.db, { enabled: env.countPageViews });
  const domainChecker = env.customDomains ? createDomainChecker(env.customDomains) : null;
  const domainChecks = domainChecker
    ? {
        checker: domainChecker,
        rechecks: createDomainRechecks({ db: database.db, events, checker: domainChecker }),
      }
    : null;
  return {
    env,
    database,
    db: database.db,
    auth: createAuth(env, database.db, mailer),
    storage: createStorage(env),
    mailer,
    orderMail,
    events,
    live,
    pageCache,
    pageViews,
    metrics,
    payments,
    domains: createDomainDirectory(env, database.db, events),
    domainChecks,
    close: async () => {
      await domainChecks?.rechecks.close();
      // A mail in flight finishes (and is marked sent) while the mailer and database are open.
      await orderMail.close();
      mailer.close();
      await live.close();
      await pageCache.close();
      // The views still in memory, while the database is open.
      await pageViews.close();
      await close();
    },
  };
}
