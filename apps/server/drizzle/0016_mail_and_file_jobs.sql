ALTER TABLE "background_jobs" ADD COLUMN "run_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" uuid;