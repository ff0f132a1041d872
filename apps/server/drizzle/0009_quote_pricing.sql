CREATE TABLE "quote_revision_pricing" (
	"revision_id" uuid PRIMARY KEY NOT NULL,
	"rate_snapshots" jsonb NOT NULL,
	"fx" jsonb,
	"rate_valid_until" timestamp with time zone,
	"show_breakdown" boolean DEFAULT false NOT NULL,
	"tax_regime" text NOT NULL,
	"tax" jsonb NOT NULL,
	"grand_total" bigint NOT NULL,
	"incoterm" text,
	"named_place" text DEFAULT '' NOT NULL,
	"payment_terms" jsonb,
	"sample_terms" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_revision_pricing" ADD CONSTRAINT "quote_revision_pricing_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."quote_revisions"("id") ON DELETE cascade ON UPDATE no action;