CREATE TABLE "translations" (
	"product_id" varchar(20) NOT NULL,
	"language" text NOT NULL,
	"key" text NOT NULL,
	"item_id" varchar(20),
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_product_id_language_key_pk" PRIMARY KEY("product_id","language","key")
);
--> statement-breakpoint
ALTER TABLE "product_info" ADD COLUMN "extra_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;