CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subjects_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "classes_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "classes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "branches_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "departments_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "cycles_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cycles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "sessions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "application_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
-- Lecturers' own choices (AFFECTATION 0) do not change the lists: only confirmations do, so
-- choice saves never queue on this row.
CREATE TRIGGER "choices_confirmed_version_ins" AFTER INSERT ON "application_choices" FOR EACH ROW WHEN (NEW."affectation" = 1) EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "choices_confirmed_version_upd" AFTER UPDATE ON "application_choices" FOR EACH ROW WHEN (OLD."affectation" = 1 OR NEW."affectation" = 1) EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "choices_confirmed_version_del" AFTER DELETE ON "application_choices" FOR EACH ROW WHEN (OLD."affectation" = 1) EXECUTE FUNCTION "bump_catalogue_version"();
