CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"microfinance" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "children_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"position" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"birthdate" date
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"piece_type" text NOT NULL,
	"designation" text NOT NULL,
	"speciality" text,
	"level" integer,
	"language" text,
	"obteneddate" date,
	"obtenedstab" text,
	"file_id" text NOT NULL,
	"is_last" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"storage_key" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"denomination" text,
	"region_origin" text,
	"department" text,
	"first_language" text,
	"second_language" text,
	"identification" text,
	"identifnum" text,
	"identifplace" text,
	"identifstart" date,
	"identifend" date,
	"living_town" text,
	"district" text,
	"precinct" text,
	"religion" text,
	"code1" text,
	"numphone" text,
	"code2" text,
	"numphone2" text,
	"civilstatus" text,
	"spfirstname" text,
	"splastname" text,
	"spbirthdate" date,
	"childnum" integer,
	"father_name" text,
	"mother_name" text,
	"height" integer,
	"weight" integer,
	"blood_group" text,
	"handicap" boolean,
	"handicap_details" text,
	"emergname1" text,
	"emergcode1" text,
	"emergnum1" text,
	"emergname2" text,
	"emergcode2" text,
	"emergnum2" text,
	"niu" text,
	"niu_missing" boolean,
	"cnpsyn" boolean DEFAULT true,
	"cnpsnum" text,
	"lastdiploma" text,
	"old_speciality" text,
	"old_obtention_year" integer,
	"stab" text,
	"speciality" text,
	"title" text,
	"grades" text,
	"jobtitle" text,
	"lastjob" text,
	"lastemployer" text,
	"lastjobstart" date,
	"lastjobend" date,
	"lastjobstill" boolean,
	"activity_principal" text,
	"basesalary" integer,
	"hourrate" integer,
	"contenddate" date,
	"paymode" text,
	"bank_code" text,
	"branch_code" text,
	"account_num" text,
	"rib_key" text,
	"pay_code" text,
	"pay_phone" text,
	"card_num" text,
	"account_lastname" text,
	"account_firstname" text,
	"account_birthdate" date,
	"cashier_code" text,
	"cv_link" text,
	"niu_link" text,
	"cnps_link" text,
	"rib_link" text,
	"ministerial_decree" text,
	"presence_attest" text,
	"identity1" text,
	"identity2" text,
	"sections_saved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_persons_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "children_person_position_uq" ON "children" USING btree ("person_id","position");--> statement-breakpoint
CREATE INDEX "documents_person_idx" ON "documents" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_one_last_uq" ON "documents" USING btree ("person_id") WHERE "documents"."is_last";--> statement-breakpoint
CREATE UNIQUE INDEX "files_owner_sha_uq" ON "files" USING btree ("owner_id","sha256");