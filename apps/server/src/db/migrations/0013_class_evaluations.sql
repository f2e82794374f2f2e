CREATE TABLE "class_evaluation_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_evaluation_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"class_student_id" uuid,
	"student_name" text DEFAULT '' NOT NULL,
	"match" text NOT NULL,
	"confidence" real,
	"detected_name" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"error_message" text,
	"test_name" text DEFAULT '' NOT NULL,
	"course_id" uuid,
	"course_name" text NOT NULL,
	"school_id" uuid,
	"class_id" uuid,
	"options" jsonb NOT NULL,
	"answer_key_test_id" text,
	"answer_key" jsonb,
	"answer_key_text" text,
	"auto_detect" integer DEFAULT 1 NOT NULL,
	"pages_per_paper" integer,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discarded_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"absent_student_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failing_share_threshold" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"analysis_id" uuid NOT NULL,
	"released_by" text,
	"school_id" uuid,
	"class_id" uuid,
	"course_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"course_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"achieved_points" real,
	"total_points" real,
	"grade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_evaluation_files" ADD CONSTRAINT "class_evaluation_files_evaluation_id_class_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."class_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluation_papers" ADD CONSTRAINT "class_evaluation_papers_evaluation_id_class_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."class_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluation_papers" ADD CONSTRAINT "class_evaluation_papers_class_student_id_class_students_id_fk" FOREIGN KEY ("class_student_id") REFERENCES "public"."class_students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluation_papers" ADD CONSTRAINT "class_evaluation_papers_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluations" ADD CONSTRAINT "class_evaluations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluations" ADD CONSTRAINT "class_evaluations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluations" ADD CONSTRAINT "class_evaluations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_evaluations" ADD CONSTRAINT "class_evaluations_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_records" ADD CONSTRAINT "grade_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_evaluation_files_evaluation_id_idx" ON "class_evaluation_files" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "class_evaluation_papers_evaluation_id_idx" ON "class_evaluation_papers" USING btree ("evaluation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_evaluation_papers_analysis_id_idx" ON "class_evaluation_papers" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "class_evaluations_user_id_created_at_idx" ON "class_evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "class_evaluations_course_id_idx" ON "class_evaluations" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_records_analysis_id_user_id_idx" ON "grade_records" USING btree ("analysis_id","user_id");--> statement-breakpoint
CREATE INDEX "grade_records_user_id_created_at_idx" ON "grade_records" USING btree ("user_id","created_at");--> statement-breakpoint
-- A class set's event stream (ADR 0012) rides on the single analysis's channel "analysis_status" (ADR 0009):
-- a paper's change is announced with its set's id as well, and the set's own status changes are announced
-- under the set's id. A confirmation counts as a change too, since the set's progress counts confirmed papers.
CREATE OR REPLACE FUNCTION "analysis_status_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	set_id uuid;
BEGIN
	SELECT "evaluation_id" INTO set_id FROM "class_evaluation_papers" WHERE "analysis_id" = NEW."id";
	PERFORM pg_notify('analysis_status', json_build_object('id', NEW."id", 'userId', NEW."user_id")::text);
	IF set_id IS NOT NULL THEN
		PERFORM pg_notify('analysis_status', json_build_object('id', set_id, 'userId', NEW."user_id")::text);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "analysis_review_state" AFTER UPDATE OF "review_state" ON "analyses"
FOR EACH ROW WHEN (OLD."review_state" IS DISTINCT FROM NEW."review_state") EXECUTE FUNCTION "analysis_status_notify"();
--> statement-breakpoint
CREATE FUNCTION "class_evaluation_status_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('analysis_status', json_build_object('id', NEW."id", 'userId', NEW."user_id")::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_evaluation_status" AFTER UPDATE OF "status" ON "class_evaluations"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "class_evaluation_status_notify"();
