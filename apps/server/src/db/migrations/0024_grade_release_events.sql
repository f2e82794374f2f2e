CREATE TABLE "grade_release_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pupil_user_id" text,
	"pupil_name" text NOT NULL,
	"released_by" text,
	"released_by_name" text,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"achieved_points" real,
	"total_points" real,
	"grade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "grade_release_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "grade_records" ADD COLUMN "released_result" jsonb;--> statement-breakpoint
ALTER TABLE "grade_records" ADD COLUMN "released_text" text;--> statement-breakpoint
ALTER TABLE "grade_release_events" ADD CONSTRAINT "grade_release_events_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_release_events" ADD CONSTRAINT "grade_release_events_pupil_user_id_user_id_fk" FOREIGN KEY ("pupil_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_release_events" ADD CONSTRAINT "grade_release_events_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_release_events_analysis_id_idx" ON "grade_release_events" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "grade_release_events_pupil_user_id_idx" ON "grade_release_events" USING btree ("pupil_user_id");--> statement-breakpoint
-- What each pupil was given so far: the result as it is now (a result reopened at this moment is its draft,
-- the best this migration can know), so that her detail reads a snapshot from now on (issue 33 §2).
UPDATE "grade_records" AS r SET
	"released_result" = a."result",
	"released_text" = CASE WHEN a."extracted_text" IS NULL THEN a."input_text"
		ELSE array_to_string(array_remove(ARRAY[nullif(btrim(a."input_text", E' \n\r\t'), ''), nullif(btrim(a."extracted_text", E' \n\r\t'), '')], NULL), E'\n\n') END
FROM "analyses" AS a
WHERE a."id" = r."analysis_id" AND r."type" <> 'Selbsttest';
--> statement-breakpoint
-- The releases so far as the records knew them: the first release and, where there was one, the latest update,
-- both with the record's present figures (the values of earlier moments were not kept before this migration).
INSERT INTO "grade_release_events" ("analysis_id", "kind", "pupil_user_id", "pupil_name", "released_by", "released_by_name", "type", "title", "achieved_points", "total_points", "grade", "created_at")
SELECT r."analysis_id", k.kind, r."user_id", u."name", r."released_by", t."name", r."type", r."title", r."achieved_points", r."total_points", r."grade",
	CASE WHEN k.kind = 'released' THEN r."created_at" ELSE r."updated_at" END
FROM "grade_records" AS r
JOIN "analyses" AS a ON a."id" = r."analysis_id"
JOIN "user" AS u ON u."id" = r."user_id"
LEFT JOIN "user" AS t ON t."id" = r."released_by"
CROSS JOIN (VALUES ('released'), ('release_updated')) AS k(kind)
WHERE r."type" <> 'Selbsttest' AND (k.kind = 'released' OR r."updated_at" > r."created_at")
ORDER BY r."created_at", k.kind DESC;
--> statement-breakpoint
-- Append-only (issue 33 §1): an event keeps the values of its moment. The only change is the pseudonymisation
-- of a person whose account is erased, whichever way it is erased: the foreign key's SET NULL unlinks the
-- account, and this trigger then replaces the name with „gelöschtes Konto“. Everything else is refused.
CREATE FUNCTION "grade_release_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."id" IS DISTINCT FROM OLD."id"
		OR NEW."analysis_id" IS DISTINCT FROM OLD."analysis_id"
		OR NEW."kind" IS DISTINCT FROM OLD."kind"
		OR NEW."type" IS DISTINCT FROM OLD."type"
		OR NEW."title" IS DISTINCT FROM OLD."title"
		OR NEW."achieved_points" IS DISTINCT FROM OLD."achieved_points"
		OR NEW."total_points" IS DISTINCT FROM OLD."total_points"
		OR NEW."grade" IS DISTINCT FROM OLD."grade"
		OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
		OR NEW."seq" IS DISTINCT FROM OLD."seq"
		OR NEW."pupil_name" IS DISTINCT FROM OLD."pupil_name"
		OR NEW."released_by_name" IS DISTINCT FROM OLD."released_by_name"
		OR (NEW."pupil_user_id" IS DISTINCT FROM OLD."pupil_user_id" AND NEW."pupil_user_id" IS NOT NULL)
		OR (NEW."released_by" IS DISTINCT FROM OLD."released_by" AND NEW."released_by" IS NOT NULL)
	THEN
		RAISE EXCEPTION 'grade_release_events is append-only';
	END IF;
	IF OLD."pupil_user_id" IS NOT NULL AND NEW."pupil_user_id" IS NULL THEN
		NEW."pupil_name" := 'gelöschtes Konto';
	END IF;
	IF OLD."released_by" IS NOT NULL AND NEW."released_by" IS NULL THEN
		NEW."released_by_name" := 'gelöschtes Konto';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "grade_release_events_append_only" BEFORE UPDATE ON "grade_release_events"
	FOR EACH ROW EXECUTE FUNCTION "grade_release_events_append_only"();
--> statement-breakpoint
-- The teacher's logged changes are the other half of the trail: never rewritten either.
CREATE FUNCTION "analysis_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'analysis_changes is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "analysis_changes_append_only" BEFORE UPDATE ON "analysis_changes"
	FOR EACH ROW EXECUTE FUNCTION "analysis_changes_append_only"();
