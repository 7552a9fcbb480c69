CREATE TABLE "class_teachers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"term_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"course_id" bigint,
	"teacher_id" bigint NOT NULL,
	"is_head" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_years" (
	"class_id" bigint NOT NULL,
	"school_year_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	CONSTRAINT "class_years_class_id_school_year_id_pk" PRIMARY KEY("class_id","school_year_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"grade_id" bigint NOT NULL,
	"enter_year" smallint NOT NULL,
	"class_type" smallint DEFAULT 1 NOT NULL,
	"graduated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_courses" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stages" smallint[] NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "edu_courses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "edu_grades" (
	"id" bigint PRIMARY KEY NOT NULL,
	"stage" smallint NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "edu_grades_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "organ_leaders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organ_leaders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"role" smallint NOT NULL,
	"grade_id" bigint,
	"course_id" bigint
);
--> statement-breakpoint
CREATE TABLE "school_grade_courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_grade_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"school_grade_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	CONSTRAINT "school_grade_courses_schoolGradeId_courseId_unique" UNIQUE("school_grade_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "school_grades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	CONSTRAINT "school_grades_schoolId_gradeId_unique" UNIQUE("school_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"name" text NOT NULL,
	"gender" smallint NOT NULL,
	"student_no" text NOT NULL,
	"exam_no" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_schoolId_studentNo_unique" UNIQUE("school_id","student_no")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"gender" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_schoolId_phone_unique" UNIQUE("school_id","phone")
);
--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_term_id_grade_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."grade_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_years" ADD CONSTRAINT "class_years_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_years" ADD CONSTRAINT "class_years_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_years" ADD CONSTRAINT "class_years_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_leaders" ADD CONSTRAINT "organ_leaders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_leaders" ADD CONSTRAINT "organ_leaders_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_leaders" ADD CONSTRAINT "organ_leaders_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_leaders" ADD CONSTRAINT "organ_leaders_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grade_courses" ADD CONSTRAINT "school_grade_courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grade_courses" ADD CONSTRAINT "school_grade_courses_school_grade_id_school_grades_id_fk" FOREIGN KEY ("school_grade_id") REFERENCES "public"."school_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grade_courses" ADD CONSTRAINT "school_grade_courses_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grades" ADD CONSTRAINT "school_grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grades" ADD CONSTRAINT "school_grades_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_course" ON "class_teachers" USING btree ("term_id","class_id","course_id") WHERE course_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_head" ON "class_teachers" USING btree ("term_id","class_id") WHERE is_head;--> statement-breakpoint
CREATE INDEX "class_teachers_school_id_term_id_index" ON "class_teachers" USING btree ("school_id","term_id");--> statement-breakpoint
CREATE INDEX "class_teachers_teacher_id_index" ON "class_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "class_years_school_year_id_index" ON "class_years" USING btree ("school_year_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_active_name" ON "classes" USING btree ("school_id","enter_year","name") WHERE not graduated;--> statement-breakpoint
CREATE INDEX "classes_school_id_grade_id_index" ON "classes" USING btree ("school_id","grade_id");--> statement-breakpoint
CREATE INDEX "organ_leaders_school_id_index" ON "organ_leaders" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "organ_leaders_teacher_id_index" ON "organ_leaders" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_exam_no" ON "students" USING btree ("school_id","exam_no") WHERE exam_no is not null;--> statement-breakpoint
CREATE INDEX "students_class_id_index" ON "students" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "students_user_id_index" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teachers_user_id_index" ON "teachers" USING btree ("user_id");