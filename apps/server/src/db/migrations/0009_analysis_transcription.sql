-- Upload once (issue 14 §1, ADR 0009): the job may stop at the status 'needs_transcription' until the teacher
-- sends the corrected text; this column says when she did, so the job then grades that text as it is and
-- does not read the files again. The status is plain text (no enum or check), so the new value needs no DDL.
ALTER TABLE "analyses" ADD COLUMN "transcription_checked_at" timestamp with time zone;
--> statement-breakpoint
-- One event stream per analysis (ADR 0009): every change of an analysis's status is announced on the channel
-- "analysis_status" with the analysis's id and its owner, when the transaction commits and only then.
-- Streams read the status through the owner check again; the payload only says which one moved.
CREATE FUNCTION "analysis_status_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('analysis_status', json_build_object('id', NEW."id", 'userId', NEW."user_id")::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- An insert needs no announcement: a stream opened after it reads the status it starts with.
CREATE TRIGGER "analysis_status" AFTER UPDATE OF "status" ON "analyses"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "analysis_status_notify"();
