-- Issue 20, fund update reports: a report may be about a fund (its investors read it as they read an
-- update about a holding). A report has at most one subject: an opportunity, a fund, or none (general news).
ALTER TABLE "update_reports" ADD COLUMN "fund_id" bigint REFERENCES "funds"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_one_subject" CHECK ("opportunity_id" is null or "fund_id" is null);
--> statement-breakpoint
CREATE INDEX "update_reports_fund_index" ON "update_reports" USING btree ("fund_id", "published_at" DESC);
