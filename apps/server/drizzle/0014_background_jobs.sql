CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"progress" jsonb,
	"result" jsonb,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_limit" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"work" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "background_jobs_state_idx" ON "background_jobs" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "catalogue_import_jobs_updated_idx" ON "catalogue_import_jobs" USING btree ("updated_at");