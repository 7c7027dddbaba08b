-- Trigram search over subject codes and names (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "application_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"category" text NOT NULL,
	"affectation" integer DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_choices_affectation" CHECK ("application_choices"."affectation" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"session_application_id" integer NOT NULL,
	"subject_constraint_id" integer NOT NULL,
	"total_hours" integer NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fingerprints" (
	"person_id" integer NOT NULL,
	"finger" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"captured_by" integer,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fingerprints_person_id_finger_pk" PRIMARY KEY("person_id","finger")
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"photo_file_id" text,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_session_id_application_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."application_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_decided_by_persons_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_employee_id_persons_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_session_application_id_application_sessions_id_fk" FOREIGN KEY ("session_application_id") REFERENCES "public"."application_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_subject_constraint_id_subject_constraints_id_fk" FOREIGN KEY ("subject_constraint_id") REFERENCES "public"."subject_constraints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprints" ADD CONSTRAINT "fingerprints_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprints" ADD CONSTRAINT "fingerprints_captured_by_persons_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_completed_by_persons_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_choices_uq" ON "application_choices" USING btree ("application_id","subject_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "application_choices_one_assignment_uq" ON "application_choices" USING btree ("session_id","subject_id","category") WHERE "application_choices"."affectation" = 1;--> statement-breakpoint
CREATE INDEX "application_choices_subject_idx" ON "application_choices" USING btree ("subject_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_person_session_uq" ON "applications" USING btree ("employee_id","session_application_id");--> statement-breakpoint
CREATE INDEX "applications_session_idx" ON "applications" USING btree ("session_application_id");--> statement-breakpoint
CREATE INDEX "subjects_class_idx" ON "subjects" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "subjects_search_trgm_idx" ON "subjects" USING gin (lower("code" || ' ' || "name") gin_trgm_ops);