-- Stored reports are derived data: they are cleared and every run is computed again by the worker
-- (a run without a row is wanted anew), which also fills the new subject_scores column.
DELETE FROM "analysis_runs";--> statement-breakpoint
TRUNCATE "analysis_reports", "analysis_student_rows";--> statement-breakpoint
ALTER TABLE "analysis_reports" ALTER COLUMN "body" SET DATA TYPE json USING "body"::json;--> statement-breakpoint
ALTER TABLE "analysis_student_rows" ALTER COLUMN "body" SET DATA TYPE json USING "body"::json;--> statement-breakpoint
ALTER TABLE "analysis_student_rows" ADD COLUMN "subject_scores" jsonb NOT NULL;
