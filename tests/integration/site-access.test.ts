/**
 * The capability table (app/lib/site-access.ts) as the portal enforces it, through the real
 * HTTP app: every loader and action that reads or writes one site, one of its orders, its
 * payments, its domain or its staff, asked for by each kind of person. Whoever the table
 * allows gets through the check (whatever the action then answers); everyone else signed in
 * gets the same 404 as for a site that does not exist; a visitor who is not signed in is sent
 * to sign in (a read) or refused with 401 (a write).
 *
 * The list of actions is checked against the app's routes: a new route under /user must be
 * added here with its capability, or named as not about one site, or this test fails.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { roleMay, SITE_ROLES, type SiteCapability, type SiteRole } from "../../app/lib/site-access";
import { acceptInvitation, inviteStaff, setStaffRole } from "../../app/server/access/staff.server";
import { bookings, orders, users } from "../../app/server/db/schema";
import { createId } from "../../app/server/db/ids.server";
import { createProduct } from "../../app/server/repositories/products.server";
import { placeOrder } from "../../app/server/orders/place-order.server";
import { DEFAULT_ORDER_SETTINGS } from "../../app/lib/order-settings";
import { registerOwner } from "../support/auth-helpers";
import { startPaymentsHarness, type PaymentsHarness } from "../support/card-payments";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  ORDERING_CLOCK,
  orderingSlots,
  type OrderingSite,
} from "../support/ordering-site";

/** What the people of this test are to the site. */
type Person = SiteRole | "removed staff" | "another owner" | "anonymous";
const PEOPLE: readonly Person[] = [
  "editor",
  "orders",
  "removed staff",
  "another owner",
  "anonymous",
  // Last: the owner's delete removes its site.
  "owner",
];

interface Ids {
  pid: string;
  /** A second site of the same owner, with the same staff: the one the delete removes. */
  doomedPid: string;
  orderId: string;
  itemId: string;
  bookingId: string;
}

interface SiteAction {
  name: string;
  capability: SiteCapability;
  method: "GET" | "POST";
  path: (ids: Ids) => string;
  form?: (ids: Ids) => Record<string, string>;
}

/**
 * Every route of the portal that acts on one site, by its module, with what it needs. Forms
 * carry an intent no route knows where the route has intents: the check comes first, so an
 * allowed person is answered by the route (400), anyone else by the check (404).
 */
const SITE_ACTIONS: Record<string, readonly SiteAction[]> = {
  "routes/portal/setup.tsx": [
    {
      name: "open the editor",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/restaurant/setup/${ids.pid}`,
    },
    {
      name: "save in the editor",
      capability: "site.edit",
      method: "POST",
      path: (ids) => `/user/restaurant/setup/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/share.tsx": [
    {
      name: "open Share",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/share/${ids.pid}`,
    },
  ],
  "routes/print/printable.tsx": [
    {
      name: "print a poster",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/share/${ids.pid}/print/poster-a4`,
    },
  ],
  "routes/portal/link-shared.ts": [
    {
      name: "tick the shared link",
      capability: "site.edit",
      method: "POST",
      path: (ids) => `/user/link-shared/${ids.pid}`,
      form: () => ({}),
    },
  ],
  "routes/portal/languages.tsx": [
    {
      name: "open the translations",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/restaurant/languages/${ids.pid}`,
    },
    {
      name: "save a translation",
      capability: "site.edit",
      method: "POST",
      path: (ids) => `/user/restaurant/languages/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/languages-csv.ts": [
    {
      name: "download the translations' CSV",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/restaurant/languages/${ids.pid}/csv`,
    },
  ],
  "routes/portal/upload.ts": [
    {
      name: "upload an image",
      capability: "site.edit",
      method: "POST",
      path: (ids) => `/user/upload/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/items-csv.ts": [
    {
      name: "download the items' CSV",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/items-csv/${ids.pid}`,
    },
    {
      name: "download the items' CSV template",
      capability: "site.edit",
      method: "GET",
      path: (ids) => `/user/items-csv/${ids.pid}/template`,
    },
  ],
  "routes/portal/card-payments.ts": [
    {
      name: "come back from Stripe",
      capability: "site.payments",
      method: "GET",
      path: (ids) => `/user/payments/${ids.pid}?return=1`,
    },
    {
      name: "connect or choose card payments",
      capability: "site.payments",
      method: "POST",
      path: (ids) => `/user/payments/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/domain.tsx": [
    {
      name: "open Domain",
      capability: "site.domain",
      method: "GET",
      path: (ids) => `/user/domain/${ids.pid}`,
    },
    {
      name: "change the domain",
      capability: "site.domain",
      method: "POST",
      path: (ids) => `/user/domain/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/staff.tsx": [
    {
      name: "open Staff",
      capability: "site.staff",
      method: "GET",
      path: (ids) => `/user/staff/${ids.pid}`,
    },
    {
      name: "invite or remove staff",
      capability: "site.staff",
      method: "POST",
      path: (ids) => `/user/staff/${ids.pid}`,
      form: () => ({ intent: "no-such-intent" }),
    },
  ],
  "routes/portal/delete-product.ts": [
    {
      name: "delete the site",
      capability: "site.delete",
      method: "POST",
      path: (ids) => `/user/delete/${ids.doomedPid}`,
      form: () => ({}),
    },
  ],
  "routes/portal/orders.tsx": [
    {
      name: "pause the site's orders",
      capability: "orders",
      method: "POST",
      path: () => "/user/orders",
      form: (ids) => ({ intent: "pause", productId: ids.pid, choice: "no-such-choice" }),
    },
    {
      name: "move an order on",
      capability: "orders",
      method: "POST",
      path: () => "/user/orders",
      // Completing a new order is not a move it can make: 409 for those who may try.
      form: (ids) => ({ intent: "complete", orderId: ids.orderId }),
    },
    {
      name: "retry an order's refund",
      capability: "orders",
      method: "POST",
      path: () => "/user/orders",
      form: (ids) => ({ intent: "retry-refund", orderId: ids.orderId }),
    },
    {
      name: "mark a dish sold out today",
      capability: "orders",
      method: "POST",
      path: () => "/user/orders",
      form: (ids) => ({ intent: "sell-out", productId: ids.pid, itemId: ids.itemId, span: "x" }),
    },
  ],
  "routes/portal/bookings.tsx": [
    {
      name: "see a site's bookings",
      capability: "bookings",
      method: "GET",
      path: (ids) => `/user/bookings?pid=${ids.pid}`,
    },
    {
      name: "move a booking on",
      capability: "bookings",
      method: "POST",
      path: () => "/user/bookings",
      // Seating a booking still requested is not a move it can make: 409 for those who may try.
      form: (ids) => ({ intent: "seat", bookingId: ids.bookingId }),
    },
    {
      name: "make a new calendar address",
      capability: "site.edit",
      method: "POST",
      path: () => "/user/bookings",
      form: (ids) => ({ intent: "renew-feed", productId: ids.pid }),
    },
  ],
  "routes/portal/bookings-export.ts": [
    {
      name: "download a site's bookings",
      capability: "bookings",
      method: "GET",
      path: (ids) => `/user/bookings/export?pid=${ids.pid}&from=2026-12-01&to=2026-12-02`,
    },
  ],
  "routes/print/booking-sheet.tsx": [
    {
      name: "print a day's bookings",
      capability: "bookings",
      method: "GET",
      path: (ids) => `/user/bookings/${ids.pid}/sheet/2026-12-02`,
    },
  ],
  "routes/print/order-ticket.tsx": [
    {
      name: "print an order's ticket",
      capability: "orders",
      method: "GET",
      path: (ids) => `/user/orders/${ids.orderId}/ticket/80mm`,
    },
  ],
};

/**
 * The portal's routes that are not about one site: the person's own lists and account, which
 * read only what their role reaches (tested below for the inbox and its CSV).
 */
const NOT_ONE_SITE = new Set([
  "routes/portal/layout.tsx",
  "routes/print/layout.tsx",
  "routes/portal/products.tsx",
  "routes/portal/info.tsx",
  "routes/portal/create.tsx",
  "routes/portal/events.ts",
  "routes/portal/orders-export.ts",
  "routes/portal/push.ts",
]);

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/** Every route module under /user (and the printables beside it), from app/routes.ts. */
function portalRouteFiles(): string[] {
  const files = new Set<string>();
  const walk = (entries: readonly RouteEntry[]) => {
    for (const entry of entries) {
      if (/^routes\/(portal|print)\//.test(entry.file)) files.add(entry.file);
      walk(entry.children ?? []);
    }
  };
  walk(routes);
  return [...files];
}

let harness: PaymentsHarness;
let app: TestHttpApp;
let site: OrderingSite;
let ids: Ids;
const cookies = new Map<Person, string>();

async function join(productId: string, cookie: string, userId: string, role: "orders" | "editor") {
  const services = harness.services;
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  const invited = await inviteStaff(services.events, {
    productId,
    email: user!.email,
    role,
    now: Date.now(),
  });
  if (!invited.ok) throw new Error(invited.reason);
  const accepted = await acceptInvitation(services.events, {
    token: invited.token,
    user: { id: userId, email: user!.email },
    now: Date.now(),
  });
  if (!accepted.ok) throw new Error(accepted.reason);
  return cookie;
}

beforeAll(async () => {
  harness = await startPaymentsHarness({
    env: { publicPagesClock: new Date(ORDERING_CLOCK) },
  });
  const services = harness.services;
  app = await startHttpApp(services, { countRenders: false });
  site = await createOrderingSite(services, "Access Diner", [LEMONADE]);
  const doomed = await createProduct(services.events, site.ownerUid, {
    type: "restaurant",
    name: "Doomed Diner",
  });
  if (!doomed.ok) throw new Error(doomed.reason);
  const placed = await placeOrder(
    services.events,
    site.productId,
    {
      cartLines: [{ itemId: site.ids["Lemonade"]!, quantity: 1, choiceIds: [] }],
      placeKey: "siteaccesskey000000001",
      fulfilment: "pickup",
      slot: orderingSlots(DEFAULT_ORDER_SETTINGS)[0]!.start,
      name: "Ada Lovelace",
      phone: "+1 555 0199",
      email: "",
      address: "",
      note: "",
      language: "en",
      payment: "in-person",
    },
    ORDERING_CLOCK,
  );
  if (!placed.placed) throw new Error(placed.message);
  const bookingId = createId();
  await services.db.insert(bookings).values({
    id: bookingId,
    productId: site.productId,
    token: (createId() + createId()).slice(0, 32),
    placeKey: "siteaccessbooking0001",
    state: "requested",
    startsAt: new Date(ORDERING_CLOCK + 6 * 60 * 60_000),
    endsAt: new Date(ORDERING_CLOCK + 7.5 * 60 * 60_000),
    partySize: 2,
    guestName: "Grace Hopper",
    guestPhone: "+1 555 0100",
    guestEmail: "",
    language: "en",
    history: [{ state: "requested", at: new Date(ORDERING_CLOCK).toISOString() }],
  });
  ids = {
    pid: site.productId,
    doomedPid: doomed.productId,
    orderId: placed.orderId,
    itemId: site.ids["Lemonade"]!,
    bookingId,
  };
  cookies.set("owner", site.cookie);
  for (const role of ["editor", "orders"] as const) {
    const person = await registerOwner(services);
    for (const productId of [ids.pid, ids.doomedPid]) {
      await join(productId, person.cookie, person.userId, role);
    }
    cookies.set(role, person.cookie);
  }
  const removed = await registerOwner(services);
  await join(ids.pid, removed.cookie, removed.userId, "orders");
  await join(ids.doomedPid, removed.cookie, removed.userId, "orders");
  for (const productId of [ids.pid, ids.doomedPid]) {
    expect(
      await setStaffRole(services.events, { productId, userId: removed.userId, role: null }),
    ).toBe(true);
  }
  cookies.set("removed staff", removed.cookie);
  cookies.set("another owner", (await registerOwner(services)).cookie);
});

afterAll(async () => {
  await app?.close();
  await harness?.close();
});

async function ask(person: Person, action: SiteAction): Promise<Response> {
  const cookie = cookies.get(person);
  const form = action.form?.(ids);
  return fetch(`${app.url}${action.path(ids)}`, {
    method: action.method,
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

/** Whether the table lets `person` do what needs `capability`. */
function allowed(person: Person, capability: SiteCapability): boolean {
  return (
    (SITE_ROLES as readonly string[]).includes(person) && roleMay(person as SiteRole, capability)
  );
}

describe("the capability table", () => {
  it("names every portal route: with its capability, or as not about one site", () => {
    const unlisted = portalRouteFiles().filter(
      (file) => !(file in SITE_ACTIONS) && !NOT_ONE_SITE.has(file),
    );
    expect(unlisted).toEqual([]);
    // And nothing listed is gone from the app.
    const known = new Set(portalRouteFiles());
    expect([...Object.keys(SITE_ACTIONS), ...NOT_ONE_SITE].filter((f) => !known.has(f))).toEqual(
      [],
    );
  });

  const cases = Object.values(SITE_ACTIONS)
    .flat()
    .flatMap((action) => PEOPLE.map((person) => [action, person] as const));

  it.each(cases.map(([action, person]) => [action.name, person, action] as const))(
    "%s, asked by %s",
    async (_name, person, action) => {
      const answer = await ask(person, action);
      await answer.body?.cancel();
      if (person === "anonymous") {
        if (action.method === "GET") {
          expect(answer.status).toBe(302);
          expect(answer.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
        } else {
          expect(answer.status).toBe(401);
        }
      } else if (allowed(person, action.capability)) {
        expect(answer.status, `${person} may ${action.name}`).not.toBe(404);
        expect(answer.status).toBeLessThan(500);
        expect([401, 403]).not.toContain(answer.status);
      } else {
        expect(answer.status, `${person} may not ${action.name}`).toBe(404);
      }
    },
  );

  it("left the order as it was: refused, or a move it cannot make", async () => {
    const [order] = await harness.services.db
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.id, ids.orderId));
    expect(order?.state).toBe("new");
  });
});

describe("the lists a person sees", () => {
  async function page(person: Person, path: string) {
    const cookie = cookies.get(person)!;
    const answer = await fetch(`${app.url}${path}`, { headers: { cookie } });
    return { status: answer.status, text: await answer.text() };
  }

  it.each([
    ["owner", true],
    ["editor", true],
    ["orders", true],
    ["removed staff", false],
    ["another owner", false],
  ] as const)(
    "the inbox and its CSV, for %s: the site's order shown = %s",
    async (person, shown) => {
      const inbox = await page(person, "/user/orders");
      expect(inbox.status).toBe(200);
      expect(inbox.text.includes("Access Diner")).toBe(shown);
      const csv = await page(person, "/user/orders/export?from=2026-11-01&to=2026-12-31");
      expect(csv.status).toBe(200);
      expect(csv.text.includes("Ada Lovelace")).toBe(shown);
    },
  );
});
