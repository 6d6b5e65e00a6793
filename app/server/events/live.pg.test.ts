/** PostgreSQL only: the listening connection is a real one that can drop. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices } from "../../../tests/support/test-services";
import { OWNER_EVENTS_CHANNEL } from "./events.server";
import { createLiveBus } from "./live.server";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

async function listenerBackends(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query ilike $1",
      [`listen "${OWNER_EVENTS_CHANNEL}"%`],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

describe("live bus on PostgreSQL", () => {
  it("holds one listening connection only while subscribed", async () => {
    const url = services.env.databaseUrl!;
    const bus = createLiveBus(services.database);
    const { userId } = await registerOwner(services);
    expect(await listenerBackends(url)).toHaveLength(0);
    const stopA = await bus.subscribe(userId, { onEvent() {}, onResync() {}, onClose() {} });
    const stopB = await bus.subscribe(userId, { onEvent() {}, onResync() {}, onClose() {} });
    expect(await listenerBackends(url)).toHaveLength(1);
    await stopA();
    await stopB();
    await expect.poll(() => listenerBackends(url)).toHaveLength(0);
  });

  it("reconnects after the connection drops, asks pages to resync, and delivers again", async () => {
    const url = services.env.databaseUrl!;
    const bus = createLiveBus(services.database);
    const { userId } = await registerOwner(services);
    const events: string[] = [];
    const stop = await bus.subscribe(userId, {
      onEvent: (kind) => events.push(kind),
      onResync: () => events.push("resync"),
      onClose() {},
    });

    const [backend] = await listenerBackends(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [backend]);
    await admin.end();

    await expect.poll(() => events).toContain("resync");
    await createProduct(services.events, userId, { type: "restaurant", name: "After the drop" });
    await expect.poll(() => events).toEqual(["resync", "products-changed"]);
    await stop();
  });
});
