CREATE TABLE "analysis_subject_counts" (
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"analyses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analysis_subject_counts_user_id_subject_pk" PRIMARY KEY("user_id","subject")
);
--> statement-breakpoint
ALTER TABLE "analysis_subject_counts" ADD CONSTRAINT "analysis_subject_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database itself, so every way an analysis is created, moved to another course or deleted
-- (grading job, history edit, user deletion, seeding) keeps the counts right (ADR 0003).
CREATE FUNCTION "analysis_subject_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
		UPDATE "analysis_subject_counts" SET "analyses" = "analyses" - 1
		WHERE "user_id" = OLD."user_id" AND "subject" = OLD."subject";
	END IF;
	IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
		INSERT INTO "analysis_subject_counts" ("user_id", "subject", "analyses") VALUES (NEW."user_id", NEW."subject", 1)
		ON CONFLICT ("user_id", "subject") DO UPDATE SET "analyses" = "analysis_subject_counts"."analyses" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "analyses_subject_counts_insert_delete" AFTER INSERT OR DELETE ON "analyses"
FOR EACH ROW EXECUTE FUNCTION "analysis_subject_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "analyses_subject_counts_update" AFTER UPDATE OF "user_id", "subject" ON "analyses"
FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."subject" IS DISTINCT FROM NEW."subject")
EXECUTE FUNCTION "analysis_subject_counts_track"();
--> statement-breakpoint
INSERT INTO "analysis_subject_counts" ("user_id", "subject", "analyses")
SELECT "user_id", "subject", count(*)::int FROM "analyses" GROUP BY "user_id", "subject";
