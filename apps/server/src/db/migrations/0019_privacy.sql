CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grade_release_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"released_on" date NOT NULL,
	"subject" text NOT NULL,
	"record_type" text NOT NULL,
	"grade" text,
	"suggested_grade" text,
	"achieved_points" real,
	"suggested_points" real,
	"total_points" real,
	"teacher_changes" integer NOT NULL,
	"engine" text,
	"engine_version" text,
	"erased_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grade_records" DROP CONSTRAINT "grade_records_analysis_id_analyses_id_fk";
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_id_created_at_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_running_idx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" IN ('queued', 'running');