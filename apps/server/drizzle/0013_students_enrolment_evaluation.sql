CREATE TABLE "enrolment_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolment_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enrolment_applications_status" CHECK ("enrolment_applications"."status" in ('PENDING', 'ACCEPTED', 'WAITLISTED', 'REFUSED', 'WITHDRAWN'))
);
--> statement-breakpoint
CREATE TABLE "enrolment_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolment_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"class_id" integer,
	"subject_id" integer,
	"capacity" integer NOT NULL,
	CONSTRAINT "enrolment_offers_kind" CHECK (("enrolment_offers"."kind" = 'CLASS' and "enrolment_offers"."class_id" is not null and "enrolment_offers"."subject_id" is null) or ("enrolment_offers"."kind" = 'SUBJECT' and "enrolment_offers"."subject_id" is not null and "enrolment_offers"."class_id" is null)),
	CONSTRAINT "enrolment_offers_capacity" CHECK ("enrolment_offers"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "enrolment_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolment_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_applications" integer DEFAULT 3 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "enrolment_sessions_dates" CHECK ("enrolment_sessions"."ends_at" > "enrolment_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "evaluation_ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" integer NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_participations" (
	"target_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "evaluation_participations_target_id_student_id_pk" PRIMARY KEY("target_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_id" integer NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_session_classes" (
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "evaluation_session_classes_session_id_class_id_pk" PRIMARY KEY("session_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"form_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "evaluation_sessions_dates" CHECK ("evaluation_sessions"."end_date" >= "evaluation_sessions"."start_date")
);
--> statement-breakpoint
CREATE TABLE "evaluation_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"lecturer_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_link_codes" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_links" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"provider" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_links_provider" CHECK ("mail_links"."provider" in ('CODE', 'GOOGLE', 'MICROSOFT'))
);
--> statement-breakpoint
CREATE TABLE "question_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"year" integer,
	"file_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_documents_kind" CHECK ("student_documents"."kind" in ('CV', 'BIRTH_CERTIFICATE', 'DIPLOMA', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"religion" text,
	"region_origin" text,
	"department" text,
	"civilstatus" text,
	"living_town" text,
	"district" text,
	"precinct" text,
	"code1" text,
	"numphone" text,
	"code2" text,
	"numphone2" text,
	"father_name" text,
	"father_job" text,
	"father_contact" text,
	"father_region_origin" text,
	"mother_name" text,
	"mother_job" text,
	"mother_contact" text,
	"mother_region_origin" text,
	"emergency_name" text,
	"emergency_relation" text,
	"emergency_contact" text,
	"formation_type" text,
	"admission_diploma" text,
	"admission_diploma_grade" numeric(4, 2),
	"mention_obtained" text,
	"year_obtention" integer,
	"country_obtention" text,
	"school_obtention" text,
	"last_year_situation" text,
	"last_year_rank" text,
	"is_professional" boolean,
	"first_year_university" integer,
	"first_year_university_type" text,
	"name_of_university" text,
	"is_handicaped" boolean DEFAULT false NOT NULL,
	"handicap_details" text,
	"is_sportive" boolean DEFAULT false NOT NULL,
	"is_sportive_competitor" boolean DEFAULT false NOT NULL,
	"first_sport" text,
	"sport_details" text,
	"first_language" text,
	"second_language" text,
	"other_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"sections_saved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_subjects" (
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_subjects_student_id_subject_id_pk" PRIMARY KEY("student_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "request_categories" ADD COLUMN "audience" text DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment_applications" ADD CONSTRAINT "enrolment_applications_session_id_enrolment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."enrolment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_applications" ADD CONSTRAINT "enrolment_applications_offer_id_enrolment_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."enrolment_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_applications" ADD CONSTRAINT "enrolment_applications_student_id_persons_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_applications" ADD CONSTRAINT "enrolment_applications_decided_by_persons_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_offers" ADD CONSTRAINT "enrolment_offers_session_id_enrolment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."enrolment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_offers" ADD CONSTRAINT "enrolment_offers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_offers" ADD CONSTRAINT "enrolment_offers_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_sessions" ADD CONSTRAINT "enrolment_sessions_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_ballots" ADD CONSTRAINT "evaluation_ballots_session_id_evaluation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."evaluation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_participations" ADD CONSTRAINT "evaluation_participations_target_id_evaluation_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."evaluation_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_participations" ADD CONSTRAINT "evaluation_participations_student_id_persons_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_target_id_evaluation_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."evaluation_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_session_classes" ADD CONSTRAINT "evaluation_session_classes_session_id_evaluation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."evaluation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_session_classes" ADD CONSTRAINT "evaluation_session_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_sessions" ADD CONSTRAINT "evaluation_sessions_form_id_question_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."question_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_sessions" ADD CONSTRAINT "evaluation_sessions_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_targets" ADD CONSTRAINT "evaluation_targets_session_id_evaluation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."evaluation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_targets" ADD CONSTRAINT "evaluation_targets_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_targets" ADD CONSTRAINT "evaluation_targets_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_targets" ADD CONSTRAINT "evaluation_targets_lecturer_id_persons_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_link_codes" ADD CONSTRAINT "mail_link_codes_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_forms" ADD CONSTRAINT "question_forms_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_student_id_persons_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_applications_offer_student_uq" ON "enrolment_applications" USING btree ("offer_id","student_id");--> statement-breakpoint
CREATE INDEX "enrolment_applications_student_idx" ON "enrolment_applications" USING btree ("student_id","session_id");--> statement-breakpoint
CREATE INDEX "enrolment_applications_offer_status_idx" ON "enrolment_applications" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "enrolment_offers_session_idx" ON "enrolment_offers" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_offers_class_uq" ON "enrolment_offers" USING btree ("session_id","class_id") WHERE "enrolment_offers"."kind" = 'CLASS';--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_offers_subject_uq" ON "enrolment_offers" USING btree ("session_id","subject_id") WHERE "enrolment_offers"."kind" = 'SUBJECT';--> statement-breakpoint
CREATE INDEX "evaluation_ballots_session_idx" ON "evaluation_ballots" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "evaluation_responses_target_idx" ON "evaluation_responses" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_targets_uq" ON "evaluation_targets" USING btree ("session_id","subject_id","lecturer_id","class_id");--> statement-breakpoint
CREATE INDEX "evaluation_targets_lecturer_idx" ON "evaluation_targets" USING btree ("lecturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_links_address_uq" ON "mail_links" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "student_documents_person_idx" ON "student_documents" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_documents_single_uq" ON "student_documents" USING btree ("person_id","kind") WHERE "student_documents"."kind" in ('CV', 'BIRTH_CERTIFICATE');--> statement-breakpoint
ALTER TABLE "request_categories" ADD CONSTRAINT "request_categories_audience" CHECK ("request_categories"."audience" in ('STAFF', 'STUDENT'));