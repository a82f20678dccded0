CREATE TABLE "payment_notifications" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"event_type" varchar(40) NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"summary" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_no" varchar(64) NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" varchar(80) NOT NULL,
	"status" varchar(16) NOT NULL,
	"wechat_refund_id" varchar(32),
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"trade_type" varchar(16),
	"amount_fen" integer NOT NULL,
	"description" varchar(127) NOT NULL,
	"status" varchar(16) NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"payer_openid" varchar(128),
	"prepay_id" varchar(64),
	"code_url" text,
	"h5_url" text,
	"transaction_id" varchar(32),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_policies" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"over_policy" varchar(8) NOT NULL,
	"train_seats" jsonb NOT NULL,
	"flight_cabin_classes" jsonb NOT NULL,
	"flight_max_discount_percent" integer,
	"flight_max_price_fen" integer,
	"payers" jsonb NOT NULL,
	"visible_products" jsonb NOT NULL,
	"range_cities" jsonb,
	"train_rules_profile" varchar(16) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "railway_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "railway_accounts_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "railway_sessions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account" varchar(50) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_grabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"train_code" varchar(24) NOT NULL,
	"train_no" varchar(8) NOT NULL,
	"date" varchar(10) NOT NULL,
	"from_code" varchar(3) NOT NULL,
	"to_code" varchar(3) NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"seat_types" jsonb NOT NULL,
	"passengers" jsonb NOT NULL,
	"passenger_names" jsonb NOT NULL,
	"contact_name" varchar(60) NOT NULL,
	"contact_mobile" varchar(11) NOT NULL,
	"over_policy_reason" varchar(200) DEFAULT '' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_order_passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"traveller_id" integer,
	"name" varchar(60) NOT NULL,
	"document_type" varchar(32) NOT NULL,
	"document_number" varchar(32) NOT NULL,
	"passenger_type" varchar(8) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"seat_choice" varchar(8),
	"ticket_price_fen" integer NOT NULL,
	"seat_index" integer NOT NULL,
	"carriage" varchar(4),
	"seat_no" varchar(8),
	"seat_position" varchar(8),
	"ticket_no" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "train_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"status" varchar(20) NOT NULL,
	"rules_profile" varchar(16) NOT NULL,
	"train_code" varchar(24) NOT NULL,
	"train_no" varchar(8) NOT NULL,
	"train_type" varchar(1) NOT NULL,
	"date" varchar(10) NOT NULL,
	"from_code" varchar(3) NOT NULL,
	"to_code" varchar(3) NOT NULL,
	"from_idx" integer NOT NULL,
	"to_idx" integer NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"seat_type" varchar(16) NOT NULL,
	"contact_name" varchar(60) NOT NULL,
	"contact_mobile" varchar(11) NOT NULL,
	"ticket_price_fen" integer NOT NULL,
	"ticket_fee_fen" integer NOT NULL,
	"service_charge_fen" integer NOT NULL,
	"total_fen" integer NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"payer" varchar(8),
	"paid_at" timestamp with time zone,
	"ticketing_due_at" timestamp with time zone,
	"pickup_no" varchar(16),
	"over_policy" jsonb,
	"failure_msg_id" varchar(16) DEFAULT '' NOT NULL,
	"refund_state" varchar(10),
	"refund_fen" integer,
	"grab_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "train_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "train_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"train_code" varchar(24) NOT NULL,
	"date" varchar(10) NOT NULL,
	"seat_type" varchar(16) NOT NULL,
	"capacity" integer NOT NULL,
	"others_sold" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_seat_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"seat_index" integer NOT NULL,
	"from_idx" integer NOT NULL,
	"to_idx" integer NOT NULL,
	"order_id" integer NOT NULL,
	"active" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"document_type" varchar(32) NOT NULL,
	"document_number" varchar(32) NOT NULL,
	"passenger_type" varchar(8) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"audit_status" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"level" varchar(8) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"city_codes" jsonb NOT NULL,
	"valid_from" varchar(10) NOT NULL,
	"valid_to" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"status" varchar(24) NOT NULL,
	"flight" jsonb NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"cabin_code" varchar(2) NOT NULL,
	"cabin_class" varchar(20) NOT NULL,
	"pnr" varchar(16) NOT NULL,
	"contact_name" varchar(60) NOT NULL,
	"contact_mobile" varchar(20) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"remark" varchar(200) NOT NULL,
	"price" jsonb NOT NULL,
	"total_fen" integer NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_by" varchar(16),
	"paid_at" timestamp with time zone,
	"policy" jsonb NOT NULL,
	"over_policy_reason" varchar(200) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"passenger_type" varchar(8) NOT NULL,
	"document_type" varchar(32) NOT NULL,
	"document_number" varchar(32) NOT NULL,
	"sex" varchar(16) NOT NULL,
	"birth_date" varchar(10) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"insurance" boolean NOT NULL,
	"contact_key" varchar(40) NOT NULL,
	"fare" jsonb NOT NULL,
	"ticket_no" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_sandbox_bookings" (
	"pnr" varchar(16) PRIMARY KEY NOT NULL,
	"client_ref" varchar(120) NOT NULL,
	"flight_key" varchar(40) NOT NULL,
	"cabin_code" varchar(2) NOT NULL,
	"seats" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"outcome" varchar(8),
	"issue_due_at" timestamp with time zone,
	"ticket_nos" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_sandbox_seats" (
	"flight_key" varchar(40) NOT NULL,
	"cabin_code" varchar(2) NOT NULL,
	"sold" integer NOT NULL,
	CONSTRAINT "air_sandbox_seats_flight_key_cabin_code_pk" PRIMARY KEY("flight_key","cabin_code")
);
--> statement-breakpoint
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
CREATE TABLE "signup_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attendee_id" integer NOT NULL,
	"contact_code" varchar(32) NOT NULL,
	"contact_type" varchar(32) NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signup_contacts_attendee_id_unique" UNIQUE("attendee_id"),
	CONSTRAINT "signup_contacts_contact_code_unique" UNIQUE("contact_code")
);
--> statement-breakpoint
CREATE TABLE "signup_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"follower_type" varchar(32) NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_code" varchar(40) NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"draft_id" varchar(64),
	"field" varchar(16) NOT NULL,
	"name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_order_events" ADD CONSTRAINT "train_order_events_order_id_train_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."train_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD CONSTRAINT "train_order_passengers_order_id_train_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."train_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD CONSTRAINT "train_seat_holds_run_id_train_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."train_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_order_events" ADD CONSTRAINT "air_order_events_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD CONSTRAINT "air_passengers_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "registration_forms" ADD CONSTRAINT "registration_forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_sub_event_id_sub_events_id_fk" FOREIGN KEY ("sub_event_id") REFERENCES "public"."sub_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_event_signups" ADD CONSTRAINT "sub_event_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_events" ADD CONSTRAINT "sub_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_contacts" ADD CONSTRAINT "signup_contacts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_contacts" ADD CONSTRAINT "signup_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_contacts" ADD CONSTRAINT "signup_contacts_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_followers" ADD CONSTRAINT "signup_followers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_followers" ADD CONSTRAINT "signup_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_followers" ADD CONSTRAINT "signup_followers_contact_id_signup_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."signup_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_no_uq" ON "payment_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_no_uq" ON "payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_counted_uq" ON "payments" USING btree ("kind","order_id") WHERE "payments"."counted";--> statement-breakpoint
CREATE INDEX "train_grabs_owner_idx" ON "train_grabs" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "train_grabs_train_idx" ON "train_grabs" USING btree ("train_code","date","status");--> statement-breakpoint
CREATE INDEX "train_order_events_order_idx" ON "train_order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_order_passengers_order_idx" ON "train_order_passengers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_orders_owner_idx" ON "train_orders" USING btree ("user_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "train_orders_status_idx" ON "train_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "train_runs_uq" ON "train_runs" USING btree ("train_code","date","seat_type");--> statement-breakpoint
CREATE INDEX "train_seat_holds_run_idx" ON "train_seat_holds" USING btree ("run_id","active");--> statement-breakpoint
CREATE INDEX "train_seat_holds_order_idx" ON "train_seat_holds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_travellers_doc_uq" ON "train_travellers" USING btree ("user_id","event_id","document_type","document_number");--> statement-breakpoint
CREATE INDEX "air_notices_event_idx" ON "air_notices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "air_order_events_order_idx" ON "air_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_orders_code_uq" ON "air_orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "air_orders_owner_idx" ON "air_orders" USING btree ("user_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "air_passengers_order_idx" ON "air_passengers" USING btree ("order_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "air_sandbox_bookings_ref_uq" ON "air_sandbox_bookings" USING btree ("client_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_points_event_code_uq" ON "checkin_points" USING btree ("event_id","point_code");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_event_user_uq" ON "checkins" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_pages_event_kind_code_uq" ON "event_pages" USING btree ("event_id","kind","page_code");--> statement-breakpoint
CREATE INDEX "feedbacks_event_idx" ON "feedbacks" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_event_signups_sub_attendee_uq" ON "sub_event_signups" USING btree ("sub_event_id","attendee_id");--> statement-breakpoint
CREATE INDEX "sub_event_signups_attendee_idx" ON "sub_event_signups" USING btree ("attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_events_event_code_uq" ON "sub_events" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "sub_events_event_start_idx" ON "sub_events" USING btree ("event_id","start_time");--> statement-breakpoint
CREATE INDEX "signup_contacts_event_user_idx" ON "signup_contacts" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "signup_followers_contact_idx" ON "signup_followers" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_code_uq" ON "stored_files" USING btree ("file_code");--> statement-breakpoint
CREATE INDEX "stored_files_draft_idx" ON "stored_files" USING btree ("draft_id");