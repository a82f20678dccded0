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
ALTER TABLE "train_order_events" ADD CONSTRAINT "train_order_events_order_id_train_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."train_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD CONSTRAINT "train_order_passengers_order_id_train_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."train_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD CONSTRAINT "train_seat_holds_run_id_train_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."train_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_grabs_owner_idx" ON "train_grabs" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "train_grabs_train_idx" ON "train_grabs" USING btree ("train_code","date","status");--> statement-breakpoint
CREATE INDEX "train_order_events_order_idx" ON "train_order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_order_passengers_order_idx" ON "train_order_passengers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_orders_owner_idx" ON "train_orders" USING btree ("user_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "train_orders_status_idx" ON "train_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "train_runs_uq" ON "train_runs" USING btree ("train_code","date","seat_type");--> statement-breakpoint
CREATE INDEX "train_seat_holds_run_idx" ON "train_seat_holds" USING btree ("run_id","active");--> statement-breakpoint
CREATE INDEX "train_seat_holds_order_idx" ON "train_seat_holds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_travellers_doc_uq" ON "train_travellers" USING btree ("user_id","event_id","document_type","document_number");