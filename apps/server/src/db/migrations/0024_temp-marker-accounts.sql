ALTER TABLE "users" ADD COLUMN "temp_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temp_for_exam_id" bigint;