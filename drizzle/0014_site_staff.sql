CREATE TABLE "site_invitations" (
	"id" varchar(20) PRIMARY KEY NOT NULL,
	"product_id" varchar(20) NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "site_invitations_role_check" CHECK ("site_invitations"."role" in ('orders', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "site_members" (
	"product_id" varchar(20) NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_members_product_id_user_id_pk" PRIMARY KEY("product_id","user_id"),
	CONSTRAINT "site_members_role_check" CHECK ("site_members"."role" in ('orders', 'editor'))
);
--> statement-breakpoint
ALTER TABLE "site_invitations" ADD CONSTRAINT "site_invitations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_invitations" ADD CONSTRAINT "site_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_members" ADD CONSTRAINT "site_members_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_members" ADD CONSTRAINT "site_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_invitations_product_idx" ON "site_invitations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "site_members_user_idx" ON "site_members" USING btree ("user_id");