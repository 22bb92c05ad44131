CREATE TABLE "clock_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"pin" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"card" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clock_users" ADD CONSTRAINT "clock_users_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clock_users_device_pin_uq" ON "clock_users" USING btree ("device_id","pin");