DROP INDEX "requests_author_idx";--> statement-breakpoint
CREATE INDEX "evaluation_targets_class_idx" ON "evaluation_targets" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "evaluation_targets_subject_idx" ON "evaluation_targets" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "requests_author_idx" ON "requests" USING btree ("author_id","filed_at","id");