CREATE TABLE "rate_counters" (
	"key" varchar(400) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
-- edited after drizzle-kit generate: it cannot name the old primary key (it says so) and put
-- the new one before the column it needs; the column first, then the key swap
ALTER TABLE "password_throttle" ALTER COLUMN "user_name_key" SET DATA TYPE varchar(256);--> statement-breakpoint
ALTER TABLE "password_throttle" ADD COLUMN "address" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_throttle" DROP CONSTRAINT "password_throttle_pkey";--> statement-breakpoint
ALTER TABLE "password_throttle" ADD CONSTRAINT "password_throttle_user_name_key_address_pk" PRIMARY KEY("user_name_key","address");--> statement-breakpoint
ALTER TABLE "password_throttle" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_throttle" ADD COLUMN "forget_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "login_codes" DROP COLUMN "last_sent_at";--> statement-breakpoint
ALTER TABLE "login_codes" DROP COLUMN "send_day";--> statement-breakpoint
ALTER TABLE "login_codes" DROP COLUMN "sends_today";