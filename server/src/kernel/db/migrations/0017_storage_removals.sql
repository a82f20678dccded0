CREATE TABLE "storage_removals" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
