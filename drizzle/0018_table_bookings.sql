CREATE TABLE "booking_closures" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"product_id" varchar(20) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_closures_span_check" CHECK ("booking_closures"."ends_at" > "booking_closures"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"product_id" varchar(20) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"max_party_size" integer DEFAULT 8 NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"hold_minutes" integer DEFAULT 90 NOT NULL,
	"last_seating_minutes" integer DEFAULT 60 NOT NULL,
	"notice_minutes" integer DEFAULT 120 NOT NULL,
	"days_ahead" integer DEFAULT 30 NOT NULL,
	"capacity" integer DEFAULT 20 NOT NULL,
	"confirm_each" boolean DEFAULT false NOT NULL,
	"cancel_cutoff_minutes" integer DEFAULT 120 NOT NULL,
	"feed_secret" varchar(32),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_feed_secret_unique" UNIQUE("feed_secret"),
	CONSTRAINT "booking_settings_capacity_check" CHECK ("booking_settings"."capacity" >= 1),
	CONSTRAINT "booking_settings_party_check" CHECK ("booking_settings"."max_party_size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"product_id" varchar(20) NOT NULL,
	"token" varchar(32) NOT NULL,
	"place_key" varchar(32) NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"party_size" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_phone" text NOT NULL,
	"guest_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"history" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"personal_data_removed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "bookings_token_unique" UNIQUE("token"),
	CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('requested', 'confirmed', 'seated', 'no-show', 'declined', 'cancelled')),
	CONSTRAINT "bookings_party_check" CHECK ("bookings"."party_size" >= 1),
	CONSTRAINT "bookings_span_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "order_mail" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_mail" ADD COLUMN "booking_id" varchar(20);--> statement-breakpoint
ALTER TABLE "booking_closures" ADD CONSTRAINT "booking_closures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_closures_product_idx" ON "booking_closures" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_product_place_key_idx" ON "bookings" USING btree ("product_id","place_key");--> statement-breakpoint
CREATE INDEX "bookings_product_starts_idx" ON "bookings" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_closed_idx" ON "bookings" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "bookings_unreminded_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."state" = 'confirmed' and "bookings"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "order_mail" ADD CONSTRAINT "order_mail_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_mail_booking_idx" ON "order_mail" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "order_mail" ADD CONSTRAINT "order_mail_subject_check" CHECK (num_nonnulls("order_mail"."order_id", "order_mail"."booking_id") = 1);