CREATE TABLE "fx_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"inr_per_unit" bigint NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"set_by_id" uuid,
	"set_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metal_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"metal" text NOT NULL,
	"fineness" integer DEFAULT 999 NOT NULL,
	"per_kg_fine" bigint NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"set_by_id" uuid,
	"set_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_costings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"costing" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_rates" ADD CONSTRAINT "metal_rates_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costings" ADD CONSTRAINT "product_costings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costings" ADD CONSTRAINT "product_costings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_rates_currency_effective_idx" ON "fx_rates" USING btree ("currency","effective_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "metal_rates_metal_effective_idx" ON "metal_rates" USING btree ("metal","effective_at" DESC NULLS LAST,"id" DESC NULLS LAST);