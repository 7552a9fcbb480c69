CREATE TABLE "recognize_exceptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recognize_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"key" text NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"page_id" bigint,
	"exam_student_id" bigint,
	"question_no" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolution" jsonb,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"room" text,
	"dpi" smallint DEFAULT 200 NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "scan_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"original_id" bigint,
	"file_name" text NOT NULL,
	"archive_name" text,
	"format" text,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_originals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_originals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_originals_schoolId_sha256_unique" UNIQUE("school_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "scan_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"page_index" integer NOT NULL,
	"source_key" text NOT NULL,
	"source_format" text NOT NULL,
	"checksum" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"outcome" text,
	"detail" text,
	"template_id" text,
	"template_version" integer,
	"page_no" integer,
	"turned" boolean DEFAULT false NOT NULL,
	"exam_no_read" text,
	"exam_student_id" bigint,
	"absent_marked" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"result_checksum" text,
	"image_key" text,
	"corrections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discarded" boolean DEFAULT false NOT NULL,
	"recognised_at" timestamp with time zone,
	CONSTRAINT "scan_pages_fileId_pageIndex_unique" UNIQUE("file_id","page_index")
);
--> statement-breakpoint
CREATE TABLE "scan_student_cards" (
	"exam_student_id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"absent" boolean,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_procedures" (
	"single_exam_id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"code" smallint DEFAULT 1 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recognize_exceptions" ADD CONSTRAINT "recognize_exceptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recognize_exceptions" ADD CONSTRAINT "recognize_exceptions_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recognize_exceptions" ADD CONSTRAINT "recognize_exceptions_page_id_scan_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."scan_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recognize_exceptions" ADD CONSTRAINT "recognize_exceptions_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recognize_exceptions" ADD CONSTRAINT "recognize_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD CONSTRAINT "scan_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD CONSTRAINT "scan_batches_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD CONSTRAINT "scan_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD CONSTRAINT "scan_batches_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_files" ADD CONSTRAINT "scan_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_files" ADD CONSTRAINT "scan_files_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_files" ADD CONSTRAINT "scan_files_batch_id_scan_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_files" ADD CONSTRAINT "scan_files_original_id_scan_originals_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."scan_originals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_originals" ADD CONSTRAINT "scan_originals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_batch_id_scan_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_file_id_scan_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."scan_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_student_cards" ADD CONSTRAINT "scan_student_cards_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_student_cards" ADD CONSTRAINT "scan_student_cards_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_student_cards" ADD CONSTRAINT "scan_student_cards_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_student_cards" ADD CONSTRAINT "scan_student_cards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_procedures" ADD CONSTRAINT "single_procedures_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_procedures" ADD CONSTRAINT "single_procedures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_procedures" ADD CONSTRAINT "single_procedures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recognize_exceptions_key" ON "recognize_exceptions" USING btree ("single_exam_id","key");--> statement-breakpoint
CREATE INDEX "recognize_exceptions_single_exam_id_kind_status_index" ON "recognize_exceptions" USING btree ("single_exam_id","kind","status");--> statement-breakpoint
CREATE INDEX "recognize_exceptions_page_id_index" ON "recognize_exceptions" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "scan_batches_single_exam_id_index" ON "scan_batches" USING btree ("single_exam_id");--> statement-breakpoint
CREATE INDEX "scan_files_batch_id_index" ON "scan_files" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "scan_files_single_exam_id_sha256_index" ON "scan_files" USING btree ("single_exam_id","sha256");--> statement-breakpoint
CREATE INDEX "scan_pages_batch_id_status_index" ON "scan_pages" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "scan_pages_single_exam_id_exam_student_id_index" ON "scan_pages" USING btree ("single_exam_id","exam_student_id");