CREATE TABLE "cms_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"webpage_id" integer NOT NULL,
	"article_code" varchar(64) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_atlas_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"atlas_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption_zh" text DEFAULT '' NOT NULL,
	"caption_en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_atlases" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"webpage_id" integer NOT NULL,
	"atlas_code" varchar(64) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_webpage_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"webpage_id" integer NOT NULL,
	"page_code" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"style" varchar(16) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"permission_type" integer,
	"some_user_types" jsonb NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_webpages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cms_webpages_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "webpage_module_langs" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"lang" varchar(2) NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webpage_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"module_code" varchar(64) NOT NULL,
	"sort" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color" varchar(7) DEFAULT '#2563eb' NOT NULL,
	"target" varchar(2000) DEFAULT '' NOT NULL,
	"embeddable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_webpage_id_cms_webpages_id_fk" FOREIGN KEY ("webpage_id") REFERENCES "public"."cms_webpages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_atlas_photos" ADD CONSTRAINT "cms_atlas_photos_atlas_id_cms_atlases_id_fk" FOREIGN KEY ("atlas_id") REFERENCES "public"."cms_atlases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_atlases" ADD CONSTRAINT "cms_atlases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_atlases" ADD CONSTRAINT "cms_atlases_webpage_id_cms_webpages_id_fk" FOREIGN KEY ("webpage_id") REFERENCES "public"."cms_webpages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_webpage_pages" ADD CONSTRAINT "cms_webpage_pages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_webpage_pages" ADD CONSTRAINT "cms_webpage_pages_webpage_id_cms_webpages_id_fk" FOREIGN KEY ("webpage_id") REFERENCES "public"."cms_webpages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_webpages" ADD CONSTRAINT "cms_webpages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webpage_module_langs" ADD CONSTRAINT "webpage_module_langs_module_id_webpage_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."webpage_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webpage_modules" ADD CONSTRAINT "webpage_modules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webpage_modules" ADD CONSTRAINT "webpage_modules_page_id_cms_webpage_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."cms_webpage_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_articles_event_code_uq" ON "cms_articles" USING btree ("event_id","article_code");--> statement-breakpoint
CREATE INDEX "cms_atlas_photos_atlas_idx" ON "cms_atlas_photos" USING btree ("atlas_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_atlases_event_code_uq" ON "cms_atlases" USING btree ("event_id","atlas_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_webpage_pages_event_code_uq" ON "cms_webpage_pages" USING btree ("event_id","page_code");--> statement-breakpoint
CREATE INDEX "cms_webpage_pages_webpage_idx" ON "cms_webpage_pages" USING btree ("webpage_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "webpage_module_langs_module_lang_uq" ON "webpage_module_langs" USING btree ("module_id","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "webpage_modules_page_code_uq" ON "webpage_modules" USING btree ("page_id","module_code");