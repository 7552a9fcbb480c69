CREATE TABLE "mark_block_markers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_block_markers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"block_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quota" integer,
	"leader" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mark_block_markers_blockId_userId_unique" UNIQUE("block_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mark_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"single_exam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"mode" text NOT NULL,
	"tolerance" double precision NOT NULL,
	"step" double precision NOT NULL,
	"double_share_percent" smallint DEFAULT 100 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_leases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_leases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"block_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mark_leases_paperId_markerId_unique" UNIQUE("paper_id","marker_id")
);
--> statement-breakpoint
CREATE TABLE "mark_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"block_id" bigint NOT NULL,
	"exam_student_id" bigint NOT NULL,
	"image_key" text,
	"answer_text" text,
	"stage" text DEFAULT 'blind' NOT NULL,
	"needed" smallint NOT NULL,
	"done" smallint DEFAULT 0 NOT NULL,
	"final_scores" jsonb,
	"final_total" double precision,
	"finalised_at" timestamp with time zone,
	CONSTRAINT "mark_papers_blockId_examStudentId_unique" UNIQUE("block_id","exam_student_id")
);
--> statement-breakpoint
CREATE TABLE "marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"block_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"scores" jsonb NOT NULL,
	"seconds" double precision NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mark_block_markers" ADD CONSTRAINT "mark_block_markers_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_block_markers" ADD CONSTRAINT "mark_block_markers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_blocks" ADD CONSTRAINT "mark_blocks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_blocks" ADD CONSTRAINT "mark_blocks_single_exam_id_single_exams_id_fk" FOREIGN KEY ("single_exam_id") REFERENCES "public"."single_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_leases" ADD CONSTRAINT "mark_leases_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_papers" ADD CONSTRAINT "mark_papers_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_papers" ADD CONSTRAINT "mark_papers_exam_student_id_exam_students_id_fk" FOREIGN KEY ("exam_student_id") REFERENCES "public"."exam_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_block_markers_user_id_index" ON "mark_block_markers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mark_blocks_single_exam_id_index" ON "mark_blocks" USING btree ("single_exam_id");--> statement-breakpoint
CREATE INDEX "mark_leases_block_id_marker_id_index" ON "mark_leases" USING btree ("block_id","marker_id");--> statement-breakpoint
CREATE INDEX "mark_papers_block_id_stage_id_index" ON "mark_papers" USING btree ("block_id","stage","id");--> statement-breakpoint
CREATE INDEX "marks_paper_id_index" ON "marks" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "marks_block_id_marker_id_index" ON "marks" USING btree ("block_id","marker_id");