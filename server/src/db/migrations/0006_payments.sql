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
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_no_uq" ON "payment_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_no_uq" ON "payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_counted_uq" ON "payments" USING btree ("kind","order_id") WHERE "payments"."counted";