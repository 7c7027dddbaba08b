ALTER TABLE "persons" ADD COLUMN "registration_closed_at" timestamp with time zone;--> statement-breakpoint
-- One stored fact for a closed registration: a closed (ACTIVED) person keeps the closure time the profile held, or, without one, the person's last update.
UPDATE "persons" SET "registration_closed_at" = coalesce((SELECT "profiles"."closed_at" FROM "profiles" WHERE "profiles"."person_id" = "persons"."id"), "persons"."updated_at") WHERE "persons"."actived";--> statement-breakpoint
ALTER TABLE "persons" DROP COLUMN "actived";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "closed_at";
