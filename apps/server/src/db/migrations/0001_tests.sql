CREATE TABLE "tests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"grade" text NOT NULL,
	"test_type" text NOT NULL,
	"duration" integer NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"learning_objectives" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"resources" jsonb NOT NULL,
	"last_saved" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tests_user_id_last_saved_idx" ON "tests" USING btree ("user_id","last_saved");