import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices, openSecondHandle } from "../../../tests/support/test-services";
import type { DatabaseHandle } from "../db/client.server";
import { createEvents, type Events } from "./events.server";
import { createLiveBus, type OwnerEventSubscriber } from "./live.server";
import { createProduct, deleteProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
let other: DatabaseHandle;
let otherEvents: Events;
beforeAll(async () => {
  services = await createTestServices();
  // Another server process on the same database (PGlite: the same process).
  other = await openSecondHandle(services);
  otherEvents = createEvents(other.db);
});
afterAll(async () => {
  if (other !== services.database) await other.close();
  await services.close();
});

function recorder() {
  const events: string[] = [];
  const subscriber: OwnerEventSubscriber = {
    onEvent: (kind) => events.push(kind),
    onResync: () => events.push("resync"),
    onClose: () => events.push("close"),
  };
  return { events, subscriber };
}

const eventually = (check: () => void) =>
  expect
    .poll(() => {
      try {
        check();
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);

describe("live bus", () => {
  it("listens only while someone is subscribed", async () => {
    const bus = createLiveBus(services.database);
    expect(bus.stats()).toEqual({ subscribers: 0, listening: false });
    const { userId } = await registerOwner(services);
    const unsubscribe = await bus.subscribe(userId, recorder().subscriber);
    expect(bus.stats()).toEqual({ subscribers: 1, listening: true });
    await unsubscribe();
    expect(bus.stats()).toEqual({ subscribers: 0, listening: false });
  });

  it("delivers a committed change made elsewhere to its owner's subscribers only", async () => {
    const bus = createLiveBus(services.database);
    const owner = await registerOwner(services);
    const stranger = await registerOwner(services);
    const mine = recorder();
    const theirs = recorder();
    const stopMine = await bus.subscribe(owner.userId, mine.subscriber);
    const stopTheirs = await bus.subscribe(stranger.userId, theirs.subscriber);

    const created = await createProduct(otherEvents, owner.userId, {
      type: "shoppy",
      name: "Live",
    });
    await eventually(() => expect(mine.events).toEqual(["products-changed"]));
    if (!created.ok) throw new Error(created.reason);
    await deleteProduct(otherEvents, owner.userId, created.productId);
    await eventually(() => expect(mine.events).toEqual(["products-changed", "products-changed"]));
    expect(theirs.events).toEqual([]);

    await stopMine();
    await stopTheirs();
  });

  it("sends nothing for a change that is refused or rolled back", async () => {
    const bus = createLiveBus(services.database);
    const owner = await registerOwner(services);
    const watcher = recorder();
    const stop = await bus.subscribe(owner.userId, watcher.subscriber);
    // Deleting a product the owner does not have changes nothing and says nothing.
    expect(await deleteProduct(otherEvents, owner.userId, "A".repeat(20))).toBeNull();
    await otherEvents
      .transaction(async (_tx, changes) => {
        changes.owner(owner.userId);
        throw new Error("roll back");
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.events).toEqual([]);
    await stop();
  });

  it("ends every stream on close", async () => {
    const bus = createLiveBus(services.database);
    const owner = await registerOwner(services);
    const watcher = recorder();
    await bus.subscribe(owner.userId, watcher.subscriber);
    await bus.close();
    expect(watcher.events).toEqual(["close"]);
    expect(bus.stats()).toEqual({ subscribers: 0, listening: false });

    // A page that reconnects while the server shuts down is ended at once, not kept open.
    const late = recorder();
    await bus.subscribe(owner.userId, late.subscriber);
    expect(late.events).toEqual(["close"]);
    expect(bus.stats()).toEqual({ subscribers: 0, listening: false });
  });
});
