CREATE TABLE "lesson_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid,
	"course_name" text,
	"title" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"grade_level" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"date" date,
	"status" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"phases" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"template_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_plans_user_id_created_at_idx" ON "lesson_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_plans_course_id_idx" ON "lesson_plans" USING btree ("course_id");