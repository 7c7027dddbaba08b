-- Issue 15: every change to what a session's lookup reads (the session, the person, their account,
-- settings, profile, identification and children) is announced on the channel
-- portal_person_change with the person's id, or '*' when a table is truncated. A server keeps the
-- sessions it has looked up in memory and forgets a person's as soon as this arrives (decision 48).
-- PostgreSQL sends a transaction's notifications when it commits, once per distinct payload.
CREATE FUNCTION "notify_person_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portal_person_change', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_person_change', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_person_change', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The subject catalogue's version (migration 0005) is announced too, on portal_catalogue_change:
-- a server keeps the subject lists' stamp in memory until the next announcement.
CREATE OR REPLACE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('portal_catalogue_change', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_person_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "persons_person_change" AFTER UPDATE OR DELETE ON "persons" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('id');--> statement-breakpoint
CREATE TRIGGER "accounts_person_change" AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "settings_person_change" AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "profiles_person_change" AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "identifications_person_change" AFTER INSERT OR UPDATE OR DELETE ON "identifications" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "children_person_change" AFTER INSERT OR UPDATE OR DELETE ON "children" FOR EACH ROW EXECUTE FUNCTION "notify_person_change"('person_id');--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "persons_truncated" AFTER TRUNCATE ON "persons" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "accounts_truncated" AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "settings_truncated" AFTER TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_truncated" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "identifications_truncated" AFTER TRUNCATE ON "identifications" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();--> statement-breakpoint
CREATE TRIGGER "children_truncated" AFTER TRUNCATE ON "children" FOR EACH STATEMENT EXECUTE FUNCTION "notify_person_change"();
