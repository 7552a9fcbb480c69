-- Stored reports are compressed with lz4 where the server has it (PostgreSQL 14+ built with lz4, as
-- Debian's is): a 联考's 500 MB of report text cost the database 11 s more with the default pglz.
-- The embedded database is built without lz4 and keeps its default; nothing else differs.
DO $$
BEGIN
  ALTER TABLE "analysis_reports" ALTER COLUMN "body" SET COMPRESSION lz4;
  ALTER TABLE "analysis_student_rows" ALTER COLUMN "body" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available; reports keep the default compression';
END $$;
