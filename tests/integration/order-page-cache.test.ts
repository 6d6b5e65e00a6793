/**
 * The order page from the page cache, through the real HTTP app on PGlite and PostgreSQL: kept
 * per site and language like the menu, dropped with the site's other pages by any write (a dish
 * sold out, the order settings), sent with a customer page's headers (its script allowed by
 * its hash, kept by no shared cache), never counted as a view, and never kept when it carries a
 * customer's cancelled order (`?resume=`).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productInfo } from "../../app/server/db/schema";
import { changeSoldOut } from "../../app/server/editing/sold-out.server";
import { saveOrderSettings } from "../../app/server/orders/orders.server";
import { useTestApp } from "../support/http-app";
import { slotRules } from "../../app/lib/order-settings";
import { orderingStatus } from "../../app/lib/order-slots";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  OPEN_ALL_WEEK,
  ORDERING_CLOCK,
  ORDERING_ZONE,
} from "../support/ordering-site";

const running = useTestApp({ publicPagesClock: new Date(ORDERING_CLOCK) });

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${running.app.url}${path}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The page's one inline script, as the browser hashes it for the policy. */
function inlineScriptHash(html: string): string {
  const scripts = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return `'sha256-${createHash("sha256").update(scripts[0]![1]!, "utf8").digest("base64")}'`;
}

describe("the order page", () => {
  it("is kept after its first view and sent the same from memory", async () => {
    const site = await createOrderingSite(running.services, "Cached Order Diner", [
      MARGHERITA,
      LEMONADE,
    ]);
    const first = await get(site.orderPath);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.html).toContain("Margherita");
    const second = await get(site.orderPath);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.html).toBe(first.html);
    // A query the page does not read shares the entry.
    const tagged = await get(`${site.orderPath}?utm_source=flyer`);
    expect(tagged.headers.get("x-page-cache")).toBe("hit");
    expect(tagged.html).toBe(first.html);
    // Kept until the ordering line it shows would change ("pickup from 12:30 PM").
    const { changesAt } = orderingStatus(
      { hours: OPEN_ALL_WEEK, specialHours: [], timeZone: ORDERING_ZONE },
      slotRules(site.settings),
      null,
      new Date(ORDERING_CLOCK),
    );
    expect(changesAt).toBeGreaterThan(ORDERING_CLOCK);
    expect(running.services.pageCache.pages.hit(site.orderPath)?.freshUntil).toBe(changesAt);
  });

  it("is sent as a customer's page: its script allowed by hash, no nonce, kept by no shared cache", async () => {
    const site = await createOrderingSite(running.services, "Headers Diner", [MARGHERITA]);
    for (const outcome of ["miss", "hit"]) {
      const page = await get(site.orderPath);
      expect(page.headers.get("x-page-cache")).toBe(outcome);
      const policy = page.headers.get("content-security-policy") ?? "";
      expect(policy).toContain(`script-src ${inlineScriptHash(page.html)}`);
      expect(policy).not.toContain("nonce");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(page.html).not.toContain("nonce=");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.headers.get("x-robots-tag")).toBe("noindex");
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
    }
  });

  it("answers a post with the same policy, its script allowed by the same hash", async () => {
    const site = await createOrderingSite(running.services, "Posted Order Diner", [MARGHERITA]);
    const page = await get(site.orderPath);
    const response = await fetch(`${running.app.url}${site.orderPath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: running.app.url },
      body: new URLSearchParams({
        cart: "",
        add: site.ids["Margherita"]!,
        [`qty-${site.ids["Margherita"]}`]: "0",
      }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('class="order-item-error"');
    expect(inlineScriptHash(html)).toBe(inlineScriptHash(page.html));
    expect(response.headers.get("content-security-policy")).toBe(
      page.headers.get("content-security-policy"),
    );
    expect(response.headers.get("x-page-cache")).toBeNull();
  });

  it("shows a dish sold out on the very next view, and the dish back after", async () => {
    const site = await createOrderingSite(running.services, "Sold Out Order Diner", [
      MARGHERITA,
      LEMONADE,
    ]);
    const soldOutItem = `class="order-item is-sold-out" data-item="${site.ids["Lemonade"]}"`;
    const before = await get(site.orderPath);
    expect(before.html).not.toContain(soldOutItem);
    expect((await get(site.orderPath)).headers.get("x-page-cache")).toBe("hit");

    const product = { id: site.productId, ownerUid: site.ownerUid };
    const target = { itemId: site.ids["Lemonade"]!, choiceId: null };
    const marked = await changeSoldOut(
      running.services.events,
      product,
      target,
      "today",
      ORDERING_CLOCK,
    );
    expect(marked.ok).toBe(true);
    const soldOut = await get(site.orderPath);
    expect(soldOut.headers.get("x-page-cache")).toBe("miss");
    expect(soldOut.html).toContain(soldOutItem);

    await changeSoldOut(running.services.events, product, target, "back", ORDERING_CLOCK);
    const back = await get(site.orderPath);
    expect(back.headers.get("x-page-cache")).toBe("miss");
    expect(back.html).not.toContain(soldOutItem);
  });

  it("shows a change to the order settings on the very next view", async () => {
    const site = await createOrderingSite(running.services, "Settings Order Diner", [MARGHERITA]);
    expect((await get(site.orderPath)).html).not.toContain("delivery fee");
    await get(site.orderPath);
    await saveOrderSettings(running.services.events, site.productId, {
      ...site.settings,
      delivery: true,
      deliveryFeeCents: 250,
    });
    const changed = await get(site.orderPath);
    expect(changed.headers.get("x-page-cache")).toBe("miss");
    expect(changed.html).toContain("Pickup or Delivery · delivery fee $2.50");
  });

  it("keeps each language's page apart", async () => {
    const site = await createOrderingSite(running.services, "Two Language Order Diner", [
      MARGHERITA,
    ]);
    await running.services.db
      .update(productInfo)
      .set({ extraLanguages: ["es"] })
      .where(eq(productInfo.productId, site.productId));
    const spanishPath = site.orderPath.replace(/\/order$/, "/es/order");
    const english = await get(site.orderPath);
    const spanish = await get(spanishPath);
    expect(spanish.headers.get("x-page-cache")).toBe("miss");
    expect(spanish.html).toContain('lang="es"');
    expect(english.html).toContain('lang="en"');
    expect((await get(spanishPath)).html).toBe(spanish.html);
    expect((await get(site.orderPath)).html).toBe(english.html);
  });

  it("never keeps a page carrying a customer's cancelled order", async () => {
    const site = await createOrderingSite(running.services, "Resume Order Diner", [MARGHERITA]);
    const resumed = await get(`${site.orderPath}?resume=${"a".repeat(32)}`);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("x-page-cache")).toBeNull();
    expect(resumed.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(site.orderPath)).headers.get("x-page-cache")).toBe("miss");
  });

  it("is not counted as a view of the site", async () => {
    const site = await createOrderingSite(running.services, "Uncounted Order Diner", [MARGHERITA]);
    const recorded: string[] = [];
    const { pageViews } = running.services;
    const record = pageViews.record.bind(pageViews);
    pageViews.record = (productId, ...rest) => {
      recorded.push(productId);
      record(productId, ...rest);
    };
    try {
      const phone = {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148",
        referer: "https://www.google.com/",
      };
      await get(site.orderPath, phone);
      await get(site.orderPath, phone);
      expect(recorded).toEqual([]);
      // The menu itself is counted, so the views above were not left out for another reason.
      await get(site.orderPath.replace(/\/order$/, ""), phone);
      expect(recorded).toEqual([site.productId]);
    } finally {
      pageViews.record = record;
    }
  });
});
