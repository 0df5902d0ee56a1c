-- Concurrent requests could leave several defaults: keep the earliest, unset the others.
UPDATE "lead_statuses" SET "is_default" = false WHERE "is_default" AND "id" <> (SELECT "id" FROM "lead_statuses" WHERE "is_default" ORDER BY "created_at", "id" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_statuses_one_default" ON "lead_statuses" USING btree ("is_default") WHERE "lead_statuses"."is_default";
