CREATE TABLE "lti_grade_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"context_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"released_by" text,
	"class_evaluation_id" uuid,
	"resource_id" text NOT NULL,
	"test_id" text,
	"label" text NOT NULL,
	"line_item_url" text,
	"score_given" real NOT NULL,
	"score_maximum" real NOT NULL,
	"comment" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_grade_deliveries" ADD CONSTRAINT "lti_grade_deliveries_context_id_lti_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_deliveries" ADD CONSTRAINT "lti_grade_deliveries_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_deliveries" ADD CONSTRAINT "lti_grade_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_deliveries" ADD CONSTRAINT "lti_grade_deliveries_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_deliveries" ADD CONSTRAINT "lti_grade_deliveries_class_evaluation_id_class_evaluations_id_fk" FOREIGN KEY ("class_evaluation_id") REFERENCES "public"."class_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_grade_deliveries_analysis_id_user_id_index" ON "lti_grade_deliveries" USING btree ("analysis_id","user_id");--> statement-breakpoint
CREATE INDEX "lti_grade_deliveries_context_id_resource_id_index" ON "lti_grade_deliveries" USING btree ("context_id","resource_id");--> statement-breakpoint
CREATE INDEX "lti_grade_deliveries_class_evaluation_id_index" ON "lti_grade_deliveries" USING btree ("class_evaluation_id");--> statement-breakpoint
CREATE INDEX "lti_grade_deliveries_released_by_index" ON "lti_grade_deliveries" USING btree ("released_by");--> statement-breakpoint
CREATE INDEX "lti_grade_deliveries_user_id_index" ON "lti_grade_deliveries" USING btree ("user_id");