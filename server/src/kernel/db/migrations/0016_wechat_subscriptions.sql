CREATE TABLE "wechat_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_kind" varchar(16) NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"template_id" varchar(128) NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wechat_subscriptions" ADD CONSTRAINT "wechat_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_subscriptions_order_idx" ON "wechat_subscriptions" USING btree ("order_kind","order_id","kind");