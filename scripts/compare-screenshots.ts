// Photographs every portal and marketing screen, and compares two sets of photographs pixel
// by pixel: for changes to the styles that must leave every screen as it was.
//
//   tsx scripts/compare-screenshots.ts prepare <url>
//     Once, on a freshly seeded data directory (SEED_DEMO=true): a second owner with a
//     dealership and an e-commerce site, as the demo owner has only a restaurant and a shop.
//   tsx scripts/compare-screenshots.ts capture <url> <dir>
//     Every screen at 360 × 800 (a touch phone) and 1280 × 800, full page: <dir>/<screen>.png,
//     and the computed style of every element (and of its ::before and ::after) beside it
//     in <dir>/<screen>.styles.json.gz.
//   tsx scripts/compare-screenshots.ts compare <before dir> <after dir> [<diff dir>]
//     How many pixels differ in each pair, and which elements' computed styles differ, with
//     a picture of the differing pixels in <diff dir>. Exits 1 on any difference.
//
// The two sets must be taken on the same data and the same PUBLIC_URL: make the data
// directory once (start the server on an empty one, run `prepare`, stop it), then start each
// build on a copy of it. What differs between two runs of the same build (the times of the
// sessions on Account) is masked; `compare` on two runs of one build shows that nothing else does.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { PNG } from "pngjs";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const SIZES = {
  phone: { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
type Size = keyof typeof SIZES;

const DEMO = { email: "demo@example.com", password: "demo-password-2026" };
/** The second owner `prepare` registers, holding the types the demo owner has not. */
const SECOND = {
  username: "stylescheck",
  email: "styles-check@example.com",
  password: "styles check password 2026",
};

type Owner = "visitor" | "demo" | "second";
interface Ids {
  restaurant: string;
  shop: string;
  dealership: string;
  ecommerce: string;
}
interface Screen {
  name: string;
  owner: Owner;
  path: (ids: Ids) => string;
  /** What is done on the page before it is photographed (open a dialog, a menu, …). */
  act?: (page: Page) => Promise<void>;
  /** Only at these sizes (a control shown on one of them only). */
  sizes?: readonly Size[];
}

const editor = (type: keyof Ids, tab: string) => (ids: Ids) =>
  `/user/${type === "shop" ? "shoppy" : type}/setup/${ids[type]}?tab=${tab}`;

async function openItemAction(page: Page, item: string, entry: string | RegExp) {
  await page.getByRole("button", { name: `Actions for ${item}`, exact: true }).click();
  if (entry === "") return;
  await page.getByRole("menuitem", { name: entry }).click();
  await page.getByRole("dialog").or(page.getByRole("alertdialog")).waitFor();
}

const SCREENS: Screen[] = [
  { name: "landing", owner: "visitor", path: () => "/" },
  ...["restaurant", "shoppy", "dealership", "ecommerce", "coming-soon"].map((id): Screen => ({
    name: `product-${id}`,
    owner: "visitor",
    path: () => `/product/${id}`,
  })),
  { name: "signin", owner: "visitor", path: () => "/signin" },
  {
    name: "signin-errors",
    owner: "visitor",
    path: () => "/signin",
    act: async (page) => {
      await page.getByLabel("Email").fill(DEMO.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator(".alert.error").waitFor();
    },
  },
  { name: "register", owner: "visitor", path: () => "/register" },
  { name: "forgot-password", owner: "visitor", path: () => "/forgot-password" },
  { name: "reset-password", owner: "visitor", path: () => "/reset-password?token=not-a-token" },
  { name: "verify-email", owner: "visitor", path: () => "/verify-email" },
  { name: "not-found", owner: "visitor", path: () => "/no-such-page" },
  {
    name: "landing-menu-open",
    owner: "visitor",
    path: () => "/",
    sizes: ["phone"],
    act: (page) => page.locator(".nav-menu > summary").click(),
  },

  { name: "landing-signed-in", owner: "demo", path: () => "/" },
  { name: "products", owner: "demo", path: () => "/user" },
  {
    name: "products-menu-open",
    owner: "demo",
    path: () => "/user",
    sizes: ["phone"],
    act: (page) => page.locator(".nav-menu > summary").click(),
  },
  { name: "account", owner: "demo", path: () => "/user/info" },
  { name: "create", owner: "demo", path: () => "/user/create" },
  { name: "not-found-signed-in", owner: "demo", path: () => "/user/no-such-page" },
  { name: "restaurant-items", owner: "demo", path: editor("restaurant", "items") },
  {
    name: "restaurant-item-menu",
    owner: "demo",
    path: editor("restaurant", "items"),
    act: (page) => openItemAction(page, "Tomato Soup", ""),
  },
  {
    name: "restaurant-edit-dialog",
    owner: "demo",
    path: editor("restaurant", "items"),
    act: (page) => openItemAction(page, "Tomato Soup", "Edit"),
  },
  {
    name: "restaurant-delete-item-dialog",
    owner: "demo",
    path: editor("restaurant", "items"),
    act: (page) => openItemAction(page, "Tomato Soup", "Delete"),
  },
  {
    name: "restaurant-panels-open",
    owner: "demo",
    path: editor("restaurant", "items"),
    act: async (page) => {
      for (const summary of await page.locator("main details > summary").all()) {
        await summary.click();
      }
    },
  },
  {
    name: "restaurant-preview",
    owner: "demo",
    path: (ids) => `${editor("restaurant", "items")(ids)}&preview=1`,
    sizes: ["phone"],
  },
  { name: "restaurant-add", owner: "demo", path: editor("restaurant", "add") },
  {
    name: "restaurant-add-errors",
    owner: "demo",
    path: editor("restaurant", "add"),
    act: async (page) => {
      await page.locator("main details > summary").first().click();
      await page.getByRole("button", { name: "Add Item" }).click();
      await page.locator("[aria-invalid=true]").first().waitFor();
    },
  },
  { name: "restaurant-info", owner: "demo", path: editor("restaurant", "info") },
  {
    name: "restaurant-delete-site-dialog",
    owner: "demo",
    path: editor("restaurant", "info"),
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Delete/ })
        .last()
        .click();
      await page.getByRole("alertdialog").or(page.getByRole("dialog")).waitFor();
    },
  },
  { name: "shop-items", owner: "demo", path: editor("shop", "items") },
  {
    name: "shop-edit-dialog",
    owner: "demo",
    path: editor("shop", "items"),
    act: (page) => openItemAction(page, "Canvas Tote", "Edit"),
  },
  {
    name: "shop-photos-dialog",
    owner: "demo",
    path: editor("shop", "items"),
    act: (page) => openItemAction(page, "Canvas Tote", /^Photos/),
  },
  { name: "shop-add", owner: "demo", path: editor("shop", "add") },
  { name: "shop-info", owner: "demo", path: editor("shop", "info") },
  { name: "share-restaurant", owner: "demo", path: (ids) => `/user/share/${ids.restaurant}` },
  { name: "share-shop", owner: "demo", path: (ids) => `/user/share/${ids.shop}` },
  { name: "domain", owner: "demo", path: (ids) => `/user/domain/${ids.restaurant}` },
  ...["table-card", "poster-a4", "poster-letter"].map((format): Screen => ({
    name: `print-${format}`,
    owner: "demo",
    path: (ids) => `/user/share/${ids.restaurant}/print/${format}`,
  })),

  { name: "products-second", owner: "second", path: () => "/user" },
  { name: "dealership-editor", owner: "second", path: (ids) => editor("dealership", "info")(ids) },
  { name: "ecommerce-editor", owner: "second", path: (ids) => editor("ecommerce", "info")(ids) },
  { name: "share-dealership", owner: "second", path: (ids) => `/user/share/${ids.dealership}` },
  { name: "create-at-limit", owner: "second", path: () => "/user/create" },
];

/** Changes between two runs of the same build, covered before the picture is taken. */
function masks(page: Page): Locator[] {
  return [page.locator(".session-list li > :not(.session-device)")];
}

/** Pages with scripts are taken once React has hydrated them (app/root.tsx marks it). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('script[type="module"]') ||
      performance.getEntriesByName("hydrated").length > 0,
  );
}

async function signIn(context: BrowserContext, url: string, owner: typeof DEMO) {
  const page = await context.newPage();
  await page.goto(`${url}/signin`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/user$/);
  return page;
}

async function signOut(page: Page) {
  await page.context().request.post(new URL("/signout", page.url()).href, {
    form: {},
    headers: { origin: new URL(page.url()).origin },
  });
}

/** The owner's sites by type, from the editor links on Your Products. */
async function siteIds(page: Page): Promise<Partial<Ids>> {
  const hrefs = await page
    .locator('a[href*="/setup/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const ids: Partial<Ids> = {};
  for (const href of hrefs) {
    const match = /\/user\/(\w+)\/setup\/(\w{20})/.exec(href);
    if (!match) continue;
    const type = match[1] === "shoppy" ? "shop" : (match[1] as keyof Ids);
    ids[type] ??= match[2];
  }
  return ids;
}

async function prepare(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/register`);
  await waitForHydration(page);
  await page.getByLabel("Username").fill(SECOND.username);
  await page.getByLabel("Email").fill(SECOND.email);
  await page.getByLabel("Password").fill(SECOND.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/user$/);
  for (const [label, name] of [
    ["Dealership", "Bayside Motors"],
    ["E-commerce", "Bayside Store"],
  ] as const) {
    await page.goto(`${url}/user/create`);
    await waitForHydration(page);
    await page.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/setup\/\w{20}$/);
  }
  await signOut(page);
  await context.close();
  console.log(`${SECOND.email} has a dealership and an e-commerce site.`);
}

/** Every picture in, lazy ones too, and the preview's frame loaded. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) => {
        image.loading = "eager";
        return image.decode().catch(() => undefined);
      }),
    );
  });
  for (const frame of page.frames().slice(1)) {
    await frame.waitForLoadState("load");
    await frame.evaluate(() =>
      Promise.all(
        [...document.images].map((image) => {
          image.loading = "eager";
          return image.decode().catch(() => undefined);
        }),
      ),
    );
  }
  // Two frames, so that anything started by the last load has painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Each element's computed style, and its ::before's and ::after's when they have content. */
function computedStyles(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const elements = [document.documentElement, ...document.documentElement.querySelectorAll("*")];
  for (const [index, element] of elements.entries()) {
    const name = `${index} ${element.tagName.toLowerCase()}${
      element.getAttribute("class")
        ? `.${element.getAttribute("class")!.trim().split(/\s+/).join(".")}`
        : ""
    }`;
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      if (pseudo && (style.content === "none" || style.content === "normal")) continue;
      let text = "";
      for (let i = 0; i < style.length; i++) {
        text += `${style[i]}: ${style.getPropertyValue(style[i]!)};\n`;
      }
      out.push([pseudo ? `${name}${pseudo}` : name, text]);
    }
  }
  return out;
}

async function capture(browser: Browser, url: string, dir: string) {
  await mkdir(dir, { recursive: true });
  let ids: Partial<Ids> = {};
  for (const owner of ["visitor", "demo", "second"] as const) {
    for (const size of Object.keys(SIZES) as Size[]) {
      const context = await browser.newContext({ ...SIZES[size], deviceScaleFactor: 1 });
      let page: Page;
      if (owner === "visitor") page = await context.newPage();
      else {
        page = await signIn(context, url, owner === "demo" ? DEMO : SECOND);
        ids = { ...ids, ...(await siteIds(page)) };
      }
      for (const screen of SCREENS) {
        if (screen.owner !== owner || (screen.sizes && !screen.sizes.includes(size))) continue;
        const name = `${screen.name}-${size}`;
        await page.goto(url + screen.path(ids as Ids));
        await waitForHydration(page);
        await screen.act?.(page);
        await settle(page);
        await page.screenshot({
          path: path.join(dir, `${name}.png`),
          fullPage: true,
          animations: "disabled",
          mask: masks(page),
        });
        const styles = await page.evaluate(computedStyles);
        await writeFile(path.join(dir, `${name}.styles.json.gz`), gzipSync(JSON.stringify(styles)));
        console.log(name);
      }
      if (owner !== "visitor") await signOut(page);
      await context.close();
    }
  }
}

function readPng(buffer: Buffer) {
  return PNG.sync.read(buffer);
}

async function compare(beforeDir: string, afterDir: string, diffDir?: string) {
  if (diffDir) await mkdir(diffDir, { recursive: true });
  const names = (await readdir(beforeDir)).filter((file) => file.endsWith(".png")).sort();
  let differing = 0;
  let totalPixels = 0;
  for (const file of names) {
    const name = file.slice(0, -".png".length);
    const before = readPng(await readFile(path.join(beforeDir, file)));
    const after = await readFile(path.join(afterDir, file)).then(readPng, () => null);
    const problems: string[] = [];
    if (!after) problems.push("missing after");
    else if (before.width !== after.width || before.height !== after.height) {
      problems.push(`size ${before.width}×${before.height} → ${after.width}×${after.height}`);
    } else {
      const diff = new PNG({ width: before.width, height: before.height });
      let pixels = 0;
      for (let i = 0; i < before.data.length; i += 4) {
        const same =
          before.data[i] === after.data[i] &&
          before.data[i + 1] === after.data[i + 1] &&
          before.data[i + 2] === after.data[i + 2] &&
          before.data[i + 3] === after.data[i + 3];
        if (!same) pixels += 1;
        // Unchanged pixels faint, changed ones red.
        diff.data[i] = same ? 255 - (255 - before.data[i]!) / 4 : 255;
        diff.data[i + 1] = same ? 255 - (255 - before.data[i + 1]!) / 4 : 0;
        diff.data[i + 2] = same ? 255 - (255 - before.data[i + 2]!) / 4 : 0;
        diff.data[i + 3] = 255;
      }
      totalPixels += pixels;
      if (pixels > 0) {
        problems.push(`${pixels} pixels differ`);
        if (diffDir) await writeFile(path.join(diffDir, file), PNG.sync.write(diff));
      }
    }
    const stylesOf = async (dir: string) =>
      new Map<string, string>(
        JSON.parse(
          gunzipSync(await readFile(path.join(dir, `${name}.styles.json.gz`))).toString(),
        ) as Array<[string, string]>,
      );
    const beforeStyles = await stylesOf(beforeDir);
    const afterStyles = await stylesOf(afterDir).catch(() => new Map<string, string>());
    const styleChanges: string[] = [];
    for (const key of new Set([...beforeStyles.keys(), ...afterStyles.keys()])) {
      const a = beforeStyles.get(key);
      const b = afterStyles.get(key);
      if (a === b) continue;
      if (a === undefined || b === undefined) {
        styleChanges.push(`  ${key}: ${a === undefined ? "only after" : "only before"}`);
        continue;
      }
      const aLines = new Set(a.split("\n"));
      const bLines = b.split("\n").filter((line) => !aLines.has(line));
      const removed = a.split("\n").filter((line) => !new Set(b.split("\n")).has(line));
      styleChanges.push(`  ${key}: ${removed.join(" ")} → ${bLines.join(" ")}`);
    }
    if (styleChanges.length > 0) {
      problems.push(`${styleChanges.length} computed styles differ`);
    }
    console.log(
      `${problems.length ? "DIFFERS" : "same   "} ${name}${problems.length ? `: ${problems.join(", ")}` : ""}`,
    );
    for (const change of styleChanges.slice(0, 20)) console.log(change);
    if (problems.length) differing += 1;
  }
  console.log(
    `${names.length} screenshots compared, ${differing} differ, ${totalPixels} pixels differ in all.`,
  );
  if (differing > 0) process.exitCode = 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === "compare") {
  if (args.length < 2) throw new Error("compare <before dir> <after dir> [<diff dir>]");
  await compare(args[0]!, args[1]!, args[2]);
} else if (command === "prepare" || command === "capture") {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    if (command === "prepare") await prepare(browser, args[0]!.replace(/\/$/, ""));
    else await capture(browser, args[0]!.replace(/\/$/, ""), args[1]!);
  } finally {
    await browser.close();
  }
} else {
  console.error(
    "Usage: compare-screenshots.ts prepare <url> | capture <url> <dir> | compare <before> <after> [<diff>]",
  );
  process.exitCode = 2;
}
