ALTER TABLE "employees" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "fiscal_number" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD COLUMN "from_time" text;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD COLUMN "to_time" text;