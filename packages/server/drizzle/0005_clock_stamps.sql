ALTER TABLE "devices" ADD COLUMN "stamps" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "commands_per_poll" integer DEFAULT 1 NOT NULL;