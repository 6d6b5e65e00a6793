ALTER TABLE "product_info" ADD COLUMN "paypal_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_info" ADD COLUMN "venmo_username" text DEFAULT '' NOT NULL;