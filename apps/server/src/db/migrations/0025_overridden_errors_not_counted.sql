-- Issue 33 §3: a deduction the teacher's own points overrode (`overridden` in the error) is no error of the
-- pupil's any more, so the analytics' counts leave it out, like the class set's frequent errors.
CREATE OR REPLACE FUNCTION "analysis_error_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "analysis_error_counts" WHERE "analysis_id" = NEW."id";
	IF NEW."status" = 'done' AND NEW."result" IS NOT NULL THEN
		INSERT INTO "analysis_error_counts" ("analysis_id", "user_id", "created_at", "category", "errors")
		SELECT NEW."id", NEW."user_id", NEW."created_at", coalesce(e ->> 'category', 'other'), count(*)::int
		FROM jsonb_path_query(NEW."result", '$.tasks[*].subtasks[*].errors[*] ? (!(@.overridden == true))') AS e
		GROUP BY coalesce(e ->> 'category', 'other');
	END IF;
	RETURN NULL;
END
$$;
