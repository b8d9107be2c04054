CREATE TABLE "edge_stats" (
	"period" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"project" text NOT NULL,
	"website" text NOT NULL,
	"node" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"hits" bigint NOT NULL,
	"misses" bigint NOT NULL,
	"passes" bigint NOT NULL,
	"status_2xx" bigint NOT NULL,
	"status_3xx" bigint NOT NULL,
	"status_4xx" bigint NOT NULL,
	"status_5xx" bigint NOT NULL,
	"rate_limited" bigint NOT NULL,
	"origin_ms" double precision NOT NULL,
	CONSTRAINT "edge_stats_period_project_at_website_node_pk" PRIMARY KEY("period","project","at","website","node")
);
--> statement-breakpoint
CREATE TABLE "edge_stats_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edge_stats_latency" (
	"period" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"project" text NOT NULL,
	"website" text NOT NULL,
	"node" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "edge_stats_latency_period_project_at_website_node_bucket_pk" PRIMARY KEY("period","project","at","website","node","bucket")
);
--> statement-breakpoint
CREATE INDEX "edge_stats_at" ON "edge_stats" USING btree ("period","at");--> statement-breakpoint
CREATE INDEX "edge_stats_batches_received_at" ON "edge_stats_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "edge_stats_latency_at" ON "edge_stats_latency" USING btree ("period","at");