CREATE TABLE "attendance_codes" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" varchar(16) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_codes_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "attendance_codes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "checkin_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"point_code" varchar(32) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"point_id" integer,
	"checked_in_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_day_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"activity_zh" text DEFAULT '' NOT NULL,
	"activity_en" text DEFAULT '' NOT NULL,
	"venue" jsonb,
	"contacts" jsonb NOT NULL,
	"travel_rules_title_zh" text DEFAULT '' NOT NULL,
	"travel_rules_title_en" text DEFAULT '' NOT NULL,
	"travel_rules_zh" text DEFAULT '' NOT NULL,
	"travel_rules_en" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"page_code" varchar(64) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"contact" varchar(254),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_assignments" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"table_no" varchar(16) NOT NULL,
	"seat_no" varchar(16) DEFAULT '' NOT NULL,
	"hall_zh" text DEFAULT '' NOT NULL,
	"hall_en" text DEFAULT '' NOT NULL,
	CONSTRAINT "seat_assignments_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_points" ADD CONSTRAINT "checkin_points_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_point_id_checkin_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."checkin_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_day_settings" ADD CONSTRAINT "event_day_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pages" ADD CONSTRAINT "event_pages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_points_event_code_uq" ON "checkin_points" USING btree ("event_id","point_code");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_event_user_uq" ON "checkins" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_pages_event_kind_code_uq" ON "event_pages" USING btree ("event_id","kind","page_code");--> statement-breakpoint
CREATE INDEX "feedbacks_event_idx" ON "feedbacks" USING btree ("event_id","created_at");