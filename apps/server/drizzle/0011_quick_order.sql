ALTER TABLE "orders" ADD COLUMN "entered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_code_key_idx" ON "products" USING btree (regexp_replace(lower("code"), '[^a-z0-9]', '', 'g'));