CREATE TABLE "application_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"designation" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"manual_closure" boolean DEFAULT false NOT NULL,
	"actived" boolean DEFAULT true NOT NULL,
	"subject_constraint_id" integer NOT NULL,
	"hours_permanent" integer NOT NULL,
	"hours_vacataire" integer NOT NULL,
	"hours_stagiaire" integer NOT NULL,
	"hours_staff" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_constraints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_constraints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"level1_j" integer NOT NULL,
	"level2_j" integer NOT NULL,
	"level3_j" integer NOT NULL,
	"level4_j" integer NOT NULL,
	"level5_j" integer NOT NULL,
	"level1_s" integer NOT NULL,
	"level2_s" integer NOT NULL,
	"level3_s" integer NOT NULL,
	"level4_s" integer NOT NULL,
	"level5_s" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_sessions" ADD CONSTRAINT "application_sessions_subject_constraint_id_subject_constraints_id_fk" FOREIGN KEY ("subject_constraint_id") REFERENCES "public"."subject_constraints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_sessions_active_idx" ON "application_sessions" USING btree ("actived","start_date");