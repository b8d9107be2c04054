CREATE TABLE "edge_traffic" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"project" text NOT NULL,
	"host" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sampled" integer DEFAULT 0 NOT NULL,
	"line" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "edge_traffic_project_id" ON "edge_traffic" USING btree ("project","id");--> statement-breakpoint
CREATE INDEX "edge_traffic_received_at" ON "edge_traffic" USING btree ("received_at");