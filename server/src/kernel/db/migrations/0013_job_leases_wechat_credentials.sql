CREATE TABLE "wechat_credentials" (
	"kind" varchar(32) NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_credentials_kind_app_id_pk" PRIMARY KEY("kind","app_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" varchar(100);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "failed_at" timestamp with time zone;