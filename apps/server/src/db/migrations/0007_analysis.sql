CREATE TABLE "analysis_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analysis_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_key" text NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"scope_key" text NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "analysis_reports_runKey_kind_subjectKey_scopeKey_unique" UNIQUE("run_key","kind","subject_key","scope_key")
);
--> statement-breakpoint
CREATE TABLE "analysis_runs" (
	"run_key" text PRIMARY KEY NOT NULL,
	"school_id" bigint,
	"multi_exam_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"error" text,
	"computed_stamp" text,
	"wanted_stamp" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"computed_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analysis_student_rows" (
	"run_key" text NOT NULL,
	"student_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"multi_exam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"student_no" text NOT NULL,
	"total" double precision,
	"grade_rank" integer,
	"body" jsonb NOT NULL,
	CONSTRAINT "analysis_student_rows_run_key_student_id_pk" PRIMARY KEY("run_key","student_id")
);
--> statement-breakpoint
CREATE INDEX "analysis_student_rows_run_key_class_id_index" ON "analysis_student_rows" USING btree ("run_key","class_id");--> statement-breakpoint
CREATE INDEX "analysis_student_rows_run_key_total_index" ON "analysis_student_rows" USING btree ("run_key","total");--> statement-breakpoint
CREATE INDEX "analysis_student_rows_student_id_index" ON "analysis_student_rows" USING btree ("student_id");