ALTER TABLE "analyses" ADD COLUMN "files_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_evaluations" ADD COLUMN "files_deleted_at" timestamp with time zone;