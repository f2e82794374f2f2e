-- Issue 35 §1: a school's sign-in gives the account type (its role claim) and the school at sign-up.
ALTER TABLE "user" ADD COLUMN "school_role" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "school_name" text;