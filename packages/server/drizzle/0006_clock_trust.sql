DROP INDEX "devices_device_id_uq";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "confirm_pin" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "trusted_network" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "moved_network" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "moved_seen_at" timestamp with time zone;--> statement-breakpoint
-- Devices registered before confirmation existed are in use: they stay trusted, and a clock's network is learned from its next request.
UPDATE "devices" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_confirmed_uq" ON "devices" USING btree ("device_id") WHERE "devices"."confirmed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_employer_device_uq" ON "devices" USING btree ("employer_id","device_id");