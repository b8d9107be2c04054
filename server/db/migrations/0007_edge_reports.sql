CREATE TABLE "edge_reports" (
	"node" text PRIMARY KEY NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report" jsonb NOT NULL
);
