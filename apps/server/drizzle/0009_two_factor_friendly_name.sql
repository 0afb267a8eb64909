ALTER TABLE "two_factor" ADD COLUMN "friendly_name" text;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "created_at" timestamp with time zone DEFAULT now();