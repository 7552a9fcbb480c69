CREATE TABLE "mark_quality_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_quality_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000000 CACHE 1),
	"block_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"shown_as" text NOT NULL,
	"reference" jsonb NOT NULL,
	"scores" jsonb,
	"difference" double precision,
	"seconds" double precision,
	"served_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "mark_quality_items_blockId_markerId_kind_paperId_unique" UNIQUE("block_id","marker_id","kind","paper_id")
);
--> statement-breakpoint
CREATE TABLE "mark_quality_settings" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"self_check_percent" smallint DEFAULT 2 NOT NULL,
	"seeded_percent" smallint DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_seeded_papers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_seeded_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"block_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	"scores" jsonb NOT NULL,
	"set_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mark_seeded_papers_blockId_paperId_unique" UNIQUE("block_id","paper_id")
);
--> statement-breakpoint
ALTER TABLE "mark_quality_items" ADD CONSTRAINT "mark_quality_items_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_quality_items" ADD CONSTRAINT "mark_quality_items_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_quality_items" ADD CONSTRAINT "mark_quality_items_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_quality_settings" ADD CONSTRAINT "mark_quality_settings_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_seeded_papers" ADD CONSTRAINT "mark_seeded_papers_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_seeded_papers" ADD CONSTRAINT "mark_seeded_papers_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_seeded_papers" ADD CONSTRAINT "mark_seeded_papers_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_quality_items_block_id_marker_id_index" ON "mark_quality_items" USING btree ("block_id","marker_id");