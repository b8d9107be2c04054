DROP INDEX "resources_search_text";--> statement-breakpoint
DROP INDEX "resources_name_prefix";