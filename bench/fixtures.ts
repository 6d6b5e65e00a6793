/**
 * The sites the benchmark measures: a restaurant of 50 items and a shop of 50 items (the
 * most a site may hold), each with a logo, a background, and per item a photo, three sizes
 * and two choice groups, plus a dealership and an e-commerce page. Everything is written through the app's own write
 * paths (accounts, products, items, the image pipeline), so the pages are exactly what an
 * owner would have built.
 */
import sharp from "sharp";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { parseColors } from "~/lib/colors";
import { CLOSED, DAYS, type HoursRow } from "~/lib/hours";
import { optionsFromCell } from "~/lib/item-options-csv";
import type { ProductType } from "~/sites/product-types";
import { publicPath } from "~/lib/slug";
import { createOwnerAccount } from "~/server/accounts/accounts.server";
import { processUploadedImage, type ProcessedImage } from "~/server/images/process-image.server";
import { storeImage, targetBytesFor, type ImageTarget } from "~/server/images/store-image.server";
import { addItem, listItems } from "~/server/repositories/items.server";
import { translatableTexts, type TranslatableText } from "~/lib/i18n/translatable-texts";
import { storedOptions } from "~/lib/item-options";
import { addExtraLanguage, saveTranslations } from "~/server/repositories/translations.server";
import { createProduct, saveProductInfo } from "~/server/repositories/products.server";
import type { AppServices } from "~/server/runtime/services.server";
import { BENCH_ADJECTIVES, benchMenuDishes } from "./bench-menu";

export interface BenchSite {
  type: ProductType;
  name: string;
  path: string;
}

const ADJECTIVES = BENCH_ADJECTIVES;
const GOODS = ["Tote", "Mug", "Scarf", "Candle", "Notebook", "Wallet", "Apron", "Pouch", "Lamp"];
const SHOP_TAGS = ["Gifts", "Home", "Kitchen", "Cotton", "Leather", "Winter", "Bags", "Paper"];
/** Every product as heavy as options make it in practice, as the menu's dishes are. */
const GOODS_OPTIONS = optionsFromCell(
  "Size: S=0 | M=0 | L=+2 (sold out); Colour: Natural=0 | Charcoal=0 | Indigo=+3; " +
    "Gift wrap (optional): Paper=+2 | Box=+5",
);

function weekHours(): HoursRow[] {
  return DAYS.map((day) =>
    day === "Monday"
      ? { day, open: CLOSED, close: CLOSED }
      : { day, open: "11:00 AM", close: "10:00 PM" },
  );
}

/**
 * A photo-like picture: soft gradients with a few shapes, so that the image pipeline has
 * to work as hard as on a real photo of a dish or a product (a flat colour would shrink to
 * almost nothing and flatter the page).
 */
async function samplePicture(seed: number): Promise<Uint8Array> {
  const hue = (seed * 47) % 360;
  const circles = Array.from({ length: 14 }, (_, i) => {
    const x = (seed * 131 + i * 97) % 1200;
    const y = (seed * 71 + i * 53) % 800;
    const r = 40 + ((seed + i * 29) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 23) % 360},60%,${35 + (i % 5) * 9}%)" opacity="0.7"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,30%)"/>
    </linearGradient><filter id="n"><feTurbulence baseFrequency="0.8" numOctaves="2" seed="${seed}"/>
      <feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.18"/></feComponentTransfer></filter></defs>
    <rect width="1200" height="800" fill="url(#g)"/>${circles}<rect width="1200" height="800" filter="url(#n)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer());
}

/** A handful of distinct pictures, each compressed once per size class and reused. */
async function picturePool(count: number) {
  const pool: Array<{ item: ProcessedImage; large: ProcessedImage }> = [];
  for (let seed = 1; seed <= count; seed++) {
    const original = await samplePicture(seed);
    pool.push({
      item: await processUploadedImage(
        original,
        targetBytesFor({ kind: "item-image", itemId: "x" }),
      ),
      large: await processUploadedImage(original, targetBytesFor({ kind: "background" })),
    });
  }
  return pool;
}

/** The restaurant's owner: the bench signs in as them to open its editor in Lighthouse. */
export const BENCH_FOOD_OWNER = {
  username: "bench-food",
  email: "bench-food@example.com",
  password: "bench-password-2026",
} as const;

/** Letters a synthetic Arabic translation is written in: two bytes each, as Arabic text is. */
const ARABIC_LETTERS = [..."ابتثجحخدذرزسشصضطظعغفقكلمنهوي"];

/**
 * A text "translated": Spanish as the English with a few words more (Spanish runs about a
 * tenth longer), Arabic as the same length in Arabic letters. What the bench needs is the
 * bytes, scripts and directions of real translations, not their sense.
 */
function benchTranslation(text: TranslatableText, language: "es" | "ar"): string {
  const translated =
    language === "es"
      ? `${text.source} de la casa`
      : text.source.replace(/[A-Za-z]/g, (letter) => {
          return ARABIC_LETTERS[letter.charCodeAt(0) % ARABIC_LETTERS.length]!;
        });
  return translated.slice(0, text.maxLength);
}

async function translateBenchMenu(services: AppServices, productId: string): Promise<void> {
  const { db, events } = services;
  const items = await listItems(db, productId);
  const texts = translatableTexts({
    items: items.map((item) => ({ ...item, options: storedOptions(item.options) })),
    specialHours: [],
  });
  const byLanguage = new Map<string, Array<{ text: TranslatableText; translation: string }>>();
  for (const language of ["es", "ar"] as const) {
    const refused = await addExtraLanguage(events, productId, language);
    if (refused) throw new Error(`Could not add ${language} to the bench menu: ${refused}.`);
    byLanguage.set(
      language,
      texts.map((text) => ({ text, translation: benchTranslation(text, language) })),
    );
  }
  if (!(await saveTranslations(events, productId, byLanguage))) {
    throw new Error("Could not save the bench menu's translations.");
  }
}

export async function createBenchSites(services: AppServices): Promise<BenchSite[]> {
  const { db, events, auth, storage } = services;
  const pictures = await picturePool(8);
  const picture = (i: number) => pictures[i % pictures.length]!;

  // An owner may hold three sites, so the four pages belong to two owners.
  const owners = [
    await createOwnerAccount(auth, BENCH_FOOD_OWNER),
    await createOwnerAccount(auth, {
      username: "bench-retail",
      email: "bench-retail@example.com",
      password: "bench-password-2026",
    }),
  ] as const;

  const sites: BenchSite[] = [];
  const create = async (ownerUid: string, type: ProductType, name: string) => {
    const created = await createProduct(events, ownerUid, { type, name });
    if (!created.ok) throw new Error(`Could not create the ${type} site: ${created.reason}.`);
    return { id: created.productId, ownerUid, type };
  };
  const saveInfo = async (
    product: { id: string; ownerUid: string; type: ProductType },
    name: string,
    colors: { primary: string; secondary: string; text: string },
    extras: { logoUrl?: string; bgUrl?: string; tags?: string[]; paypal?: string } = {},
  ) => {
    await saveProductInfo(events, product.ownerUid, product.id, {
      name,
      address: "1200 Long Harbour Road, Springfield, OR 97477",
      contact: { phone: "+1 555 0142", email: "hello@bench.example" },
      hours: weekHours(),
      colors: parseColors(colors).colors,
      ...(extras.logoUrl !== undefined
        ? { logoUrl: extras.logoUrl, bgUrl: extras.bgUrl ?? "" }
        : {}),
      ...(product.type === "shoppy"
        ? {
            tags: extras.tags ?? [],
            paypalUsername: extras.paypal ?? "",
            venmoUsername: "bench-shop",
          }
        : {}),
    });
    sites.push({ type: product.type, name, path: await pathOf(product.id) });
  };
  const pathOf = async (productId: string) => {
    const row = await db.query.productInfo.findFirst({
      where: (info, { eq }) => eq(info.productId, productId),
      columns: { slug: true },
    });
    const product = await db.query.products.findFirst({
      where: (products, { eq }) => eq(products.id, productId),
      columns: { type: true },
    });
    return publicPath(product!.type, row!.slug, productId);
  };
  const storePicture = (
    product: { id: string; type: ProductType },
    target: ImageTarget,
    image: ProcessedImage,
  ) => storeImage({ events, storage }, product, target, image);

  const restaurant = await create(owners[0], "restaurant", "Bench Bistro");
  for (const [i, dish] of benchMenuDishes().entries()) {
    const added = await addItem(events, restaurant, dish);
    if (!added.ok) throw new Error(`Could not add a restaurant item: ${added.reason}.`);
    await storePicture(restaurant, { kind: "item-image", itemId: added.itemId }, picture(i).item);
  }
  await storePicture(restaurant, { kind: "logo" }, picture(3).large);
  await storePicture(restaurant, { kind: "background" }, picture(5).large);
  await saveInfo(restaurant, "Bench Bistro", {
    primary: "#fff8f0",
    secondary: "#b4441c",
    text: "#1f1a17",
  });
  // The same menu in Spanish and in Arabic (right to left), every text translated: each
  // language's page is its own cache entry and must meet the menu's budgets too.
  const menuPath = sites[sites.length - 1]!.path;
  await translateBenchMenu(services, restaurant.id);
  sites.push({ type: "restaurant", name: "Bench Bistro (Spanish)", path: `${menuPath}/es` });
  sites.push({ type: "restaurant", name: "Bench Bistro (Arabic)", path: `${menuPath}/ar` });

  const shop = await create(owners[1], "shoppy", "Bench Shop");
  for (let i = 0; i < MAX_ITEMS_PER_PRODUCT; i++) {
    const added = await addItem(events, shop, {
      name: `${ADJECTIVES[(i * 3) % ADJECTIVES.length]} ${GOODS[i % GOODS.length]} ${i + 1}`,
      priceCents: 900 + ((i * 211) % 6000),
      description: "Hand-made in small batches; every piece is a little different from the photo.",
      tags: [SHOP_TAGS[i % SHOP_TAGS.length]!, SHOP_TAGS[(i * 3 + 1) % SHOP_TAGS.length]!],
      soldOut: i % 9 === 4,
      options: GOODS_OPTIONS,
    });
    if (!added.ok) throw new Error(`Could not add a shop item: ${added.reason}.`);
    for (let photo = 0; photo < 2; photo++) {
      const image = picture(i + photo * 3).item;
      await storePicture(shop, { kind: "item-images", itemId: added.itemId }, image);
    }
  }
  await storePicture(shop, { kind: "logo" }, picture(2).large);
  await storePicture(shop, { kind: "background" }, picture(6).large);
  await saveInfo(
    shop,
    "Bench Shop",
    { primary: "#f4f7f5", secondary: "#2f6f4f", text: "#102018" },
    { tags: SHOP_TAGS, paypal: "benchshop" },
  );

  // Dealership and e-commerce pages take image URLs, not uploads; the benchmark has no
  // network beyond the machine, so they are left without pictures.
  const dealership = await create(owners[0], "dealership", "Bench Motors");
  await saveInfo(
    dealership,
    "Bench Motors",
    { primary: "#f5f7fa", secondary: "#1d4f91", text: "#0f1b2d" },
    { logoUrl: "", bgUrl: "" },
  );
  const ecommerce = await create(owners[1], "ecommerce", "Bench Store");
  await saveInfo(
    ecommerce,
    "Bench Store",
    { primary: "#fbf7ff", secondary: "#6b3fa0", text: "#1e1230" },
    { logoUrl: "", bgUrl: "" },
  );
  return sites;
}
