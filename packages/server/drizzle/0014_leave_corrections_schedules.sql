CREATE TABLE "attendance_reminders" (
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"employer_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_reminders_employee_id_date_pk" PRIMARY KEY("employee_id","date")
);
--> statement-breakpoint
CREATE TABLE "correction_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"time" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"employer_unread" boolean DEFAULT true NOT NULL,
	"worker_unread" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correction_requests_kind_check" CHECK ("correction_requests"."kind" in ('in', 'out')),
	CONSTRAINT "correction_requests_status_check" CHECK ("correction_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "employee_schedules" (
	"employee_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"employer_id" integer NOT NULL,
	"schedule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_schedules_employee_id_effective_from_pk" PRIMARY KEY("employee_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "leave_allowances" (
	"employer_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"year" integer NOT NULL,
	"entitled_days" numeric(6, 1),
	"carried_over_days" numeric(6, 1) DEFAULT 0 NOT NULL,
	CONSTRAINT "leave_allowances_employee_id_year_pk" PRIMARY KEY("employee_id","year")
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"days" numeric(6, 1) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decision_note" text,
	"requested_by_user_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"employer_unread" boolean DEFAULT false NOT NULL,
	"worker_unread" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('pending', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "leave_requests_range_check" CHECK ("leave_requests"."to_date" >= "leave_requests"."from_date")
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"paid" boolean NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_types_kind_check" CHECK ("leave_types"."kind" in ('annual', 'sick', 'unpaid', 'custom'))
);
--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "annual_leave_days" integer;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "auto_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "digest_sent_on" date;--> statement-breakpoint
ALTER TABLE "scan_corrections" ADD COLUMN "origin" text DEFAULT 'employer' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedules" ADD CONSTRAINT "employee_schedules_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedules" ADD CONSTRAINT "employee_schedules_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allowances" ADD CONSTRAINT "leave_allowances_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allowances" ADD CONSTRAINT "leave_allowances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_type_id_leave_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."leave_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correction_requests_employer_status_idx" ON "correction_requests" USING btree ("employer_id","status");--> statement-breakpoint
CREATE INDEX "correction_requests_employee_date_idx" ON "correction_requests" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "leave_allowances_employer_idx" ON "leave_allowances" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "leave_requests_employer_status_idx" ON "leave_requests" USING btree ("employer_id","status");--> statement-breakpoint
CREATE INDEX "leave_requests_employee_from_idx" ON "leave_requests" USING btree ("employee_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_employer_kind_uq" ON "leave_types" USING btree ("employer_id","kind") WHERE "leave_types"."kind" <> 'custom';--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_employer_name_uq" ON "leave_types" USING btree ("employer_id","name");--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_annual_leave_days_check" CHECK ("employers"."annual_leave_days" between 0 and 366);--> statement-breakpoint
ALTER TABLE "scan_corrections" ADD CONSTRAINT "scan_corrections_origin_check" CHECK ("scan_corrections"."origin" in ('employer', 'worker', 'automatic'));