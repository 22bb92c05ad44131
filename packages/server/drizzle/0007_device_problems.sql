CREATE TABLE "device_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"raw" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_refusals" ADD CONSTRAINT "device_refusals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_refusals_device_idx" ON "device_refusals" USING btree ("device_id","id");