CREATE TABLE "shift_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"employee_id" integer NOT NULL,
	"to_employee_id" integer,
	"status" text NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_requests_kind_check" CHECK ("shift_requests"."kind" in ('claim', 'swap')),
	CONSTRAINT "shift_requests_status_check" CHECK ("shift_requests"."status" in ('offered', 'pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_shift_id_roster_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."roster_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_to_employee_id_employees_id_fk" FOREIGN KEY ("to_employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_requests_employer_status_idx" ON "shift_requests" USING btree ("employer_id","status");--> statement-breakpoint
CREATE INDEX "shift_requests_shift_idx" ON "shift_requests" USING btree ("shift_id");