-- btree_gin lets one GIN index hold course_id with the search words (PGlite loads the extension in platform/db.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "qb_questions_course_id_year_index";--> statement-breakpoint
DROP INDEX IF EXISTS "qb_questions_course_id_times_used_index";--> statement-breakpoint
DROP INDEX IF EXISTS "qb_questions_facets_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "qb_questions_search_idx";--> statement-breakpoint
CREATE INDEX "qb_questions_newest_idx" ON "qb_questions" USING btree ("course_id","status","year" DESC NULLS LAST,"id" DESC NULLS LAST,"times_used","difficulty","type_id","school_id","area_id","grade_id","paper_type_id");--> statement-breakpoint
CREATE INDEX "qb_questions_most_used_idx" ON "qb_questions" USING btree ("course_id","status","times_used" DESC NULLS LAST,"id" DESC NULLS LAST,"year","difficulty","type_id","school_id","area_id","grade_id","paper_type_id");--> statement-breakpoint
CREATE INDEX "qb_questions_easiest_idx" ON "qb_questions" USING btree ("course_id","status","difficulty","id" DESC NULLS LAST,"year","times_used","type_id","school_id","area_id","grade_id","paper_type_id");--> statement-breakpoint
CREATE INDEX "qb_questions_hardest_idx" ON "qb_questions" USING btree ("course_id","status","difficulty" DESC NULLS LAST,"id" DESC NULLS LAST,"year","times_used","type_id","school_id","area_id","grade_id","paper_type_id");--> statement-breakpoint
CREATE INDEX "qb_questions_facets_by_id_idx" ON "qb_questions" USING btree ("id","course_id","status","year","times_used","difficulty","type_id","school_id","area_id","grade_id","paper_type_id");--> statement-breakpoint
CREATE INDEX "qb_questions_search_idx" ON "qb_questions" USING gin ("course_id","search");