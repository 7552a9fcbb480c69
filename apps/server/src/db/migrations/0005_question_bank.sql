CREATE TABLE "qb_areas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qb_areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "qb_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"depth" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qb_nodes_courseId_kind_path_unique" UNIQUE("course_id","kind","path")
);
--> statement-breakpoint
CREATE TABLE "qb_paper_questions" (
	"paper_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"score" real,
	CONSTRAINT "qb_paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "qb_paper_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_paper_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qb_paper_sections_paperId_title_unique" UNIQUE("paper_id","title")
);
--> statement-breakpoint
CREATE TABLE "qb_paper_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_paper_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qb_paper_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "qb_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"title" text NOT NULL,
	"year" smallint,
	"area_id" bigint,
	"grade_id" bigint,
	"paper_type_id" bigint,
	"origin" text NOT NULL,
	"source_key" text NOT NULL,
	"school_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_papers_sourceKey_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "qb_question_nodes" (
	"question_id" bigint NOT NULL,
	"node_id" bigint NOT NULL,
	CONSTRAINT "qb_question_nodes_question_id_node_id_pk" PRIMARY KEY("question_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "qb_question_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_question_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"name" text NOT NULL,
	"objective" smallint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qb_question_types_courseId_name_unique" UNIQUE("course_id","name")
);
--> statement-breakpoint
CREATE TABLE "qb_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"type_id" bigint NOT NULL,
	"difficulty" smallint NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb,
	"answer" text DEFAULT '' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"year" smallint,
	"area_id" bigint,
	"grade_id" bigint,
	"paper_type_id" bigint,
	"source_paper" text,
	"source_paper_id" bigint,
	"score" real,
	"times_used" integer DEFAULT 0 NOT NULL,
	"origin" text NOT NULL,
	"source_key" text NOT NULL,
	"school_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_questions_sourceKey_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "qb_basket_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_basket_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"question_type_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_basket_items_userId_questionId_unique" UNIQUE("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "qb_collection_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_collection_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"node_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_collection_items_nodeId_kind_targetId_unique" UNIQUE("node_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "qb_collection_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_collection_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"course_id" bigint,
	"parent_id" bigint,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qb_downloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"user_paper_id" bigint,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qb_user_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qb_user_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"course_id" bigint,
	"grade_id" bigint,
	"paper_type_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qb_user_question_status" (
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"use_status" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qb_user_question_status_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "qb_nodes" ADD CONSTRAINT "qb_nodes_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_paper_questions" ADD CONSTRAINT "qb_paper_questions_paper_id_qb_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."qb_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_paper_questions" ADD CONSTRAINT "qb_paper_questions_section_id_qb_paper_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."qb_paper_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_paper_questions" ADD CONSTRAINT "qb_paper_questions_question_id_qb_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qb_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_paper_sections" ADD CONSTRAINT "qb_paper_sections_paper_id_qb_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."qb_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_papers" ADD CONSTRAINT "qb_papers_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_papers" ADD CONSTRAINT "qb_papers_area_id_qb_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."qb_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_papers" ADD CONSTRAINT "qb_papers_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_papers" ADD CONSTRAINT "qb_papers_paper_type_id_qb_paper_types_id_fk" FOREIGN KEY ("paper_type_id") REFERENCES "public"."qb_paper_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_papers" ADD CONSTRAINT "qb_papers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_question_nodes" ADD CONSTRAINT "qb_question_nodes_question_id_qb_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qb_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_question_nodes" ADD CONSTRAINT "qb_question_nodes_node_id_qb_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."qb_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_question_types" ADD CONSTRAINT "qb_question_types_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_type_id_qb_question_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."qb_question_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_area_id_qb_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."qb_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_grade_id_edu_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_paper_type_id_qb_paper_types_id_fk" FOREIGN KEY ("paper_type_id") REFERENCES "public"."qb_paper_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_source_paper_id_qb_papers_id_fk" FOREIGN KEY ("source_paper_id") REFERENCES "public"."qb_papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_questions" ADD CONSTRAINT "qb_questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_basket_items" ADD CONSTRAINT "qb_basket_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_basket_items" ADD CONSTRAINT "qb_basket_items_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_collection_items" ADD CONSTRAINT "qb_collection_items_node_id_qb_collection_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."qb_collection_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_collection_nodes" ADD CONSTRAINT "qb_collection_nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_collection_nodes" ADD CONSTRAINT "qb_collection_nodes_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_downloads" ADD CONSTRAINT "qb_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_downloads" ADD CONSTRAINT "qb_downloads_user_paper_id_qb_user_papers_id_fk" FOREIGN KEY ("user_paper_id") REFERENCES "public"."qb_user_papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_user_papers" ADD CONSTRAINT "qb_user_papers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_user_papers" ADD CONSTRAINT "qb_user_papers_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_user_question_status" ADD CONSTRAINT "qb_user_question_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qb_nodes_parent_id_index" ON "qb_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "qb_paper_questions_question_id_index" ON "qb_paper_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "qb_papers_course_id_year_index" ON "qb_papers" USING btree ("course_id","year");--> statement-breakpoint
CREATE INDEX "qb_papers_search_idx" ON "qb_papers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "qb_question_nodes_node_id_question_id_index" ON "qb_question_nodes" USING btree ("node_id","question_id");--> statement-breakpoint
CREATE INDEX "qb_questions_course_id_type_id_difficulty_index" ON "qb_questions" USING btree ("course_id","type_id","difficulty");--> statement-breakpoint
CREATE INDEX "qb_questions_course_id_year_index" ON "qb_questions" USING btree ("course_id","year");--> statement-breakpoint
CREATE INDEX "qb_questions_course_id_times_used_index" ON "qb_questions" USING btree ("course_id","times_used");--> statement-breakpoint
CREATE INDEX "qb_questions_school_id_index" ON "qb_questions" USING btree ("school_id") WHERE "qb_questions"."school_id" is not null;--> statement-breakpoint
CREATE INDEX "qb_questions_search_idx" ON "qb_questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "qb_basket_items_user_id_course_id_index" ON "qb_basket_items" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "qb_collection_nodes_user_id_course_id_index" ON "qb_collection_nodes" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "qb_downloads_user_id_at_index" ON "qb_downloads" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "qb_user_papers_owner_id_updated_at_index" ON "qb_user_papers" USING btree ("owner_id","updated_at");