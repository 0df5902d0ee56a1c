-- Parallel adds could leave a question with repeated positions or more than ten options: number each question's options 0, 1, 2… in their order, then keep the first ten (attempts keep their own copy of the questions, so no history goes).
UPDATE "compliance_options" AS "option" SET "position" = "ranked"."position" FROM (SELECT "id", (row_number() OVER (PARTITION BY "question_id" ORDER BY "position", "id") - 1)::integer AS "position" FROM "compliance_options") AS "ranked" WHERE "option"."id" = "ranked"."id" AND "option"."position" <> "ranked"."position";--> statement-breakpoint
-- Each option over the cap is kept in the audit log, whole, before it goes: nothing acknowledged is lost without a trace.
INSERT INTO "audit_log" ("actor_id", "action", "subject_type", "subject_id", "before", "after") SELECT NULL, 'compliance_question.option_removed_over_cap', 'compliance_question', "question_id", to_jsonb("compliance_options".*), NULL FROM "compliance_options" WHERE "position" > 9;--> statement-breakpoint
DELETE FROM "compliance_options" WHERE "position" > 9;--> statement-breakpoint
DROP INDEX "compliance_options_question_index";--> statement-breakpoint
-- Deferrable (checked at the end of each statement, or at commit once deferred) so a whole list can be renumbered in one transaction.
ALTER TABLE "compliance_options" ADD CONSTRAINT "compliance_options_question_position_unique" UNIQUE("question_id","position") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "compliance_options" ADD CONSTRAINT "compliance_options_position_range" CHECK ("compliance_options"."position" between 0 and 9);
