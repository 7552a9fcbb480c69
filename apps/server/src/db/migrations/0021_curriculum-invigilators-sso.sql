CREATE TABLE "sso_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"bound_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_bindings_provider_subject_unique" UNIQUE("provider","subject"),
	CONSTRAINT "sso_bindings_provider_userId_unique" UNIQUE("provider","user_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curriculum_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"credits" numeric(4, 1) DEFAULT 0 NOT NULL,
	"hours" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "curriculum_courses_schoolId_name_unique" UNIQUE("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "curriculum_major_lessons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curriculum_major_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"lesson_no" smallint NOT NULL,
	"title" text NOT NULL,
	"hours" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "curriculum_major_lessons_planId_lessonNo_unique" UNIQUE("plan_id","lesson_no")
);
--> statement-breakpoint
CREATE TABLE "curriculum_major_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curriculum_major_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"major_id" bigint NOT NULL,
	"term" smallint NOT NULL,
	"course_id" bigint NOT NULL,
	"hours" smallint DEFAULT 0 NOT NULL,
	"credits" numeric(4, 1) DEFAULT 0 NOT NULL,
	"assessment" text NOT NULL,
	CONSTRAINT "curriculum_major_plans_majorId_term_courseId_unique" UNIQUE("major_id","term","course_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_majors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curriculum_majors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"enter_year" smallint NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"years" smallint DEFAULT 3 NOT NULL,
	CONSTRAINT "curriculum_majors_schoolId_enterYear_name_unique" UNIQUE("school_id","enter_year","name")
);
--> statement-breakpoint
CREATE TABLE "curriculum_settings" (
	"school_id" bigint PRIMARY KEY NOT NULL,
	"majors_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD COLUMN "invigilators" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_bindings" ADD CONSTRAINT "sso_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_courses" ADD CONSTRAINT "curriculum_courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_major_lessons" ADD CONSTRAINT "curriculum_major_lessons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_major_lessons" ADD CONSTRAINT "curriculum_major_lessons_plan_id_curriculum_major_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."curriculum_major_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_major_plans" ADD CONSTRAINT "curriculum_major_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_major_plans" ADD CONSTRAINT "curriculum_major_plans_major_id_curriculum_majors_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."curriculum_majors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_major_plans" ADD CONSTRAINT "curriculum_major_plans_course_id_curriculum_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."curriculum_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_majors" ADD CONSTRAINT "curriculum_majors_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_settings" ADD CONSTRAINT "curriculum_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curriculum_major_plans_course_id_index" ON "curriculum_major_plans" USING btree ("course_id");