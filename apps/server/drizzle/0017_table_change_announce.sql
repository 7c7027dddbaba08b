-- Issue 15, decision 53: every change to a table is announced on portal_table_change with the
-- table's name, once per statement (a transaction sends each distinct name once, when it commits).
-- An instance on PostgreSQL keeps the answers to reads until a table they read changes, and hears
-- here what other instances, scripts and migrations changed. A table added later gets the same
-- trigger in its migration (src/db/read-cache.test.ts checks that every table has it).
CREATE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_table_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"()', target.tablename || '_announce_change', target.tablename);
  END LOOP;
END $$;
