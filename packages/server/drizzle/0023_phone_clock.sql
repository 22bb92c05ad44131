CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_radius_check" CHECK ("locations"."radius_m" between 25 and 2000),
	CONSTRAINT "locations_lat_check" CHECK ("locations"."lat" between -90 and 90),
	CONSTRAINT "locations_lng_check" CHECK ("locations"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "scan_photos" (
	"scan_id" bigint PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "phone_punches" boolean;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "phone_outside" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "phone_photo_required" boolean;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "kiosk_pin" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "badge_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "phone_punches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "phone_outside" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "phone_photo_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "photo_retention_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "distance_m" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_photos" ADD CONSTRAINT "scan_photos_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_photos" ADD CONSTRAINT "scan_photos_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_employer_idx" ON "locations" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "scan_photos_employer_created_idx" ON "scan_photos" USING btree ("employer_id","created_at");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_employer_kiosk_pin_uq" ON "employees" USING btree ("employer_id","kiosk_pin") WHERE "employees"."kiosk_pin" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scans_employer_client_uq" ON "scans" USING btree ("employer_id","client_id") WHERE "scans"."client_id" is not null;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_phone_outside_check" CHECK ("employees"."phone_outside" in ('refuse', 'flag'));--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_phone_outside_check" CHECK ("employers"."phone_outside" in ('refuse', 'flag'));--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_photo_retention_check" CHECK ("employers"."photo_retention_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_origin_check" CHECK ("scans"."origin" in ('phone', 'kiosk', 'reader', 'clock'));--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_method_check" CHECK ("scans"."method" in ('card', 'pin', 'badge'));