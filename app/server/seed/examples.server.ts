/**
 * The example sites (app/lib/example-sites.ts): a restaurant, a shop and a dealership with
 * their theme, hours, items and pictures, owned by a system owner that has no password and
 * so cannot sign in. Seeded in one go and only while that owner is missing, so a second
 * run does nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { EXAMPLE_SITES, EXAMPLES_OWNER, type ExampleSite } from "~/lib/example-sites";
import { CLOSED, DAYS, type HoursRow } from "~/lib/hours";
import { optionsFromCell } from "~/lib/item-options-csv";
import { parsePriceToCents } from "~/lib/price";
import { slugify } from "~/lib/slug";
import { themePresetsFor } from "~/lib/themes";
import { items, productInfo, products, users } from "../db/schema";
import { createId } from "../db/ids.server";
import { processUploadedImage, type ProcessedImage } from "../images/process-image.server";
import { loadSharp } from "../images/sharp.server";
import { storeImage, targetBytesFor, type ImageTarget } from "../images/store-image.server";
import { projectPath } from "../runtime/paths.server";
import { siteOf } from "~/sites";
import type { AppServices } from "../runtime/services.server";
import { oneSeedAtATime } from "./seed-lock.server";
import { seedTranslations, SPANISH } from "./seed-translations.server";

const PICTURES_DIR = projectPath("app", "server", "seed", "example-pictures");

type Hours = Partial<Record<(typeof DAYS)[number], [open: string, close: string]>>;

function weekOf(hours: Hours): HoursRow[] {
  return DAYS.map((day) => {
    const [open, close] = hours[day] ?? [CLOSED, CLOSED];
    return { day, open, close };
  });
}

interface ExampleItem {
  name: string;
  price: string;
  description: string;
  /** A file in example-pictures, without `.svg`. */
  picture?: string;
  category?: string;
  tags?: string[];
  star?: boolean;
  soldOut?: boolean;
  /** Sizes and choice groups, in the CSV cell's syntax (app/lib/item-options.ts). */
  options?: string;
}

interface ExampleContent {
  theme: string;
  /** The names of its logo and background in ./example-pictures. */
  pictures: { logo: string; background: string };
  address: string;
  contact: { phone: string; email: string };
  hours: Hours;
  /** Where the business is: its "Open now" is reckoned there. */
  timeZone: string;
  items: ExampleItem[];
  categoryOrder?: string[];
  paypalUsername?: string;
  venmoUsername?: string;
  /** A further language of its texts, so that its switcher and its hint show: Spanish. */
  spanishCopy?: boolean;
}

const LUNCH_TO_LATE: [string, string] = ["12:00 PM", "10:00 PM"];

const CONTENT: Record<ExampleSite["type"], ExampleContent> = {
  restaurant: {
    theme: "trattoria",
    spanishCopy: true,
    pictures: { logo: "restaurant-logo", background: "restaurant-background" },
    address: "27 Orchard Street, Portland, ME 04101",
    timeZone: "America/New_York",
    contact: { phone: "+1 207 555 0142", email: "ciao@rosas-trattoria.example" },
    hours: {
      Tuesday: LUNCH_TO_LATE,
      Wednesday: LUNCH_TO_LATE,
      Thursday: LUNCH_TO_LATE,
      Friday: ["12:00 PM", "11:00 PM"],
      Saturday: ["12:00 PM", "11:00 PM"],
      Sunday: ["12:00 PM", "9:00 PM"],
    },
    categoryOrder: ["Starters", "Pizza", "Pasta", "Desserts", "Drinks"],
    items: [
      {
        name: "Bruschetta",
        category: "Starters",
        price: "8.50",
        description: "Grilled sourdough, vine tomatoes, garlic, basil and olive oil.",
        picture: "restaurant-bruschetta",
        star: true,
      },
      {
        name: "Caprese Salad",
        category: "Starters",
        price: "11.00",
        description: "Buffalo mozzarella, heirloom tomatoes and basil.",
        picture: "restaurant-caprese-salad",
      },
      {
        name: "Garlic Focaccia",
        category: "Starters",
        price: "6.00",
        description: "Baked every morning, with rosemary and sea salt.",
      },
      {
        name: "Margherita Pizza",
        category: "Pizza",
        price: "14.00",
        description: "San Marzano tomato, fior di latte, basil. Wood-fired.",
        picture: "restaurant-margherita-pizza",
        star: true,
        options:
          "Size: Regular=0 | Large=+4; Extras (up to 3): Burrata=+3.50 | Nduja=+2.50 | Extra basil=0",
      },
      {
        name: "Diavola Pizza",
        category: "Pizza",
        price: "16.00",
        description: "Spicy salami, chilli oil and mozzarella.",
      },
      {
        name: "Funghi Pizza",
        category: "Pizza",
        price: "15.50",
        description: "Roasted mushrooms, thyme and taleggio.",
      },
      {
        name: "Spaghetti Carbonara",
        category: "Pasta",
        price: "16.50",
        description: "Guanciale, egg yolk, pecorino and black pepper.",
        picture: "restaurant-spaghetti-carbonara",
        star: true,
      },
      {
        name: "Lasagna al Forno",
        category: "Pasta",
        price: "17.00",
        description: "Slow-cooked beef ragù, béchamel and parmesan.",
        picture: "restaurant-lasagna",
      },
      {
        name: "Penne Arrabbiata",
        category: "Pasta",
        price: "14.50",
        description: "Tomato, garlic and chilli. Vegan on request.",
      },
      {
        name: "Tiramisu",
        category: "Desserts",
        price: "8.00",
        description: "Mascarpone, espresso-soaked ladyfingers and cocoa.",
        picture: "restaurant-tiramisu",
      },
      {
        name: "Panna Cotta",
        category: "Desserts",
        price: "7.50",
        description: "Vanilla cream with a berry compote.",
      },
      {
        name: "Fresh Lemonade",
        category: "Drinks",
        price: "4.50",
        description: "Amalfi lemons and mint, squeezed to order.",
        picture: "restaurant-lemonade",
      },
      {
        name: "Espresso",
        category: "Drinks",
        price: "3.00",
        description: "A double shot of our house roast.",
        picture: "restaurant-espresso",
      },
    ],
  },
  shoppy: {
    theme: "craft",
    pictures: { logo: "shop-logo", background: "shop-background" },
    address: "18 Wharf Street, Mystic, CT 06355",
    timeZone: "America/New_York",
    contact: { phone: "+1 860 555 0117", email: "hello@harborandpine.example" },
    hours: {
      Monday: ["10:00 AM", "6:00 PM"],
      Tuesday: ["10:00 AM", "6:00 PM"],
      Wednesday: ["10:00 AM", "6:00 PM"],
      Thursday: ["10:00 AM", "6:00 PM"],
      Friday: ["10:00 AM", "7:00 PM"],
      Saturday: ["9:00 AM", "7:00 PM"],
      Sunday: ["11:00 AM", "4:00 PM"],
    },
    paypalUsername: "harborandpine",
    venmoUsername: "harbor-and-pine",
    items: [
      {
        name: "Stoneware Mug",
        price: "24.00",
        tags: ["Kitchen", "Gifts"],
        description: "Hand-thrown, glazed in sea green. Holds 350 ml.",
        picture: "shop-ceramic-mug",
        star: true,
        options: "Glaze: Sea green=0 | Sand=0 | Charcoal=+2 (sold out)",
      },
      {
        name: "Canvas Market Tote",
        price: "32.00",
        tags: ["Bags"],
        description: "Heavy cotton canvas with leather handles and an inner pocket.",
        picture: "shop-canvas-tote",
      },
      {
        name: "Cedar & Sea Salt Candle",
        price: "28.00",
        tags: ["Home", "Gifts"],
        description: "Soy wax in a reusable glass, about 45 hours.",
        picture: "shop-scented-candle",
        star: true,
      },
      {
        name: "Merino Wool Scarf",
        price: "58.00",
        tags: ["Winter", "Gifts"],
        description: "Soft, warm and extra long. Knitted in Maine.",
        picture: "shop-wool-scarf",
      },
      {
        name: "Terracotta Plant Pot",
        price: "19.00",
        tags: ["Home", "Garden"],
        description: "15 cm across, with a matching drainage saucer.",
        picture: "shop-plant-pot",
      },
      {
        name: "Linen Notebook Set",
        price: "16.00",
        tags: ["Stationery", "Gifts"],
        description: "Three dotted A5 notebooks with linen covers.",
        picture: "shop-notebook-set",
      },
      {
        name: "Brass Pen",
        price: "42.00",
        tags: ["Stationery"],
        description: "Solid brass, refillable, ages to a warm patina.",
        picture: "shop-brass-pen",
        soldOut: true,
      },
      {
        name: "Linen Apron",
        price: "36.00",
        tags: ["Kitchen"],
        description: "Stonewashed linen with an adjustable neck strap.",
        picture: "shop-linen-apron",
        options: "Size: S/M=0 | L/XL=+2",
      },
    ],
  },
  dealership: {
    theme: "showroom",
    pictures: { logo: "dealership-logo", background: "dealership-background" },
    address: "1200 Ridge Road, Boulder, CO 80302",
    timeZone: "America/Denver",
    contact: { phone: "+1 303 555 0188", email: "sales@summitmotors.example" },
    hours: {
      Monday: ["9:00 AM", "7:00 PM"],
      Tuesday: ["9:00 AM", "7:00 PM"],
      Wednesday: ["9:00 AM", "7:00 PM"],
      Thursday: ["9:00 AM", "7:00 PM"],
      Friday: ["9:00 AM", "7:00 PM"],
      Saturday: ["9:00 AM", "5:00 PM"],
    },
    items: [],
  },
};

export function seedExampleSites(services: AppServices): Promise<{ created: boolean }> {
  return oneSeedAtATime(services, () => createExamplesUnlessPresent(services));
}

/** Seeds the example sites unless their owner exists already (under the seed lock). */
export async function createExamplesUnlessPresent(
  services: AppServices,
): Promise<{ created: boolean }> {
  const existing = await services.db.query.users.findFirst({
    where: eq(users.id, EXAMPLES_OWNER.id),
    columns: { id: true },
  });
  if (existing) return { created: false };

  // Every picture is rendered and compressed before anything is written, so a missing or
  // broken one leaves no half-seeded owner behind.
  const plan = EXAMPLE_SITES.map((example) => ({
    example,
    content: CONTENT[example.type],
    itemIds: CONTENT[example.type].items.map(() => createId()),
  }));
  const pictures = await Promise.all(
    plan.flatMap(({ example, content, itemIds }) => {
      const itemKind = siteOf(example.type).items?.imageTarget;
      const wanted: Array<{ target: ImageTarget; picture: string }> = [
        { target: { kind: "logo" }, picture: content.pictures.logo },
        { target: { kind: "background" }, picture: content.pictures.background },
        ...content.items.flatMap((item, index) =>
          item.picture && itemKind
            ? [{ target: { kind: itemKind, itemId: itemIds[index]! }, picture: item.picture }]
            : [],
        ),
      ];
      return wanted.map(async ({ target, picture }) => ({
        example,
        target,
        image: await renderPicture(picture, targetBytesFor(target)),
      }));
    }),
  );

  await services.events.transaction(async (tx, changes) => {
    await tx.insert(users).values({ ...EXAMPLES_OWNER, emailVerified: true });
    for (const { example, content, itemIds } of plan) {
      const theme = themePresetsFor(example.type).find((preset) => preset.id === content.theme);
      if (!theme) throw new Error(`No theme ${content.theme} for ${example.type}.`);
      const slug = slugify(example.name);
      await tx.insert(products).values({
        id: example.productId,
        ownerUid: EXAMPLES_OWNER.id,
        type: example.type,
        name: example.name,
        slug,
      });
      await tx.insert(productInfo).values({
        productId: example.productId,
        name: example.name,
        slug,
        contact: content.contact,
        address: content.address,
        hours: weekOf(content.hours),
        timeZone: content.timeZone,
        colors: theme.colors,
        fontStyle: theme.font,
        theme: theme.id,
        categoryOrder: content.categoryOrder ?? [],
        tags: [...new Set(content.items.flatMap((item) => item.tags ?? []))],
        paypalUsername: content.paypalUsername ?? "",
        venmoUsername: content.venmoUsername ?? "",
      });
      const rows = content.items.map((item, index) => ({
        id: itemIds[index]!,
        productId: example.productId,
        name: item.name,
        slug: slugify(item.name),
        priceCents: parsePriceToCents(item.price),
        description: item.description,
        category: item.category ?? "",
        tags: item.tags ?? [],
        star: item.star ?? false,
        soldOut: item.soldOut ?? false,
        options: item.options ? optionsFromCell(item.options) : [],
      }));
      if (rows.length > 0) await tx.insert(items).values(rows);
      if (content.spanishCopy) {
        await seedTranslations(
          tx,
          example.productId,
          "es",
          { items: rows, specialHours: [] },
          SPANISH,
        );
      }
      changes.product(example.productId);
    }
  });

  // Stored as an owner's upload would be: same keys, thumbnails and versioned URLs.
  for (const { example, target, image } of pictures) {
    const { url } = await storeImage(
      services,
      { id: example.productId, type: example.type },
      target,
      image,
    );
    if (!siteOf(example.type).info.uploadsImages && target.kind !== "item-image") {
      // A profile's logo and background are addresses its owner types, so they are whole
      // ones (http or https), as an owner would paste them.
      const address = new URL(url, services.env.publicUrl).href;
      await services.events.transaction(async (tx, changes) => {
        await tx
          .update(productInfo)
          .set(target.kind === "logo" ? { logoUrl: address } : { bgUrl: address })
          .where(eq(productInfo.productId, example.productId));
        changes.product(example.productId);
      });
    }
  }
  return { created: true };
}

/** An illustration as the upload pipeline would keep it if an owner sent it as a PNG. */
async function renderPicture(name: string, targetBytes: number): Promise<ProcessedImage> {
  const svg = await readFile(path.join(PICTURES_DIR, `${name}.svg`));
  const sharp = await loadSharp();
  return processUploadedImage(await sharp(svg).png().toBuffer(), targetBytes);
}

/**
 * The example sites there are to open and link: none when they were not seeded
 * (SEED_DEMO=false) or were removed. Asked only by the pages that show them.
 */
export async function existingExampleSites(services: AppServices): Promise<ExampleSite[]> {
  const rows = await services.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.ownerUid, EXAMPLES_OWNER.id), eq(products.exists, true)));
  const present = new Set(rows.map((row) => row.id));
  return EXAMPLE_SITES.filter((example) => present.has(example.productId));
}
