CREATE TABLE "message_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer,
	"user_id" integer,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"kind" varchar(64) NOT NULL,
	"lang" varchar(2),
	"state" varchar(8) NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"notice_id" integer,
	"key" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "notice_recipients" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	CONSTRAINT "notice_recipients_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"template_zh" text NOT NULL,
	"template_en" text NOT NULL,
	"filter" jsonb NOT NULL,
	"queued" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_log" ADD CONSTRAINT "message_log_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_log" ADD CONSTRAINT "message_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_log_key_uq" ON "message_log" USING btree ("key");--> statement-breakpoint
CREATE INDEX "message_log_event_idx" ON "message_log" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "notice_recipients_job_idx" ON "notice_recipients" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_key_uq" ON "notices" USING btree ("event_id","idempotency_key");