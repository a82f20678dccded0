CREATE TABLE "registration_forms" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"max_activities" integer,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_event_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sub_event_id" integer NOT NULL,
	"attendee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"track_zh" text DEFAULT '' NOT NULL,
	"track_en" text DEFAULT '' NOT NULL,
	"venue_zh" text DEFAULT '' NOT NULL,
	"venue_en" text DEFAULT '' NOT NULL,
	"speaker_zh" text DEFAULT '' NOT NULL,
	"speaker_en" text DEFAULT '' NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"signup_open" boolean DEFAULT false NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_forms" ADD CONSTRAINT "registration_forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_sub_event_id_sub_events_id_fk" FOREIGN KEY ("sub_event_id") REFERENCES "public"."sub_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_events" ADD CONSTRAINT "sub_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_event_signups_sub_attendee_uq" ON "sub_event_signups" USING btree ("sub_event_id","attendee_id");--> statement-breakpoint
CREATE INDEX "sub_event_signups_attendee_idx" ON "sub_event_signups" USING btree ("attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_events_event_code_uq" ON "sub_events" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "sub_events_event_start_idx" ON "sub_events" USING btree ("event_id","start_time");