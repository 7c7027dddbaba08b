CREATE TABLE "known_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "known_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"password_failures" integer DEFAULT 0 NOT NULL,
	"password_locked_until" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"code_window_start" timestamp with time zone,
	"code_next_at" timestamp with time zone
);
--> statement-breakpoint
-- Attempts live 30 minutes: the ones in flight start again rather than count against nobody.
DELETE FROM "sign_in_attempts";--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "subject" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_person_idx" ON "known_devices" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_device_id_known_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."known_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Password failures move to sign_in_limits (per person, and per identifier that names nobody).
ALTER TABLE "accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";