CREATE TABLE "page_views_daily" (
	"product_id" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"qr" integer DEFAULT 0 NOT NULL,
	"social" integer DEFAULT 0 NOT NULL,
	"search" integer DEFAULT 0 NOT NULL,
	"direct" integer DEFAULT 0 NOT NULL,
	"phone" integer DEFAULT 0 NOT NULL,
	"desktop" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_daily_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "page_views_daily" ADD CONSTRAINT "page_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;