/**
 * Webhook delivery as Stripe does it: the event's JSON POSTed to the endpoint with a
 * `Stripe-Signature` header (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`, made by the
 * `stripe` package itself), retried with a growing delay while the endpoint answers other than
 * 2xx or cannot be reached. Each attempt is signed afresh, as Stripe's are.
 */
import Stripe from "stripe";

export interface FakeEvent {
  id: string;
  object: "event";
  account?: string;
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  url: string;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** Sent by `redeliver`, as the Dashboard's "Resend" does: not a retry. */
  redelivery: boolean;
  /** The response's status, or undefined when no response came (`error` says why). */
  status?: number;
  error?: string;
  /** The response's body, cut to 2,000 characters. */
  responseBody: string;
  ok: boolean;
  signature: string;
  /** The exact bytes sent, for a test that checks the signature itself. */
  payload: string;
  sentAt: number;
  durationMs: number;
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

export interface WebhookSettings {
  /** Retries after a failed first attempt (default 3; 0 turns retries off). */
  retries: number;
  /** Delay before the first retry, doubled for each next one (default 200 ms). */
  retryDelayMs: number;
  /** How long an endpoint may take to answer (default 10 s). */
  timeoutMs: number;
}

export class WebhookSender {
  target: WebhookTarget | null = null;
  readonly deliveries: WebhookDelivery[] = [];
  readonly held: FakeEvent[] = [];
  holding = false;
  private closed = false;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  constructor(
    private readonly settings: WebhookSettings,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Sends a new event: held while holding, dropped when there is no endpoint (as with no
   * endpoint configured on Stripe), otherwise delivered. Resolves after the first attempt;
   * retries go on in the background (`idle()` waits for them).
   */
  dispatch(event: FakeEvent): Promise<WebhookDelivery | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    if (this.holding) {
      this.held.push(event);
      return Promise.resolve(undefined);
    }
    const target = this.target;
    if (!target) return Promise.resolve(undefined);
    return this.track(this.deliverWithRetries(event, target));
  }

  /** Delivers held events: the listed ones in that order, or all of them and stop holding. */
  async release(ids?: string[]): Promise<WebhookDelivery[]> {
    const chosen: FakeEvent[] = [];
    if (ids) {
      for (const id of ids) {
        const index = this.held.findIndex((event) => event.id === id);
        if (index === -1) throw new Error(`Event ${id} is not held`);
        chosen.push(...this.held.splice(index, 1));
      }
    } else {
      chosen.push(...this.held.splice(0));
      this.holding = false;
    }
    const target = this.target;
    const deliveries: WebhookDelivery[] = [];
    if (!target || this.closed) return deliveries;
    for (const event of chosen) {
      deliveries.push(await this.track(this.deliverWithRetries(event, target)));
    }
    return deliveries;
  }

  /** One more attempt for an event already sent, held or not, as the Dashboard's "Resend". */
  redeliver(event: FakeEvent): Promise<WebhookDelivery> {
    const target = this.target;
    if (!target) return Promise.reject(new Error("No webhook target is set"));
    return this.track(this.attempt(event, target, 1, true));
  }

  /** Waits until no delivery is under way or waiting for a retry. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const [timer, settle] of this.timers) {
      clearTimeout(timer);
      settle();
    }
    this.timers.clear();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  private async deliverWithRetries(
    event: FakeEvent,
    target: WebhookTarget,
  ): Promise<WebhookDelivery> {
    const first = await this.attempt(event, target, 1, false);
    if (!first.ok && this.settings.retries > 0) this.scheduleRetry(event, target, 2);
    return first;
  }

  private scheduleRetry(event: FakeEvent, target: WebhookTarget, attempt: number): void {
    if (this.closed) return;
    const delay = this.settings.retryDelayMs * 2 ** (attempt - 2);
    void this.track(
      new Promise<void>((settle) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void this.attempt(event, target, attempt, false)
            .then((delivery) => {
              if (!delivery.ok && attempt <= this.settings.retries) {
                this.scheduleRetry(event, target, attempt + 1);
              }
            })
            .finally(settle);
        }, delay);
        // close() cancels the retry and settles it, so that idle() does not wait for it.
        this.timers.set(timer, settle);
      }),
    );
  }

  private async attempt(
    event: FakeEvent,
    target: WebhookTarget,
    attempt: number,
    redelivery: boolean,
  ): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: target.secret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const sentAt = Date.now();
    const delivery: WebhookDelivery = {
      eventId: event.id,
      eventType: event.type,
      url: target.url,
      attempt,
      redelivery,
      responseBody: "",
      ok: false,
      signature,
      payload,
      sentAt,
      durationMs: 0,
    };
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signature,
        },
        body: payload,
        // Stripe follows no redirect: a 3xx is a failed delivery.
        redirect: "manual",
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      delivery.status = response.status;
      delivery.responseBody = (await response.text()).slice(0, 2000);
      delivery.ok = response.status >= 200 && response.status < 300;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    delivery.durationMs = Date.now() - sentAt;
    this.deliveries.push(delivery);
    this.log(
      `webhook ${event.type} ${event.id} → ${target.url}: ${delivery.status ?? delivery.error}` +
        (attempt > 1 ? ` (attempt ${attempt})` : ""),
    );
    return delivery;
  }
}
