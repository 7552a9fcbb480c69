CREATE TABLE "exam_docs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_docs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"multi_exam_id" bigint NOT NULL,
	"single_exam_id" bigint,
	"kind" smallint NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_level_schemes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_level_schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint,
	"area_id" bigint,
	"name" text NOT NULL,
	"levels" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_question_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_question_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"group_id" bigint,
	"question_no" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"objective_type" smallint,
	"option_count" smallint,
	"answer" text,
	"full_mark" double precision NOT NULL,
	"partial_mark" double precision,
	"knowledge_points" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "exam_questions_singleExamId_questionNo_unique" UNIQUE("single_exam_id","question_no")
);
--> statement-breakpoint
CREATE TABLE "exam_students" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"exam_no" text,
	"room" text,
	"absent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exam_students_singleExamId_studentId_unique" UNIQUE("single_exam_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "multi_exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "multi_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"school_year_id" bigint NOT NULL,
	"term_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"exam_type" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hidden_student_order" text DEFAULT '011' NOT NULL,
	"union_key" text,
	"published_to_students" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalised_at" timestamp with time zone,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_score_configs" (
	"school_id" bigint PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"question_id" bigint,
	"question_no" text,
	"old_score" double precision,
	"new_score" double precision,
	"old_choice" text,
	"new_choice" text,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"changed_by" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "single_exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "single_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"multi_exam_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"full_mark" double precision NOT NULL,
	"exam_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"score_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_exams_multiExamId_courseId_unique" UNIQUE("multi_exam_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "standard_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standard_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"doc_id" bigint,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_scores" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_scores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"exam_student_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"objective_score" double precision,
	"subjective_score" double precision,
	"total_score" double precision,
	"total_only" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_scores_singleExamId_studentId_unique" UNIQUE("single_exam_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "exam_docs" ADD CONSTRAINT "exam_docs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_docs" ADD CONSTRAINT "exam_docs_multi_exam_id_multi_exams_id_fk" FOREIGN KEY ("multi_exam_id") REFERENCES "public"."multi_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_docs" ADD CONSTRAINT "exam_docs_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_docs" ADD CONSTRAINT "exam_docs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_level_schemes" ADD CONSTRAINT "exam_level_schemes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_level_schemes" ADD CONSTRAINT "exam_level_schemes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_groups" ADD CONSTRAINT "exam_question_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_groups" ADD CONSTRAINT "exam_question_groups_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_group_id_exam_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."exam_question_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_exams" ADD CONSTRAINT "multi_exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_exams" ADD CONSTRAINT "multi_exams_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_exams" ADD CONSTRAINT "multi_exams_term_id_grade_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."grade_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_exams" ADD CONSTRAINT "multi_exams_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_exams" ADD CONSTRAINT "multi_exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_score_configs" ADD CONSTRAINT "school_score_configs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_score_configs" ADD CONSTRAINT "school_score_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_exams" ADD CONSTRAINT "single_exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_exams" ADD CONSTRAINT "single_exams_multi_exam_id_multi_exams_id_fk" FOREIGN KEY ("multi_exam_id") REFERENCES "public"."multi_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_exams" ADD CONSTRAINT "single_exams_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_papers" ADD CONSTRAINT "standard_papers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_papers" ADD CONSTRAINT "standard_papers_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_papers" ADD CONSTRAINT "standard_papers_doc_id_exam_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."exam_docs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_papers" ADD CONSTRAINT "standard_papers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_scores" ADD CONSTRAINT "student_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_scores" ADD CONSTRAINT "student_scores_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_scores" ADD CONSTRAINT "student_scores_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_scores" ADD CONSTRAINT "student_scores_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_scores" ADD CONSTRAINT "student_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_docs_school_id_multi_exam_id_index" ON "exam_docs" USING btree ("school_id","multi_exam_id");--> statement-breakpoint
CREATE INDEX "exam_level_schemes_school_id_index" ON "exam_level_schemes" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "exam_level_schemes_area_id_index" ON "exam_level_schemes" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "exam_question_groups_single_exam_id_index" ON "exam_question_groups" USING btree ("single_exam_id");--> statement-breakpoint
CREATE INDEX "exam_questions_single_exam_id_sort_order_index" ON "exam_questions" USING btree ("single_exam_id","sort_order");--> statement-breakpoint
CREATE INDEX "exam_students_student_id_index" ON "exam_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "exam_students_single_exam_id_class_id_index" ON "exam_students" USING btree ("single_exam_id","class_id");--> statement-breakpoint
CREATE INDEX "multi_exams_school_id_school_year_id_grade_id_index" ON "multi_exams" USING btree ("school_id","school_year_id","grade_id");--> statement-breakpoint
CREATE INDEX "multi_exams_union_key_index" ON "multi_exams" USING btree ("union_key");--> statement-breakpoint
CREATE INDEX "score_records_single_exam_id_student_id_index" ON "score_records" USING btree ("single_exam_id","student_id");--> statement-breakpoint
CREATE INDEX "score_records_school_id_status_index" ON "score_records" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "score_records_changed_by_index" ON "score_records" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "single_exams_school_id_index" ON "single_exams" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "standard_papers_single_exam_id_index" ON "standard_papers" USING btree ("single_exam_id");--> statement-breakpoint
CREATE INDEX "student_scores_student_id_index" ON "student_scores" USING btree ("student_id");