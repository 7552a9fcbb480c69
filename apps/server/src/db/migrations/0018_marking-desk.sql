CREATE TABLE "mark_problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paper_id" bigint NOT NULL,
	"block_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" bigint,
	"resolution" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mark_papers" ADD COLUMN "holders" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mark_papers" ADD COLUMN "held_until" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mark_problems" ADD CONSTRAINT "mark_problems_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_problems" ADD CONSTRAINT "mark_problems_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_problems" ADD CONSTRAINT "mark_problems_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_problems" ADD CONSTRAINT "mark_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_problems_block_id_resolved_at_index" ON "mark_problems" USING btree ("block_id","resolved_at");--> statement-breakpoint
CREATE INDEX "mark_problems_paper_id_index" ON "mark_problems" USING btree ("paper_id");