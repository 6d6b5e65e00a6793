ALTER TABLE "order_settings" ADD COLUMN "remind_minutes" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "give_up_minutes" integer DEFAULT 15;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_new_idx" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'new';--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_remind_check" CHECK ("order_settings"."remind_minutes" >= 1);--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_give_up_check" CHECK ("order_settings"."give_up_minutes" is null or "order_settings"."give_up_minutes" > "order_settings"."remind_minutes");--> statement-breakpoint
-- Sites that took orders before this change keep waiting for their owner (give-up "never" until
-- they choose a limit), and orders already waiting are not reminded of all at once.
UPDATE "order_settings" SET "give_up_minutes" = NULL;--> statement-breakpoint
UPDATE "orders" SET "reminded_at" = now() WHERE "state" = 'new';