CREATE SEQUENCE "public"."candidate_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "candidate_documents" (
	"candidate_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"note" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "candidate_documents_candidate_id_kind_pk" PRIMARY KEY("candidate_id","kind"),
	CONSTRAINT "candidate_documents_kind" CHECK ("candidate_documents"."kind" in ('PHOTO', 'BIRTH_CERTIFICATE', 'DIPLOMA')),
	CONSTRAINT "candidate_documents_status" CHECK ("candidate_documents"."status" in ('SUBMITTED', 'CHECKED', 'REPLACE_REQUESTED'))
);
--> statement-breakpoint
CREATE TABLE "candidate_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "candidate_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"candidate_number" text NOT NULL,
	"entrance_id" integer NOT NULL,
	"lastname" text NOT NULL,
	"firstname" text NOT NULL,
	"birthdate" date NOT NULL,
	"birthplace" text NOT NULL,
	"gender" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"country" text NOT NULL,
	"region_origin" text NOT NULL,
	"department" text,
	"living_town" text NOT NULL,
	"first_language" text NOT NULL,
	"second_language" text NOT NULL,
	"admission_diploma" text NOT NULL,
	"admission_diploma_grade" numeric(4, 2),
	"mention_obtained" text NOT NULL,
	"year_obtention" integer NOT NULL,
	"country_obtention" text NOT NULL,
	"school_obtention" text NOT NULL,
	"last_year_situation" text,
	"last_year_rank" text,
	"is_professional" boolean DEFAULT false NOT NULL,
	"first_year_university" integer NOT NULL,
	"first_year_university_type" text NOT NULL,
	"name_of_university" text NOT NULL,
	"formation_type" text NOT NULL,
	"cycle" text NOT NULL,
	"first_choice_id" integer NOT NULL,
	"second_choice_id" integer,
	"father_name" text NOT NULL,
	"father_job" text NOT NULL,
	"father_contact" text NOT NULL,
	"father_region_origin" text NOT NULL,
	"mother_name" text NOT NULL,
	"mother_job" text NOT NULL,
	"mother_contact" text NOT NULL,
	"mother_region_origin" text NOT NULL,
	"emergency_name" text NOT NULL,
	"emergency_contact" text NOT NULL,
	"is_handicaped" boolean DEFAULT false NOT NULL,
	"handicap_details" text,
	"is_sportive" boolean DEFAULT false NOT NULL,
	"is_sportive_competitor" boolean DEFAULT false NOT NULL,
	"first_sport" text,
	"language" text DEFAULT 'en' NOT NULL,
	"has_paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"decision" text,
	"decision_speciality_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidates_candidate_number_unique" UNIQUE("candidate_number"),
	CONSTRAINT "candidates_choices_differ" CHECK ("candidates"."second_choice_id" is null or "candidates"."second_choice_id" <> "candidates"."first_choice_id"),
	CONSTRAINT "candidates_decision" CHECK ("candidates"."decision" is null or "candidates"."decision" in ('ADMITTED', 'WAITING_LIST', 'REFUSED')),
	CONSTRAINT "candidates_paid" CHECK ("candidates"."has_paid" = ("candidates"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "entrance_specialities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entrance_specialities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entrance_id" integer NOT NULL,
	"cycle_id" integer NOT NULL,
	"branch_id" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "entrance_specialities_id_entrance_uq" ON "entrance_specialities" USING btree ("id","entrance_id");--> statement-breakpoint
CREATE TABLE "entrances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entrances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"year_name" text NOT NULL,
	"school_name" text NOT NULL,
	"amount" integer NOT NULL,
	"registration_limit_date" date NOT NULL,
	"evaluation_begin_date" date NOT NULL,
	"evaluation_end_date" date NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entrances_amount" CHECK ("entrances"."amount" >= 0),
	CONSTRAINT "entrances_dates" CHECK ("entrances"."evaluation_end_date" >= "entrances"."evaluation_begin_date")
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"status" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_callbacks_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_networks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_amount" integer NOT NULL,
	"max_amount" integer NOT NULL,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_schedule" jsonb NOT NULL,
	"color" text,
	"ussd_code" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" integer NOT NULL,
	"provider" text NOT NULL,
	"network" text NOT NULL,
	"account_number" text NOT NULL,
	"order_number" text NOT NULL,
	"amount" integer NOT NULL,
	"fees" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"provider_transaction_id" text,
	"network_transaction_id" text,
	"status_code" text,
	"status_message" text,
	"status_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"receipt_number" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('PENDING', 'PAID', 'FAILED', 'EXPIRED')),
	CONSTRAINT "payments_total" CHECK ("payments"."total" = "payments"."amount" + "payments"."fees")
);
--> statement-breakpoint
CREATE TABLE "sandbox_collections" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"network" text NOT NULL,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"operator_reference" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "sandbox_collections_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "candidate_documents" ADD CONSTRAINT "candidate_documents_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_links" ADD CONSTRAINT "candidate_links_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_sessions" ADD CONSTRAINT "candidate_sessions_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_entrance_id_entrances_id_fk" FOREIGN KEY ("entrance_id") REFERENCES "public"."entrances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_decision_speciality_id_entrance_specialities_id_fk" FOREIGN KEY ("decision_speciality_id") REFERENCES "public"."entrance_specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_first_choice_fk" FOREIGN KEY ("first_choice_id","entrance_id") REFERENCES "public"."entrance_specialities"("id","entrance_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_second_choice_fk" FOREIGN KEY ("second_choice_id","entrance_id") REFERENCES "public"."entrance_specialities"("id","entrance_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrance_specialities" ADD CONSTRAINT "entrance_specialities_entrance_id_entrances_id_fk" FOREIGN KEY ("entrance_id") REFERENCES "public"."entrances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrance_specialities" ADD CONSTRAINT "entrance_specialities_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrance_specialities" ADD CONSTRAINT "entrance_specialities_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_payment_networks_code_fk" FOREIGN KEY ("network") REFERENCES "public"."payment_networks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_links_candidate_idx" ON "candidate_links" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_sessions_candidate_idx" ON "candidate_sessions" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_entrance_email_uq" ON "candidates" USING btree ("entrance_id",lower("email"));--> statement-breakpoint
CREATE INDEX "candidates_email_idx" ON "candidates" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "candidates_entrance_created_idx" ON "candidates" USING btree ("entrance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entrance_specialities_uq" ON "entrance_specialities" USING btree ("entrance_id","cycle_id","branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_uq" ON "payments" USING btree ("candidate_id") WHERE "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_uq" ON "payments" USING btree ("candidate_id") WHERE "payments"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'PENDING';
