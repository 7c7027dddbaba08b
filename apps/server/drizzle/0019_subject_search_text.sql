-- What a subject search reads, kept in the row (decision 58): a search looked at each candidate row and
-- worked out lower(translate(...)) for it again, most of its time. The trigram index moves to the column.
DROP INDEX "subjects_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("subjects"."code" || ' ' || "subjects"."name" || ' ' || "subjects"."name_fr", 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "subjects_search_trgm_idx" ON "subjects" USING gin ("search_text" gin_trgm_ops);