CREATE TABLE "payment_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"expected_fen" integer NOT NULL,
	"received_fen" integer NOT NULL,
	"transaction_id" varchar(32),
	"notification_id" varchar(64),
	"raised_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_fen" integer;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_payment_kind_uq" ON "payment_alerts" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("raised_at") WHERE "payment_alerts"."resolved_at" is null;--> statement-breakpoint
-- hand-written: payments paid before paid_fen existed took exactly their amount
UPDATE "payments" SET "paid_fen" = "amount_fen" WHERE "status" = 'paid' AND "paid_fen" IS NULL;
