ALTER TABLE "signup_contacts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signup_contacts" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;
