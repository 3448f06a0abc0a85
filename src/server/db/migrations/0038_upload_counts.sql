CREATE TABLE "upload_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"uploads" integer NOT NULL
);
