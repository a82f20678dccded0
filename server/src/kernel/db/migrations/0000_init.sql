CREATE TABLE "attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_type" varchar(32) DEFAULT 'attendee' NOT NULL,
	"status" varchar(16) NOT NULL,
	"visiting_code" varchar(64),
	"room_number" varchar(32),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_code" varchar(64) NOT NULL,
	"event_hash_code" varchar(64) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"venue_zh" text DEFAULT '' NOT NULL,
	"venue_en" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"login_modes" jsonb NOT NULL,
	"login_extra_fields" jsonb NOT NULL,
	"permission_type" integer DEFAULT 1 NOT NULL,
	"some_user_types" jsonb NOT NULL,
	"share_title" text DEFAULT '' NOT NULL,
	"share_sub_title" text DEFAULT '' NOT NULL,
	"share_pic" text DEFAULT '' NOT NULL,
	"theme_color" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "events_event_code_unique" UNIQUE("event_code"),
	CONSTRAINT "events_event_hash_code_unique" UNIQUE("event_hash_code")
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"destination" varchar(300) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64),
	"event_code" varchar(64),
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"send_day" varchar(10),
	"sends_today" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"type" varchar(200) NOT NULL,
	"view_way" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_throttle" (
	"user_name_key" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"mobile" varchar(20),
	"email" varchar(254),
	"user_name" varchar(64),
	"password_hash" text,
	"id_number" varchar(32),
	"company" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_user_code_unique" UNIQUE("user_code"),
	CONSTRAINT "users_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_event_user_uq" ON "attendees" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "page_views_event_idx" ON "page_views" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_uq" ON "users" USING btree (lower("user_name"));