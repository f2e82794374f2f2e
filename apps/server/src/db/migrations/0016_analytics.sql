CREATE TABLE "analysis_error_counts" (
	"analysis_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"errors" integer NOT NULL,
	CONSTRAINT "analysis_error_counts_analysis_id_category_pk" PRIMARY KEY("analysis_id","category")
);
--> statement-breakpoint
ALTER TABLE "analysis_error_counts" ADD CONSTRAINT "analysis_error_counts_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_error_counts_user_id_created_at_idx" ON "analysis_error_counts" USING btree ("user_id","created_at");--> statement-breakpoint
-- Kept by the database itself, like the subject counts (ADR 0003): every way a result is stored (grading job,
-- review, reopen, seeding) keeps the counts right. Errors sit in the subtasks (spec 000 §3); an error without
-- a category counts as 'other'.
CREATE FUNCTION "analysis_error_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "analysis_error_counts" WHERE "analysis_id" = NEW."id";
	IF NEW."status" = 'done' AND NEW."result" IS NOT NULL THEN
		INSERT INTO "analysis_error_counts" ("analysis_id", "user_id", "created_at", "category", "errors")
		SELECT NEW."id", NEW."user_id", NEW."created_at", coalesce(e ->> 'category', 'other'), count(*)::int
		FROM jsonb_path_query(NEW."result", '$.tasks[*].subtasks[*].errors[*]') AS e
		GROUP BY coalesce(e ->> 'category', 'other');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "analyses_error_counts" AFTER INSERT OR UPDATE OF "result", "status", "user_id", "created_at" ON "analyses"
FOR EACH ROW EXECUTE FUNCTION "analysis_error_counts_track"();
--> statement-breakpoint
INSERT INTO "analysis_error_counts" ("analysis_id", "user_id", "created_at", "category", "errors")
SELECT a."id", a."user_id", a."created_at", coalesce(e ->> 'category', 'other'), count(*)::int
FROM "analyses" a, jsonb_path_query(a."result", '$.tasks[*].subtasks[*].errors[*]') AS e
WHERE a."status" = 'done' AND a."result" IS NOT NULL
GROUP BY a."id", a."user_id", a."created_at", coalesce(e ->> 'category', 'other');
--> statement-breakpoint
-- The numeric value of a shown grade, the SQL twin of `parseGrade` in packages/domain/src/grade-scale.ts
-- ("2-" 2.3, "1+" 0.7, "2,3" 2.3, "11 Punkte (2)" 2.0, anything else NULL), so averages and trends over
-- 10,000 analyses are computed by the database. apps/server/test/analytics.test.ts holds the two together.
CREATE FUNCTION "grade_value"(grade text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN g ~* '^\d{1,2}\s*(Punkte?|NP)(\s*\(\s*[1-6]\s*[+-]?\s*\))?$' THEN (
			SELECT CASE
				WHEN n > 15 THEN NULL
				WHEN n = 0 THEN 6
				ELSE round((6 - ceil(n / 3.0) + CASE n % 3 WHEN 0 THEN -0.3 WHEN 2 THEN 0 ELSE 0.3 END)::numeric, 1)
			END
			FROM (SELECT substring(g FROM '^\d{1,2}')::int AS n) AS p)
		WHEN g ~ '^[1-6]\s*[+-]?$' THEN (
			SELECT CASE WHEN v >= 0.7 AND v <= 6 THEN v END
			FROM (SELECT round((substring(g FROM '^[1-6]')::int
				+ CASE WHEN g LIKE '%+' THEN -0.3 WHEN g LIKE '%-' THEN 0.3 ELSE 0 END)::numeric, 1) AS v) AS w)
		WHEN g ~ '^\d+(\.\d+)?$' THEN (SELECT CASE WHEN x >= 0.7 AND x <= 6 THEN x END FROM (SELECT g::numeric AS x) AS q)
	END::double precision
	FROM (SELECT replace(btrim(grade), ',', '.') AS g) AS s
$$;
