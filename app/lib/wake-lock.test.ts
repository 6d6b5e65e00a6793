import { describe, expect, it } from "vitest";
import { WakeLockKeeper, type Page, type ScreenLock, type WakeLockStatus } from "./wake-lock";

/** A `document` whose visibility the test sets, telling its listeners as a browser does. */
class FakePage extends EventTarget implements Page {
  visibilityState: DocumentVisibilityState = "visible";
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

class FakeLock extends EventTarget implements ScreenLock {
  released = false;
  async release() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event("release"));
  }
}

/** `navigator.wakeLock`: grants each request, or refuses the next ones while `refusing`. */
class FakeLocks {
  granted: FakeLock[] = [];
  requests = 0;
  refusing = false;
  async request(type: "screen") {
    expect(type).toBe("screen");
    this.requests += 1;
    if (this.refusing) throw new DOMException("Battery saver", "NotAllowedError");
    const lock = new FakeLock();
    this.granted.push(lock);
    return lock;
  }
}

/** A keeper over `locks` (by default a browser that grants every request) and a shown page. */
function setUp(locks: FakeLocks | null = new FakeLocks()) {
  const page = new FakePage();
  const said: WakeLockStatus[] = [];
  const keeper = new WakeLockKeeper(locks ?? undefined, page, (status) => said.push(status));
  return { keeper, page, locks: locks!, said };
}

/** Lets the fakes' promises settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("WakeLockKeeper", () => {
  it("holds a lock once started, and says so", async () => {
    const { keeper, locks, said } = setUp();
    await keeper.start();
    expect(locks.requests).toBe(1);
    expect(keeper.current).toBe("on");
    expect(said).toEqual(["asking", "on"]);
    // Asked again while held: the one lock is enough.
    await keeper.start();
    expect(locks.requests).toBe(1);
  });

  it("asks again each time the page is shown after being hidden", async () => {
    const { keeper, page, locks } = setUp();
    await keeper.start();
    page.show("hidden");
    await settled();
    // What the browser held is let go, and nothing is asked while hidden.
    expect(locks.granted[0]!.released).toBe(true);
    expect(locks.requests).toBe(1);
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(2);
    expect(locks.granted[1]!.released).toBe(false);
    expect(keeper.current).toBe("on");

    page.show("hidden");
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(3);
  });

  it("asks again when shown even if the browser kept its lock through the hiding", async () => {
    const { keeper, page, locks } = setUp();
    await keeper.start();
    page.show("hidden");
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(2);
    expect(locks.granted.filter((lock) => !lock.released)).toHaveLength(1);
  });

  it("does not ask twice while the browser is still answering", async () => {
    const { keeper, page, locks } = setUp();
    const first = keeper.start();
    page.show("visible");
    await first;
    await settled();
    expect(locks.requests).toBe(1);
  });

  it("says when the browser refuses, and tries again when the page is next shown", async () => {
    const { keeper, page, locks } = setUp();
    locks.refusing = true;
    await keeper.start();
    expect(keeper.current).toBe("refused");
    locks.refusing = false;
    page.show("hidden");
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(2);
    expect(keeper.current).toBe("on");
  });

  it("says when the browser lets go by itself while the page is shown", async () => {
    const { keeper, locks } = setUp();
    await keeper.start();
    await locks.granted[0]!.release();
    expect(keeper.current).toBe("refused");
  });

  it("says there is no wake lock where the browser has none", async () => {
    const { keeper, said } = setUp(null);
    expect(keeper.current).toBe("unsupported");
    await keeper.start();
    expect(keeper.current).toBe("unsupported");
    expect(said).toEqual([]);
  });

  it("waits for a hidden page to be shown before asking", async () => {
    const { keeper, page, locks } = setUp();
    page.visibilityState = "hidden";
    await keeper.start();
    expect(locks.requests).toBe(0);
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(1);
    expect(keeper.current).toBe("on");
  });

  it("lets go when stopped, and no longer asks when the page is shown", async () => {
    const { keeper, page, locks } = setUp();
    await keeper.start();
    keeper.stop();
    expect(locks.granted[0]!.released).toBe(true);
    expect(keeper.current).toBe("off");
    page.show("hidden");
    page.show("visible");
    await settled();
    expect(locks.requests).toBe(1);
  });

  it("lets go of a lock granted after it was stopped", async () => {
    const { keeper, locks } = setUp();
    const asked = keeper.start();
    keeper.stop();
    await asked;
    await settled();
    expect(locks.granted[0]!.released).toBe(true);
    expect(keeper.current).toBe("off");
  });
});
