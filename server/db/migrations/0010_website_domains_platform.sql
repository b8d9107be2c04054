DROP INDEX "resources_website_domain";--> statement-breakpoint
CREATE INDEX "resources_website_domain_name" ON "resources" USING btree (("data"->>'domain_name')) WHERE "resources"."type" = 'websites';