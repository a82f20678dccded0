CREATE TABLE "wechatpay_sandbox_records" (
	"key" varchar(96) PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL
);
