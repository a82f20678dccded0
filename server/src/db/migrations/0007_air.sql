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
ALTER TABLE "air_order_events" ADD CONSTRAINT "air_order_events_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD CONSTRAINT "air_passengers_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "air_notices_event_idx" ON "air_notices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "air_order_events_order_idx" ON "air_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_orders_code_uq" ON "air_orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "air_orders_owner_idx" ON "air_orders" USING btree ("user_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "air_passengers_order_idx" ON "air_passengers" USING btree ("order_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "air_sandbox_bookings_ref_uq" ON "air_sandbox_bookings" USING btree ("client_ref");