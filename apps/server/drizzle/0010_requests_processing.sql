CREATE SEQUENCE "public"."request_batch_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "request_batch_items" (
	"batch_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"hop_id" integer NOT NULL,
	CONSTRAINT "request_batch_items_batch_id_request_id_pk" PRIMARY KEY("batch_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "request_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"from_unit_id" integer NOT NULL,
	"to_unit_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "request_batches_reference_unique" UNIQUE("reference"),
	CONSTRAINT "request_batches_status" CHECK ("request_batches"."status" in ('DRAFT', 'SENT', 'RECEIVED', 'CANCELLED')),
	CONSTRAINT "request_batches_units" CHECK ("request_batches"."from_unit_id" <> "request_batches"."to_unit_id")
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "request_unit_id" integer;--> statement-breakpoint
ALTER TABLE "request_decisions" ADD COLUMN "forward_unit_id" integer;--> statement-breakpoint
-- Decision 32: the steps written before this migration are all filings.
ALTER TABLE "request_steps" ADD COLUMN "kind" text DEFAULT 'FILED' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_steps" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "request_steps" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "request_units" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "arrival_hop_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "forward_unit_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "request_batch_items" ADD CONSTRAINT "request_batch_items_batch_id_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."request_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batch_items" ADD CONSTRAINT "request_batch_items_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batch_items" ADD CONSTRAINT "request_batch_items_hop_id_request_hops_id_fk" FOREIGN KEY ("hop_id") REFERENCES "public"."request_hops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_from_unit_id_request_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_to_unit_id_request_units_id_fk" FOREIGN KEY ("to_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_sent_by_persons_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_received_by_persons_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_cancelled_by_persons_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_batch_items_request_idx" ON "request_batch_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_batches_from_idx" ON "request_batches" USING btree ("from_unit_id","status");--> statement-breakpoint
CREATE INDEX "request_batches_to_idx" ON "request_batches" USING btree ("to_unit_id","status");--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_request_unit_id_request_units_id_fk" FOREIGN KEY ("request_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_decisions" ADD CONSTRAINT "request_decisions_forward_unit_id_request_units_id_fk" FOREIGN KEY ("forward_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_batch_id_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."request_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_units" ADD CONSTRAINT "request_units_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_arrival_hop_id_request_hops_id_fk" FOREIGN KEY ("arrival_hop_id") REFERENCES "public"."request_hops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_forward_unit_id_request_units_id_fk" FOREIGN KEY ("forward_unit_id") REFERENCES "public"."request_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_batch_id_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."request_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_steps_unit_idx" ON "request_steps" USING btree ("unit_id","request_id");--> statement-breakpoint
CREATE INDEX "requests_filed_idx" ON "requests" USING btree ("filed_at");--> statement-breakpoint
CREATE INDEX "requests_unsigned_idx" ON "requests" USING btree ("filed_at") WHERE "requests"."status" = 'REGISTERED' and "requests"."signed_at" is null;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_verification_token_unique" UNIQUE("verification_token");--> statement-breakpoint
ALTER TABLE "request_steps" ADD CONSTRAINT "request_steps_kind" CHECK ("request_steps"."kind" in ('FILED', 'SIGNED', 'REJECTED', 'EXPIRED', 'SENT', 'RETURNED', 'RECEIVED', 'DECIDED'));