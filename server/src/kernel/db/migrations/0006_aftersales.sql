CREATE TABLE "train_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"change_type" varchar(12) NOT NULL,
	"cause" varchar(16) NOT NULL,
	"cause_text" varchar(200) NOT NULL,
	"from_route" jsonb NOT NULL,
	"to_route" jsonb NOT NULL,
	"run_id" integer NOT NULL,
	"tickets" jsonb NOT NULL,
	"old_fare_fen" integer NOT NULL,
	"new_fare_fen" integer NOT NULL,
	"change_fee_fen" integer NOT NULL,
	"difference_fen" integer NOT NULL,
	"payer" varchar(8) NOT NULL,
	"pay_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"surplus_state" varchar(10),
	"failure_msg_id" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"refund_type" varchar(12) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"reason_text" varchar(200) NOT NULL,
	"route" jsonb NOT NULL,
	"tickets" jsonb NOT NULL,
	"commission_fen" integer NOT NULL,
	"estimated_refund_fen" integer NOT NULL,
	"payer" varchar(8) NOT NULL,
	"money" varchar(10) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"failure_msg_id" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "air_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"change_no" varchar(32) NOT NULL,
	"state" varchar(12) NOT NULL,
	"type" varchar(12) NOT NULL,
	"cause" varchar(20) NOT NULL,
	"cause_text" varchar(200) NOT NULL,
	"new_flight" jsonb NOT NULL,
	"new_cabin_code" varchar(2) NOT NULL,
	"new_cabin_class" varchar(20) NOT NULL,
	"new_pnr" varchar(16) NOT NULL,
	"lines" jsonb NOT NULL,
	"new_fares" jsonb NOT NULL,
	"fee_fen" integer NOT NULL,
	"fare_diff_fen" integer NOT NULL,
	"due_fen" integer NOT NULL,
	"pay_deadline" timestamp with time zone,
	"paid_by" varchar(16),
	"prior_status" varchar(24) NOT NULL,
	"airline_ref" varchar(64) DEFAULT '' NOT NULL,
	"reject_msg_id" varchar(16) DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "air_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"state" varchar(12) NOT NULL,
	"type" varchar(12) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"reason_text" varchar(200) NOT NULL,
	"lines" jsonb NOT NULL,
	"fee_fen" integer NOT NULL,
	"refund_fen" integer NOT NULL,
	"refund_to" varchar(16) NOT NULL,
	"prior_status" varchar(24) NOT NULL,
	"airline_ref" varchar(64) NOT NULL,
	"reject_msg_id" varchar(16) DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "air_sandbox_after_sales" (
	"ref" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"release" jsonb NOT NULL,
	"new_pnr" varchar(16),
	"tickets" integer NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"reject_reason" varchar(16),
	"due_at" timestamp with time zone NOT NULL,
	"state" varchar(12) NOT NULL,
	"ticket_nos" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD COLUMN "ticket_state" varchar(12) DEFAULT 'unissued' NOT NULL;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD COLUMN "change_id" integer;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "train_orders" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD COLUMN "passenger_id" integer;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD COLUMN "change_id" integer;--> statement-breakpoint
ALTER TABLE "air_orders" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "ticket_status" varchar(12) DEFAULT 'notIssued' NOT NULL;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "segment" jsonb;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "segment_cabin" varchar(2);--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "segment_pnr" varchar(16);--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "segment_fare" jsonb;--> statement-breakpoint
ALTER TABLE "air_passengers" ADD COLUMN "change_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "air_changes" ADD CONSTRAINT "air_changes_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_refunds" ADD CONSTRAINT "air_refunds_order_id_air_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."air_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_changes_order_idx" ON "train_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_refunds_order_idx" ON "train_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_changes_no_uq" ON "air_changes" USING btree ("change_no");--> statement-breakpoint
CREATE INDEX "air_changes_order_idx" ON "air_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_refunds_no_uq" ON "air_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "air_refunds_order_idx" ON "air_refunds" USING btree ("order_id");