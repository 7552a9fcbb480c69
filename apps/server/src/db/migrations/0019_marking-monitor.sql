CREATE TABLE "mark_monitor_settings" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"drift_mean_points" double precision NOT NULL,
	"drift_min_agreement" double precision NOT NULL,
	"spot_check_quota" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_spot_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mark_spot_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"block_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	"checker_id" bigint NOT NULL,
	"mark_id" bigint,
	"reason" text,
	"before" jsonb,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mark_monitor_settings" ADD CONSTRAINT "mark_monitor_settings_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_monitor_settings" ADD CONSTRAINT "mark_monitor_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_spot_checks" ADD CONSTRAINT "mark_spot_checks_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_spot_checks" ADD CONSTRAINT "mark_spot_checks_paper_id_mark_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mark_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_spot_checks" ADD CONSTRAINT "mark_spot_checks_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_spot_checks" ADD CONSTRAINT "mark_spot_checks_mark_id_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."marks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_spot_checks_block_id_index" ON "mark_spot_checks" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "mark_spot_checks_paper_id_index" ON "mark_spot_checks" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "marks_block_paper_marker_newest_idx" ON "marks" USING btree ("block_id","paper_id","marker_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marks_block_marker_id_idx" ON "marks" USING btree ("block_id","marker_id","id");