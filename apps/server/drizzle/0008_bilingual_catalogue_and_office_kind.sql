-- Decision 30: subjects and choice sessions get a French name; existing rows take their English one.
ALTER TABLE "application_sessions" ADD COLUMN "designation_fr" text;--> statement-breakpoint
UPDATE "application_sessions" SET "designation_fr" = "designation";--> statement-breakpoint
ALTER TABLE "application_sessions" ALTER COLUMN "designation_fr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "name_fr" text;--> statement-breakpoint
UPDATE "subjects" SET "name_fr" = "name";--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "name_fr" SET NOT NULL;--> statement-breakpoint
-- The subject search reads the code and both names, without case or accents.
DROP INDEX "subjects_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "subjects_search_trgm_idx" ON "subjects" USING gin (lower(translate("code" || ' ' || "name" || ' ' || "name_fr", 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy')) gin_trgm_ops);--> statement-breakpoint
-- Decision 29: the kinds of person are STAFF, STUDENT and OFFICE (back-office service accounts).
-- Existing back-office accounts stay as they are (an employee holding a role keeps both menus);
-- an administrator turns a service account into an OFFICE one with its status emptied.
ALTER TABLE "persons" ADD CONSTRAINT "persons_kind" CHECK ("persons"."kind" in ('STAFF', 'STUDENT', 'OFFICE'));
