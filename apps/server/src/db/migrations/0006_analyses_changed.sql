-- Announces every change of a user's analyses on the channel "analyses_changed" (payload: the user's id), so
-- that every process drops what it keeps in memory of that user's history and dashboard (ADR 0006). The
-- database sends it when the transaction commits and only then; several rows of one user in one transaction
-- are one notification (PostgreSQL folds identical payloads).
CREATE FUNCTION "analyses_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
		PERFORM pg_notify('analyses_changed', OLD."user_id");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		PERFORM pg_notify('analyses_changed', NEW."user_id");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "analyses_changed" AFTER INSERT OR UPDATE OR DELETE ON "analyses"
FOR EACH ROW EXECUTE FUNCTION "analyses_changed_notify"();
