CREATE TABLE "exam_rooms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" bigint NOT NULL,
	"multi_exam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"seat_count" smallint NOT NULL,
	"columns" smallint NOT NULL,
	"sort_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_rooms_multiExamId_name_unique" UNIQUE("multi_exam_id","name")
);
--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_multi_exam_id_multi_exams_id_fk" FOREIGN KEY ("multi_exam_id") REFERENCES "public"."multi_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_rooms_school_id_index" ON "exam_rooms" USING btree ("school_id");