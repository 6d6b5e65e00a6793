CREATE TABLE "custom_domains" (
	"product_id" varchar(20) PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"recheck_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_domain_idx" ON "custom_domains" USING btree ("domain") WHERE "custom_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "custom_domains_recheck_idx" ON "custom_domains" USING btree ("recheck_until");