CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" jsonb NOT NULL,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"resource_type" text,
	"resource_name" text,
	"project" text,
	"changes" jsonb,
	CONSTRAINT "audit_log_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "config_revisions" (
	"scope" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"data" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"secret_hash" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_type_scope_name" ON "resources" USING btree ("type","scope","name");--> statement-breakpoint
CREATE INDEX "resources_scope_type" ON "resources" USING btree ("scope","type");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_secret_hash" ON "resources" USING btree ("secret_hash") WHERE "resources"."secret_hash" is not null;--> statement-breakpoint
CREATE INDEX "resources_search_text" ON "resources" USING gin ("search_text" gin_trgm_ops);