-- The admin order list and a buyer's "My requests" over a business's worth of requests.
-- A page is found in the index alone (the request ids come with the keys, and the validity a state
-- filter reads), then only its ten rows are read: a deep page no longer reads every row before it.
DROP INDEX IF EXISTS "orders_status_number_idx";--> statement-breakpoint
CREATE INDEX "orders_status_number_idx" ON "orders" USING btree ("status","order_number") INCLUDE ("id","valid_until");--> statement-breakpoint
CREATE INDEX "orders_number_cover_idx" ON "orders" USING btree ("order_number") INCLUDE ("id","status","valid_until");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_user_number_idx";--> statement-breakpoint
CREATE INDEX "orders_user_number_idx" ON "orders" USING btree ("user_id","order_number") INCLUDE ("id");--> statement-breakpoint
-- The search matches a two-letter text against the country code in full (never a substring scan).
CREATE INDEX "orders_country_idx" ON "orders" USING btree ("country");
