-- Issue 18, identity documents collected once: a sign-up document may be the identity check's file of one type (the identity document, or the proof of address).
ALTER TABLE "onboarding_requirements" ADD COLUMN "identity_evidence" text;--> statement-breakpoint
ALTER TABLE "onboarding_requirements" ADD CONSTRAINT "onboarding_requirements_identity_evidence_kind" CHECK ("onboarding_requirements"."identity_evidence" IS NULL OR ("onboarding_requirements"."identity_evidence" IN ('identity_document', 'proof_of_address') AND "onboarding_requirements"."kind" = 'upload'));--> statement-breakpoint
-- One active requirement per type of evidence: the check's file satisfies exactly one item of the checklist.
CREATE UNIQUE INDEX "onboarding_requirements_one_per_evidence" ON "onboarding_requirements" USING btree ("identity_evidence") WHERE "onboarding_requirements"."identity_evidence" IS NOT NULL AND "onboarding_requirements"."active";--> statement-breakpoint
-- Existing requirements named for the evidence the identity check collects are matched to it (the first active one of each type).
UPDATE "onboarding_requirements" SET "identity_evidence" = 'identity_document' WHERE "id" = (SELECT "id" FROM "onboarding_requirements" WHERE "active" AND "kind" = 'upload' AND "name" ~* '(proof of identity|identity document|passport|driving licen[cs]e|photo id)' ORDER BY "position", "id" LIMIT 1);--> statement-breakpoint
UPDATE "onboarding_requirements" SET "identity_evidence" = 'proof_of_address' WHERE "id" = (SELECT "id" FROM "onboarding_requirements" WHERE "active" AND "kind" = 'upload' AND "identity_evidence" IS NULL AND "name" ~* 'proof of address' ORDER BY "position", "id" LIMIT 1);--> statement-breakpoint
-- A submission made from an identity check's file: its review is the check's.
ALTER TABLE "onboarding_documents" ADD COLUMN "screening_check_id" integer;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_screening_check_id_screening_checks_id_fk" FOREIGN KEY ("screening_check_id") REFERENCES "public"."screening_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_documents_screening_check_index" ON "onboarding_documents" USING btree ("screening_check_id");--> statement-breakpoint
-- The one review state: a submission made from a check's file always has the status the check's decision gives it.
CREATE FUNCTION "onboarding_status_of_check"(check_status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT CASE check_status WHEN 'passed' THEN 'approved' WHEN 'failed' THEN 'rejected' ELSE 'pending' END $$;--> statement-breakpoint
CREATE FUNCTION "onboarding_documents_follow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decided text;
BEGIN
  IF NEW."screening_check_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT "onboarding_status_of_check"("status") INTO decided FROM "screening_checks" WHERE "id" = NEW."screening_check_id";
  IF decided IS NOT NULL AND NEW."status" <> decided THEN
    RAISE EXCEPTION 'onboarding document % is reviewed with identity check % (%), not on its own', NEW."id", NEW."screening_check_id", decided
      USING ERRCODE = 'check_violation', CONSTRAINT = 'onboarding_documents_follow_screening_check';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "onboarding_documents_follow_check" BEFORE INSERT OR UPDATE ON "onboarding_documents" FOR EACH ROW EXECUTE FUNCTION "onboarding_documents_follow_check"();--> statement-breakpoint
-- A decision on the check (by staff, or a provider's later result) is the decision on its sign-up documents, in the same statement.
CREATE FUNCTION "screening_check_decides_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "onboarding_documents" SET
    "status" = "onboarding_status_of_check"(NEW."status"),
    "reason" = CASE WHEN NEW."status" = 'failed' THEN NEW."reason" ELSE NULL END,
    "reviewed_by" = CASE WHEN NEW."status" IN ('passed', 'failed') THEN NEW."decided_by" ELSE NULL END,
    "reviewed_at" = CASE WHEN NEW."status" IN ('passed', 'failed') THEN NEW."decided_at" ELSE NULL END,
    "updated_at" = now()
  WHERE "screening_check_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "screening_check_decides_documents" AFTER UPDATE OF "status", "reason", "decided_by", "decided_at" ON "screening_checks" FOR EACH ROW EXECUTE FUNCTION "screening_check_decides_documents"();
