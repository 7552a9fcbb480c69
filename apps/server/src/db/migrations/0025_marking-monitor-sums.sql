CREATE TABLE "mark_monitor_changes" (
	"block_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_monitor_entries" (
	"block_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"mark_id" bigint NOT NULL,
	"bin" integer NOT NULL,
	"total" integer NOT NULL,
	"seconds_ms" bigint NOT NULL,
	"paired" boolean NOT NULL,
	"compared" integer NOT NULL,
	"within" integer NOT NULL,
	"exact" integer NOT NULL,
	"to_final" integer NOT NULL,
	"to_final_count" integer NOT NULL,
	"third" boolean NOT NULL,
	"arbitration" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_monitor_state" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"params" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_monitor_sums" (
	"block_id" bigint NOT NULL,
	"marker_id" bigint NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL,
	"sum_total" bigint NOT NULL,
	"sum_squares" bigint NOT NULL,
	"zero" integer NOT NULL,
	"full" integer NOT NULL,
	"seconds_ms" bigint NOT NULL,
	"paired" integer NOT NULL,
	"compared" integer NOT NULL,
	"within" integer NOT NULL,
	"exact" integer NOT NULL,
	"to_final" bigint NOT NULL,
	"to_final_count" integer NOT NULL,
	"third" integer NOT NULL,
	"arbitration" integer NOT NULL,
	CONSTRAINT "mark_monitor_sums_block_id_marker_id_bin_pk" PRIMARY KEY("block_id","marker_id","bin")
);
--> statement-breakpoint
ALTER TABLE "mark_monitor_entries" ADD CONSTRAINT "mark_monitor_entries_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_monitor_state" ADD CONSTRAINT "mark_monitor_state_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_monitor_sums" ADD CONSTRAINT "mark_monitor_sums_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_monitor_changes_block_id_index" ON "mark_monitor_changes" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "mark_monitor_entries_block_id_paper_id_index" ON "mark_monitor_entries" USING btree ("block_id","paper_id");--> statement-breakpoint
CREATE INDEX "mark_monitor_entries_block_id_marker_id_mark_id_index" ON "mark_monitor_entries" USING btree ("block_id","marker_id","mark_id");--> statement-breakpoint
-- 题目监控 brings its sums up to date from the papers noted here (decisions.md 2026-11-26). Marks are
-- noted once per statement (a submission inserts one row here; a bulk insert one per paper); a paper
-- only when its stage or finals change, not on every claim that rewrites its holders.
CREATE FUNCTION mark_monitor_note_marks() RETURNS trigger AS $$
BEGIN
  INSERT INTO mark_monitor_changes (block_id, paper_id) SELECT DISTINCT block_id, paper_id FROM changed_marks;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER marks_monitor_insert AFTER INSERT ON marks REFERENCING NEW TABLE AS changed_marks
  FOR EACH STATEMENT EXECUTE FUNCTION mark_monitor_note_marks();
--> statement-breakpoint
CREATE TRIGGER marks_monitor_update AFTER UPDATE ON marks REFERENCING NEW TABLE AS changed_marks
  FOR EACH STATEMENT EXECUTE FUNCTION mark_monitor_note_marks();
--> statement-breakpoint
CREATE TRIGGER marks_monitor_delete AFTER DELETE ON marks REFERENCING OLD TABLE AS changed_marks
  FOR EACH STATEMENT EXECUTE FUNCTION mark_monitor_note_marks();
--> statement-breakpoint
CREATE FUNCTION mark_monitor_note_paper() RETURNS trigger AS $$
BEGIN
  INSERT INTO mark_monitor_changes (block_id, paper_id) VALUES (NEW.block_id, NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mark_papers_monitor AFTER UPDATE ON mark_papers FOR EACH ROW
  WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.final_scores IS DISTINCT FROM NEW.final_scores)
  EXECUTE FUNCTION mark_monitor_note_paper();
