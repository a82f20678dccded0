CREATE TABLE "desk_scans" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"answer" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_scans" ADD CONSTRAINT "desk_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_scans" ADD CONSTRAINT "desk_scans_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_scans_event_idx" ON "desk_scans" USING btree ("event_id","received_at");