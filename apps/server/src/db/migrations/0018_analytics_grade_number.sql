-- grade_value() trims like JavaScript's trim() (tabs, line breaks, no-break spaces too), so that it stays
-- parseGrade's twin for every stored grade (apps/server/test/analytics.test.ts compares them). Replaced
-- before the column below stores its values.
CREATE OR REPLACE FUNCTION "grade_value"(grade text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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
	FROM (SELECT replace(btrim(grade, E' \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'), ',', '.') AS g) AS s
$$;
--> statement-breakpoint
-- The grade's value stored with the grade (issue 18 §4): grade_value() costs tens of microseconds a call on
-- PGlite, and the analytics read up to 10,000 grades several times per request.
ALTER TABLE "analyses" ADD COLUMN "grade_number" double precision GENERATED ALWAYS AS (grade_value(grade)) STORED;
