CREATE TABLE "proforma_invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"order_number" integer NOT NULL,
	"revision" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proforma_invoices" ADD CONSTRAINT "proforma_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proforma_invoices_order_key" ON "proforma_invoices" USING btree ("order_id");