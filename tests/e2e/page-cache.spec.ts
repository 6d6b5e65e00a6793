/**
 * The public page cache across real server processes: two servers on one
 * PostgreSQL, a page cached by one, the price changed through the other.
 */
import pg from "pg";
import { formatPrice } from "../../app/lib/price";
import { expect, test, uniqueOwner } from "./fixtures";
import { postForm, startPortal, tempDataDir } from "./server-process";

test.describe.configure({ mode: "serial" });

/** The session cookie from a response's Set-Cookie headers. */
function sessionCookie(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function view(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    body: await response.text(),
  };
}

test("two servers on one PostgreSQL: a price saved through one shows on the other's cached page", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL");
  const name = `portal_e2e_cache_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const shared = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: "a-secret-shared-by-both-servers-0123456789",
  };
  const [first, second] = await Promise.all([
    startPortal({ DATA_DIR: tempDataDir(), ...shared }),
    startPortal({ DATA_DIR: tempDataDir(), ...shared }),
  ]);
  try {
    // An owner with a restaurant and one dish, all through the first server.
    const owner = uniqueOwner("pagecache");
    const registered = await postForm(first.port, "/register", owner);
    expect(registered.status).toBe(302);
    const cookie = sessionCookie(registered.headers["set-cookie"]);
    const created = await postForm(
      first.port,
      "/user/create",
      { type: "restaurant", name: "Cached Across" },
      { headers: { cookie } },
    );
    expect(created.status).toBe(302);
    const productId = /\/user\/restaurant\/setup\/([A-Za-z0-9]+)$/.exec(
      String(created.headers.location),
    )![1]!;
    const editor = `/user/restaurant/setup/${productId}`;
    const post = (form: Record<string, string>) =>
      postForm(first.port, editor, form, { headers: { cookie } });
    expect((await post({ intent: "add-item", name: "Soup", price: "6.50" })).status).toBe(200);
    const publicPath = `/r/cached-across-${productId}`;

    // The second server caches the page.
    const before = await view(second.url, publicPath);
    expect(before.status).toBe(200);
    expect(before.body).toContain(formatPrice(650));
    expect((await view(second.url, publicPath)).cache).toBe("hit");
    await view(first.url, publicPath);
    expect((await view(first.url, publicPath)).cache).toBe("hit");

    // The owner saves a new price on the first server...
    const database = new pg.Client({ connectionString: shared.DATABASE_URL });
    await database.connect();
    const { rows } = await database.query<{ id: string }>(
      "select id from items where product_id = $1",
      [productId],
    );
    await database.end();
    const saved = await post({ intent: "update-price", itemId: rows[0]!.id, price: "8.75" });
    expect(saved.status).toBe(200);

    // ...which that server shows on the very next view...
    const mine = await view(first.url, publicPath);
    expect(mine.body).toContain(formatPrice(875));
    // ...and the second server as soon as the notification reaches it.
    await expect
      .poll(async () => (await view(second.url, publicPath)).body, { timeout: 2000 })
      .toContain(formatPrice(875));
    expect((await view(second.url, publicPath)).cache).toBe("hit");
  } finally {
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
