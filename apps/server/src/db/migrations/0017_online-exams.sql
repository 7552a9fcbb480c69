CREATE TABLE "online_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sitting_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "online_answers_sittingId_questionId_unique" UNIQUE("sitting_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "online_exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"multi_exam_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"release_answers" boolean DEFAULT true NOT NULL,
	"released_at" timestamp with time zone,
	"paper" jsonb NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_exams_singleExamId_unique" UNIQUE("single_exam_id")
);
--> statement-breakpoint
CREATE TABLE "online_sittings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_sittings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"online_exam_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"exam_student_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"leave_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "online_sittings_onlineExamId_studentId_unique" UNIQUE("online_exam_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "online_answers" ADD CONSTRAINT "online_answers_sitting_id_online_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."online_sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_multi_exam_id_multi_exams_id_fk" FOREIGN KEY ("multi_exam_id") REFERENCES "public"."multi_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sittings" ADD CONSTRAINT "online_sittings_online_exam_id_online_exams_id_fk" FOREIGN KEY ("online_exam_id") REFERENCES "public"."online_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sittings" ADD CONSTRAINT "online_sittings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sittings" ADD CONSTRAINT "online_sittings_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_exams_school_id_index" ON "online_exams" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "online_sittings_deadline_index" ON "online_sittings" USING btree ("deadline");