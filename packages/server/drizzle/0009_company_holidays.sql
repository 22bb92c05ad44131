CREATE TABLE "company_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "jurisdiction" text DEFAULT 'XK' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_holidays" ADD CONSTRAINT "company_holidays_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_holidays_employer_date_uq" ON "company_holidays" USING btree ("employer_id","date");--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_jurisdiction_check" CHECK ("employers"."jurisdiction" in ('XK', 'AL'));