CREATE TABLE "mark_block_settings" (
	"block_id" bigint PRIMARY KEY NOT NULL,
	"distribution" text DEFAULT 'free' NOT NULL,
	"daily_cap" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mark_block_settings" ADD CONSTRAINT "mark_block_settings_block_id_mark_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mark_blocks"("id") ON DELETE cascade ON UPDATE no action;