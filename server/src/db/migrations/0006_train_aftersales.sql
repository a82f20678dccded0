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
ALTER TABLE "train_order_passengers" ADD COLUMN "ticket_state" varchar(12) DEFAULT 'unissued' NOT NULL;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD COLUMN "change_id" integer;--> statement-breakpoint
ALTER TABLE "train_order_passengers" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "train_orders" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD COLUMN "passenger_id" integer;--> statement-breakpoint
ALTER TABLE "train_seat_holds" ADD COLUMN "change_id" integer;--> statement-breakpoint
CREATE INDEX "train_changes_order_idx" ON "train_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "train_refunds_order_idx" ON "train_refunds" USING btree ("order_id");