ALTER TABLE "chat_members" DROP CONSTRAINT "chat_members_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_members" DROP CONSTRAINT "chat_members_employer_id_employers_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "chat_members_user_idx";--> statement-breakpoint
DROP INDEX "messages_client_id_uq";--> statement-breakpoint
ALTER TABLE "chat_members" DROP CONSTRAINT "chat_members_chat_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "chat_members" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "chat_members" DROP COLUMN "employer_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "sender_user_id";--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea"
);
--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "member_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "member_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "employee_id" integer;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "direct_employee_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_id_member_type_member_id_pk" PRIMARY KEY("chat_id","member_type","member_id");--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_direct_employee_id_employees_id_fk" FOREIGN KEY ("direct_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_members_member_idx" ON "chat_members" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_direct_uq" ON "chats" USING btree ("employer_id","direct_employee_id") WHERE "chats"."direct_employee_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_resend_uq" ON "messages" USING btree ("chat_id","sender_type","sender_id","client_message_id");--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_member_check" CHECK (("chat_members"."member_type" = 'worker' and "chat_members"."employee_id" = "chat_members"."member_id") or ("chat_members"."member_type" = 'employer' and "chat_members"."employee_id" is null));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_type_check" CHECK ("messages"."sender_type" in ('employer', 'worker'));