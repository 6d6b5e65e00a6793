/**
 * Keeping a screen on with the Screen Wake Lock API (`navigator.wakeLock`), for the orders
 * inbox's kitchen screen. Browsers let go of the lock whenever the page is hidden (another
 * tab, the tablet's screen off, the app switcher), so the keeper asks again each time the
 * page is shown while it is wanted. Plain code over the two browser objects it needs, so that
 * its rules are tested without a browser (wake-lock.test.ts); `useWakeLock` puts it in React.
 */

/** off: not wanted; on: held; unsupported: no `navigator.wakeLock`; refused: the browser said no. */
export type WakeLockStatus = "off" | "asking" | "on" | "unsupported" | "refused";

/** What the keeper uses of a `WakeLockSentinel`. */
export interface ScreenLock {
  readonly released: boolean;
  release(): Promise<void>;
  addEventListener(type: "release", listener: () => void): void;
  removeEventListener(type: "release", listener: () => void): void;
}

/** What the keeper uses of `navigator.wakeLock`. */
export interface ScreenLocks {
  request(type: "screen"): Promise<ScreenLock>;
}

/** What the keeper uses of `document`. */
export interface Page {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export class WakeLockKeeper {
  private wanted = false;
  private lock: ScreenLock | null = null;
  private asking = false;
  private status: WakeLockStatus;

  constructor(
    /** `navigator.wakeLock`, undefined where the browser has none. */
    private readonly locks: ScreenLocks | undefined,
    private readonly page: Page,
    private readonly onStatus: (status: WakeLockStatus) => void = () => {},
  ) {
    this.status = locks ? "off" : "unsupported";
  }

  get current(): WakeLockStatus {
    return this.status;
  }

  /**
   * Keeps the screen on until `stop`. Called from a tap: Safari and Firefox may refuse a
   * first request made without one.
   */
  start(): Promise<void> {
    if (!this.locks) {
      this.setStatus("unsupported");
      return Promise.resolve();
    }
    if (!this.wanted) {
      this.wanted = true;
      this.page.addEventListener("visibilitychange", this.onVisibilityChange);
    }
    return this.acquire();
  }

  /** Lets the screen turn off again, and stops asking when the page is shown. */
  stop() {
    if (!this.wanted) return;
    this.wanted = false;
    this.page.removeEventListener("visibilitychange", this.onVisibilityChange);
    this.drop();
    this.setStatus(this.locks ? "off" : "unsupported");
  }

  private readonly onVisibilityChange = () => {
    if (!this.wanted) return;
    if (this.page.visibilityState === "visible") void this.acquire();
    // Hidden: the browser has let go (or is about to); a lock kept would only be stale.
    else this.drop();
  };

  /** The browser let go by itself while the page was shown: a battery saver, say. */
  private readonly onRelease = () => {
    if (!this.lock?.released) return;
    this.lock.removeEventListener("release", this.onRelease);
    this.lock = null;
    if (this.wanted && this.page.visibilityState === "visible") this.setStatus("refused");
  };

  private async acquire() {
    const locks = this.locks;
    if (!locks || this.asking || (this.lock && !this.lock.released)) return;
    // A hidden page may not hold a lock; it is asked for when the page is shown.
    if (this.page.visibilityState !== "visible") return;
    this.asking = true;
    if (this.status !== "on") this.setStatus("asking");
    try {
      const lock = await locks.request("screen");
      if (!this.wanted) {
        // Stopped while the browser answered.
        void lock.release().catch(() => {});
        return;
      }
      this.lock = lock;
      lock.addEventListener("release", this.onRelease);
      this.setStatus("on");
    } catch {
      // NotAllowedError: no permission, a battery saver, or no tap on the page yet.
      if (this.wanted) this.setStatus("refused");
    } finally {
      this.asking = false;
    }
  }

  private drop() {
    const lock = this.lock;
    if (!lock) return;
    this.lock = null;
    lock.removeEventListener("release", this.onRelease);
    if (!lock.released) void lock.release().catch(() => {});
  }

  private setStatus(status: WakeLockStatus) {
    if (status === this.status) return;
    this.status = status;
    this.onStatus(status);
  }
}
