CREATE TABLE "cache_generations" (
	"group" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
