/**
 * The seeded sites' Spanish: each seeded restaurant has Spanish as a further language, its
 * texts translated from a dictionary of their English, so a newcomer sees a menu in two
 * languages behind one address and one QR code.
 */
import { eq } from "drizzle-orm";
import type { LanguageCode } from "~/lib/i18n/languages";
import { translatableTexts, type TranslatableSite } from "~/lib/i18n/translatable-texts";
import { productInfo, translations } from "../db/schema";
import type { Transaction } from "../events/events.server";

/** The Spanish of the seeded menus' texts, by their English. */
export const SPANISH: Readonly<Record<string, string>> = {
  // Categories and options
  Starters: "Entrantes",
  Mains: "Principales",
  Pizza: "Pizzas",
  Pasta: "Pastas",
  Desserts: "Postres",
  Drinks: "Bebidas",
  Size: "Tamaño",
  Small: "Pequeña",
  Regular: "Normal",
  Large: "Grande",
  Extras: "Extras",
  "Extra basil": "Albahaca extra",
  Bacon: "Beicon",
  Cheddar: "Cheddar",
  "Fried egg": "Huevo frito",
  Milk: "Leche",
  "Oat milk": "Leche de avena",
  "Whole milk": "Leche entera",
  // The demo diner
  "Garlic Bread": "Pan de ajo",
  "Toasted sourdough, garlic butter and parsley.":
    "Pan de masa madre tostado, mantequilla de ajo y perejil.",
  "Tomato Soup": "Sopa de tomate",
  "Slow-roasted tomatoes with basil oil.": "Tomates asados a fuego lento con aceite de albahaca.",
  "Crispy Calamari": "Calamares crujientes",
  "Lemon aioli on the side.": "Con alioli de limón aparte.",
  "Classic Burger": "Hamburguesa clásica",
  "Beef patty, cheddar, pickles, house sauce.":
    "Carne de ternera, cheddar, pepinillos y salsa de la casa.",
  "Mushroom Risotto": "Risotto de setas",
  "Arborio rice, porcini and parmesan.": "Arroz arborio, boletus y parmesano.",
  "Grilled Salmon": "Salmón a la parrilla",
  "With greens and new potatoes.": "Con verduras y patatas nuevas.",
  "Chicken Caesar": "César de pollo",
  "Romaine, croutons, anchovy dressing.": "Lechuga romana, picatostes y aliño de anchoas.",
  "Chocolate Cake": "Tarta de chocolate",
  "Dark chocolate, served warm.": "Chocolate negro, servida templada.",
  "Lemon Tart": "Tarta de limón",
  "Shortcrust pastry and lemon curd.": "Masa quebrada y crema de limón.",
  "Fresh Lemonade": "Limonada fresca",
  "Squeezed to order.": "Exprimida al momento.",
  "Iced Tea": "Té helado",
  "Black tea, peach syrup.": "Té negro con sirope de melocotón.",
  Espresso: "Café espresso",
  "Double shot.": "Doble.",
  "We deliver within 3 km.": "Repartimos a un máximo de 3 km.",
  // Rosa's Trattoria
  Bruschetta: "Bruschetta",
  "Grilled sourdough, vine tomatoes, garlic, basil and olive oil.":
    "Pan de masa madre a la brasa, tomates en rama, ajo, albahaca y aceite de oliva.",
  "Caprese Salad": "Ensalada caprese",
  "Buffalo mozzarella, heirloom tomatoes and basil.":
    "Mozzarella de búfala, tomates tradicionales y albahaca.",
  "Garlic Focaccia": "Focaccia de ajo",
  "Baked every morning, with rosemary and sea salt.":
    "Horneada cada mañana, con romero y sal marina.",
  "Margherita Pizza": "Pizza margarita",
  "San Marzano tomato, fior di latte, basil. Wood-fired.":
    "Tomate San Marzano, fior di latte y albahaca. En horno de leña.",
  "Diavola Pizza": "Pizza diavola",
  "Spicy salami, chilli oil and mozzarella.": "Salami picante, aceite de guindilla y mozzarella.",
  "Funghi Pizza": "Pizza de setas",
  "Roasted mushrooms, thyme and taleggio.": "Setas asadas, tomillo y taleggio.",
  "Spaghetti Carbonara": "Espaguetis a la carbonara",
  "Guanciale, egg yolk, pecorino and black pepper.":
    "Guanciale, yema de huevo, pecorino y pimienta negra.",
  "Lasagna al Forno": "Lasaña al horno",
  "Slow-cooked beef ragù, béchamel and parmesan.":
    "Ragú de ternera a fuego lento, bechamel y parmesano.",
  "Penne Arrabbiata": "Penne all'arrabbiata",
  "Tomato, garlic and chilli. Vegan on request.": "Tomate, ajo y guindilla. Vegana bajo petición.",
  Tiramisu: "Tiramisú",
  "Mascarpone, espresso-soaked ladyfingers and cocoa.":
    "Mascarpone, bizcochos empapados en café y cacao.",
  "Panna Cotta": "Panna cotta",
  "Vanilla cream with a berry compote.": "Crema de vainilla con compota de frutos rojos.",
  "Amalfi lemons and mint, squeezed to order.": "Limones de Amalfi y menta, exprimidos al momento.",
  "A double shot of our house roast.": "Un doble de nuestro tueste de la casa.",
};

/**
 * Gives a seeded site a further language and the translations the dictionary has of its
 * texts (a text it lacks shows in the main language).
 */
export async function seedTranslations(
  tx: Transaction,
  productId: string,
  language: LanguageCode,
  site: TranslatableSite,
  dictionary: Readonly<Record<string, string>>,
): Promise<void> {
  await tx
    .update(productInfo)
    .set({ extraLanguages: [language] })
    .where(eq(productInfo.productId, productId));
  const rows = translatableTexts(site).flatMap((text) => {
    // A group named with its limit ("Extras (up to 3)") is translated by its name.
    const translation =
      dictionary[text.source] ?? dictionary[text.source.replace(/\s*\(.*\)$/, "")];
    return translation
      ? [{ productId, language, key: text.key, itemId: text.itemId, text: translation }]
      : [];
  });
  if (rows.length) await tx.insert(translations).values(rows);
}
