CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"holder" text NOT NULL,
	"started_on" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_holder_idx" ON "job_leases" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" USING btree ("reset_at");