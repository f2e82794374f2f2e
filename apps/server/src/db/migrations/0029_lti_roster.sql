CREATE TABLE "lti_roster_entries" (
	"context_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"class_student_id" uuid NOT NULL,
	CONSTRAINT "lti_roster_entries_context_id_subject_pk" PRIMARY KEY("context_id","subject")
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "nrps_memberships_url" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "lti_roster_entries" ADD CONSTRAINT "lti_roster_entries_context_id_lti_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_roster_entries" ADD CONSTRAINT "lti_roster_entries_class_student_id_class_students_id_fk" FOREIGN KEY ("class_student_id") REFERENCES "public"."class_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_roster_entries_class_student_id_index" ON "lti_roster_entries" USING btree ("class_student_id");--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_contexts_class_id_index" ON "lti_contexts" USING btree ("class_id");