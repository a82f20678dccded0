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
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_recipients_job_idx" ON "notice_recipients" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_key_uq" ON "notices" USING btree ("event_id","idempotency_key");