CREATE TABLE "mark_standard_answers" (
	"question_id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"answer" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mark_standard_answers" ADD CONSTRAINT "mark_standard_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_standard_answers" ADD CONSTRAINT "mark_standard_answers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_standard_answers" ADD CONSTRAINT "mark_standard_answers_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_standard_answers" ADD CONSTRAINT "mark_standard_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_standard_answers_single_exam_id_index" ON "mark_standard_answers" USING btree ("single_exam_id");