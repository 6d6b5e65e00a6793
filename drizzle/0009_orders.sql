CREATE TABLE "order_mail" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"order_id" varchar(20) NOT NULL,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_settings" (
	"product_id" varchar(20) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"pickup" boolean DEFAULT true NOT NULL,
	"delivery" boolean DEFAULT false NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"delivery_minimum_cents" integer DEFAULT 0 NOT NULL,
	"delivery_note" text DEFAULT '' NOT NULL,
	"lead_minutes" integer DEFAULT 20 NOT NULL,
	"slot_minutes" integer DEFAULT 15 NOT NULL,
	"days_ahead" integer DEFAULT 0 NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"slot_cap" integer,
	"email" text DEFAULT '' NOT NULL,
	"paused_until" timestamp with time zone,
	"paused_indefinitely" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"product_id" varchar(20) NOT NULL,
	"token" varchar(32) NOT NULL,
	"number" integer NOT NULL,
	"place_key" varchar(32) NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"fulfilment" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"history" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"personal_data_removed_at" timestamp with time zone,
	CONSTRAINT "orders_token_unique" UNIQUE("token"),
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('new', 'accepted', 'ready', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('pickup', 'delivery'))
);
--> statement-breakpoint
ALTER TABLE "order_mail" ADD CONSTRAINT "order_mail_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_mail_due_idx" ON "order_mail" USING btree ("next_attempt_at") WHERE "order_mail"."sent_at" is null and "order_mail"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "order_mail_order_idx" ON "order_mail" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_product_number_idx" ON "orders" USING btree ("product_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_product_place_key_idx" ON "orders" USING btree ("product_id","place_key");--> statement-breakpoint
CREATE INDEX "orders_product_slot_idx" ON "orders" USING btree ("product_id","slot_at");--> statement-breakpoint
CREATE INDEX "orders_product_created_idx" ON "orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_closed_idx" ON "orders" USING btree ("closed_at");