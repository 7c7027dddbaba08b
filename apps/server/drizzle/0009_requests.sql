CREATE SEQUENCE "public"."request_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "request_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"description" text NOT NULL,
	"description_fr" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "request_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "request_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hop_id" integer NOT NULL,
	"label" text NOT NULL,
	"label_fr" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "request_decisions_status" CHECK ("request_decisions"."status" in ('REGISTERED', 'PROCESSING', 'VALIDATED', 'VALIDATED_BILLED', 'VALIDATED_NOT_BILLED', 'NOT_VALIDATED', 'REJECTED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "request_hops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_hops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subcategory_id" integer NOT NULL,
	"from_unit_id" integer NOT NULL,
	"to_unit_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"unit_id" integer,
	"decision_id" integer,
	"comment" text,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_id" integer,
	CONSTRAINT "request_steps_status" CHECK ("request_steps"."status" in ('REGISTERED', 'PROCESSING', 'VALIDATED', 'VALIDATED_BILLED', 'VALIDATED_NOT_BILLED', 'NOT_VALIDATED', 'REJECTED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "request_subcategories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_subcategories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"description" text NOT NULL,
	"description_fr" text NOT NULL,
	"display" jsonb NOT NULL,
	"first_unit_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "request_subcategories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "request_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	CONSTRAINT "request_units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"author_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"class_id" integer,
	"subject_id" integer,
	"problem_date" date,
	"problem_week" text,
	"slot_start" text,
	"slot_end" text,
	"contract_number" text,
	"hours_noted" numeric(8, 2),
	"hours_expected" numeric(8, 2),
	"rate_noted" numeric(12, 2),
	"rate_expected" numeric(12, 2),
	"tax_noted" numeric(5, 2),
	"tax_expected" numeric(5, 2),
	"amount_received" numeric(14, 2),
	"amount_expected" numeric(14, 2),
	"copies" integer,
	"students" integer,
	"title" text NOT NULL,
	"description" text,
	"file_id" text,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"unit_id" integer,
	"signed_at" timestamp with time zone,
	"filed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "requests_status" CHECK ("requests"."status" in ('REGISTERED', 'PROCESSING', 'VALIDATED', 'VALIDATED_BILLED', 'VALIDATED_NOT_BILLED', 'NOT_VALIDATED', 'REJECTED', 'CLOSED')),
	CONSTRAINT "requests_slot" CHECK (("requests"."slot_start" is null) = ("requests"."slot_end" is null) and ("requests"."slot_end" is null or "requests"."slot_end" > "requests"."slot_start")),
	CONSTRAINT "requests_counts" CHECK (coalesce("requests"."copies", 0) >= 0 and coalesce("requests"."students", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "request_decisions" ADD CONSTRAINT "request_decisions_hop_id_request_hops_id_fk" FOREIGN KEY ("hop_id") REFERENCES "public"."request_hops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_hops" ADD CONSTRAINT "request_hops_subcategory_id_request_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."request_subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_hops" ADD CONSTRAINT "request_hops_from_unit_id_request_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_hops" ADD CONSTRAINT "request_hops_to_unit_id_request_units_id_fk" FOREIGN KEY ("to_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_unit_id_request_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_decision_id_request_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."request_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_by_id_persons_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_subcategories" ADD CONSTRAINT "request_subcategories_category_id_request_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."request_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_subcategories" ADD CONSTRAINT "request_subcategories_first_unit_id_request_units_id_fk" FOREIGN KEY ("first_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_author_id_persons_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_subcategory_id_request_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."request_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_unit_id_request_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_decisions_hop_idx" ON "request_decisions" USING btree ("hop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_hops_uq" ON "request_hops" USING btree ("subcategory_id","from_unit_id","to_unit_id");--> statement-breakpoint
CREATE INDEX "request_steps_request_idx" ON "request_steps" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "request_subcategories_category_idx" ON "request_subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "requests_author_idx" ON "requests" USING btree ("author_id","filed_at");--> statement-breakpoint
CREATE INDEX "requests_unit_idx" ON "requests" USING btree ("unit_id","status");--> statement-breakpoint
-- Decision 31: a request's steps are its history, append-only: no step is ever changed (a step
-- goes only with its request).
CREATE OR REPLACE FUNCTION request_steps_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'request_steps is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_steps_no_update BEFORE UPDATE ON request_steps
  FOR EACH ROW EXECUTE FUNCTION request_steps_refuse_change();
