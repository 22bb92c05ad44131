ALTER TABLE "employers" ADD COLUMN "shift_requests_auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "no_show_alert" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "unpaid_break_rules" jsonb;--> statement-breakpoint
ALTER TABLE "roster_shifts" ADD COLUMN "no_show_notified_at" timestamp with time zone;