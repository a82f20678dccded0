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
ALTER TABLE "message_log" ADD CONSTRAINT "message_log_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_log" ADD CONSTRAINT "message_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_log_key_uq" ON "message_log" USING btree ("key");--> statement-breakpoint
CREATE INDEX "message_log_event_idx" ON "message_log" USING btree ("event_id","id");