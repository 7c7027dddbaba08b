-- Issue 15, decision 55: a transaction that calls pg_notify takes PostgreSQL's one lock on the
-- notification queue when it commits and keeps it until its commit is on disk, so every change
-- the portal made waited for the disk one after another (280 commits a second where 3,000 fit).
-- The portal's own connections (which set portal.defer_announcements) now leave their
-- announcements in an unlogged table instead; the server sends them right after the change
-- committed, in a transaction of their own that writes nothing to the log and so does not wait for
-- the disk (portal_send_announcements, with the marker of decision 50 last). Any other program
-- (psql, a script, a migration) still announces in its own transaction, as before.
CREATE UNLOGGED TABLE "portal_announcements" ("channel" text NOT NULL, "payload" text NOT NULL);--> statement-breakpoint
CREATE FUNCTION "portal_announce"("channel" text, "payload" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.defer_announcements', true) = 'on' THEN
    INSERT INTO "portal_announcements" ("channel", "payload") VALUES ("channel", "payload");
  ELSE
    PERFORM pg_notify("channel", "payload");
  END IF;
END $$;--> statement-breakpoint
-- Sends what was left to announce (every instance's: one that stopped before sending is sent by the
-- next), then the marker when one is given. A row another sender is taking is waited for, so that
-- its announcements are sent before this marker arrives.
CREATE FUNCTION "portal_send_announcements"("marker_channel" text, "marker" text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pending record;
  sent integer := 0;
BEGIN
  FOR pending IN DELETE FROM "portal_announcements" RETURNING "channel", "payload" LOOP
    PERFORM pg_notify(pending."channel", pending."payload");
    sent := sent + 1;
  END LOOP;
  IF "marker" IS NOT NULL THEN
    PERFORM pg_notify("marker_channel", "marker");
  END IF;
  RETURN sent;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_person_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM portal_announce('portal_person_change', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM portal_announce('portal_person_change', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM portal_announce('portal_person_change', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM portal_announce('portal_catalogue_change', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_announce('portal_table_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;
