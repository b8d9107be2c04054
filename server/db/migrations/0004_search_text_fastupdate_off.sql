DROP INDEX "resources_search_text";--> statement-breakpoint
CREATE INDEX "resources_search_text" ON "resources" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);