ALTER TABLE "lti_contexts" ADD COLUMN "ags_lineitems" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "ags_lineitem" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "ags_scopes" text[] DEFAULT '{}' NOT NULL;