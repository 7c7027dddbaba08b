-- Exclusion constraints over (lecturer | class | room) = and a time range &&: btree_gist gives = to gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_id_class_uq" ON "subjects" USING btree ("id","class_id");--> statement-breakpoint
CREATE TABLE "billing_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "billing_periods_name_unique" UNIQUE("name"),
	CONSTRAINT "billing_periods_dates" CHECK ("billing_periods"."end_date" >= "billing_periods"."begin_date")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_date" date NOT NULL,
	"begin_time" time NOT NULL,
	"end_time" time NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"part" text NOT NULL,
	"lecturer_id" integer NOT NULL,
	"room" text,
	"building" text,
	"campus" text,
	"status" text DEFAULT 'PendingValidation' NOT NULL,
	"billing_period_id" integer,
	"series_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"billed_at" timestamp with time zone,
	"billed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lessons_status" CHECK ("lessons"."status" in ('PendingValidation', 'ValidatedButNotBilled', 'ValidatedAndBilled', 'NotValidated')),
	CONSTRAINT "lessons_part" CHECK ("lessons"."part" in ('CM', 'TD', 'TP')),
	CONSTRAINT "lessons_times" CHECK ("lessons"."begin_time" >= time '08:00' and "lessons"."end_time" <= time '21:30' and "lessons"."end_time" > "lessons"."begin_time"),
	CONSTRAINT "lessons_billed" CHECK (("lessons"."status" = 'ValidatedAndBilled') = ("lessons"."billing_period_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "planning_mails" (
	"person_id" integer NOT NULL,
	"week_of" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "planning_mails_person_id_week_of_pk" PRIMARY KEY("person_id","week_of")
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lecturer_id_persons_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_billing_period_id_billing_periods_id_fk" FOREIGN KEY ("billing_period_id") REFERENCES "public"."billing_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_decided_by_persons_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_billed_by_persons_id_fk" FOREIGN KEY ("billed_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_mails" ADD CONSTRAINT "planning_mails_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_lecturer_date_idx" ON "lessons" USING btree ("lecturer_id","lesson_date");--> statement-breakpoint
CREATE INDEX "lessons_class_date_idx" ON "lessons" USING btree ("class_id","lesson_date");--> statement-breakpoint
CREATE INDEX "lessons_date_idx" ON "lessons" USING btree ("lesson_date","status");--> statement-breakpoint
CREATE INDEX "lessons_series_idx" ON "lessons" USING btree ("series_id") WHERE "lessons"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persons_class_idx" ON "persons" USING btree ("class_id") WHERE "persons"."class_id" is not null;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_class_student" CHECK ("persons"."class_id" is null or "persons"."kind" = 'STUDENT');--> statement-breakpoint
-- Decision 35: no lecturer, class or room in two lessons at overlapping times, even under concurrent
-- inserts; a refused lesson (NotValidated) frees its slot. Two billing periods never share a day.
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lecturer_excl" EXCLUDE USING gist ("lecturer_id" WITH =, tsrange("lesson_date" + "begin_time", "lesson_date" + "end_time") WITH &&) WHERE ("status" <> 'NotValidated');--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_class_excl" EXCLUDE USING gist ("class_id" WITH =, tsrange("lesson_date" + "begin_time", "lesson_date" + "end_time") WITH &&) WHERE ("status" <> 'NotValidated');--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_room_excl" EXCLUDE USING gist ((lower(coalesce("campus", '') || '|' || coalesce("building", '') || '|' || "room")) WITH =, tsrange("lesson_date" + "begin_time", "lesson_date" + "end_time") WITH &&) WHERE ("status" <> 'NotValidated' AND "room" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_excl" EXCLUDE USING gist (daterange("begin_date", "end_date", '[]') WITH &&);
