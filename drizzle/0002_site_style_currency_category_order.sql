ALTER TABLE "product_info" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_info" ADD COLUMN "font_style" text DEFAULT 'modern' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_info" ADD COLUMN "theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_info" ADD COLUMN "category_order" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shared_at" timestamp with time zone;