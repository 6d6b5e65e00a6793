-- An item's tags, pictures, allergens, diets and options are read whole and never searched
-- inside: as json they are kept as written and given back as they are, where jsonb is
-- parsed on the way in and printed anew on every read: a third of the public menu query's
-- time. One statement, so the table is rewritten once.
ALTER TABLE "items"
  ALTER COLUMN "tags" SET DATA TYPE json, ALTER COLUMN "tags" SET DEFAULT '[]'::json,
  ALTER COLUMN "images" SET DATA TYPE json, ALTER COLUMN "images" SET DEFAULT '[]'::json,
  ALTER COLUMN "allergens" SET DATA TYPE json, ALTER COLUMN "allergens" SET DEFAULT '[]'::json,
  ALTER COLUMN "diets" SET DATA TYPE json, ALTER COLUMN "diets" SET DEFAULT '[]'::json,
  ALTER COLUMN "options" SET DATA TYPE json, ALTER COLUMN "options" SET DEFAULT '[]'::json;
