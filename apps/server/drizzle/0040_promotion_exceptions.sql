-- Issue 21, the last switches: financial promotion exemptions and the default investor associates.
--
-- A promotion exemption is what staff record per investor under the Financial Promotion Order (a certified high
-- net worth individual, art. 48; a certified or self-certified sophisticated investor, arts. 50 and 50A; a high
-- net worth company or association, art. 49; an investment professional, art. 19; or another ground, described),
-- with its evidence (a reference and/or one of the investor's documents), the London dates it runs from and
-- expires on (valid while effective_on <= today < expires_on; no expiry for some types), who recorded it and when.
-- It is kept for good: a mistake or a lapsed ground is withdrawn (withdrawn_at, by, reason: set once, nothing else
-- changes); no DELETE.
CREATE TABLE "promotion_exceptions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" bigint NOT NULL,
  "type" text NOT NULL,
  "description" text,
  "evidence_reference" text,
  "document_id" bigint,
  "effective_on" date NOT NULL,
  "expires_on" date,
  "recorded_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "withdrawn_at" timestamp with time zone,
  "withdrawn_by" bigint,
  "withdrawal_reason" text,
  CONSTRAINT "promotion_exceptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "promotion_exceptions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE set null,
  CONSTRAINT "promotion_exceptions_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "promotion_exceptions_withdrawn_by_fkey" FOREIGN KEY ("withdrawn_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "promotion_exceptions_type_known" CHECK ("type" in ('certified_high_net_worth', 'certified_sophisticated', 'self_certified_sophisticated', 'high_net_worth_company', 'investment_professional', 'other')),
  CONSTRAINT "promotion_exceptions_other_described" CHECK ("type" <> 'other' or length(btrim(coalesce("description", ''))) > 0),
  CONSTRAINT "promotion_exceptions_dates" CHECK ("expires_on" is null or "expires_on" > "effective_on"),
  CONSTRAINT "promotion_exceptions_withdrawal" CHECK (("withdrawn_at" is null and "withdrawal_reason" is null) or ("withdrawn_at" is not null and "withdrawal_reason" is not null and length(btrim("withdrawal_reason")) > 0))
);
--> statement-breakpoint
CREATE INDEX "promotion_exceptions_user_index" ON "promotion_exceptions" USING btree ("user_id", "effective_on");
--> statement-breakpoint
-- Kept for good: no DELETE; no UPDATE but the one withdrawal (withdrawn_at, withdrawn_by and withdrawal_reason set
-- once, nothing else changed) and the database's own clearing of a deleted user or document.
CREATE FUNCTION "promotion_exceptions_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL
      AND (to_jsonb(NEW) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawal_reason') = (to_jsonb(OLD) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawal_reason') THEN
      RETURN NEW;
    END IF;
    IF (to_jsonb(NEW) - 'recorded_by' - 'withdrawn_by' - 'document_id') = (to_jsonb(OLD) - 'recorded_by' - 'withdrawn_by' - 'document_id')
      AND (NEW.recorded_by IS NULL OR NEW.recorded_by = OLD.recorded_by)
      AND (NEW.withdrawn_by IS NULL OR NEW.withdrawn_by = OLD.withdrawn_by)
      AND (NEW.document_id IS NULL OR NEW.document_id = OLD.document_id) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'promotion exemptions are kept: one is withdrawn, with a reason, and a new one recorded' USING ERRCODE = 'P0001', CONSTRAINT = 'promotion_exceptions_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "promotion_exceptions_append_only" BEFORE UPDATE OR DELETE ON "promotion_exceptions" FOR EACH ROW EXECUTE FUNCTION "promotion_exceptions_kept"();
--> statement-breakpoint
-- The default associates (default_investor_associates): the adviser and the organisation a new investor is linked to
-- while the feature is on. One row.
CREATE TABLE "default_investor_associates" (
  "id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
  "adviser_id" bigint,
  "organisation_id" bigint,
  "updated_by" bigint,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "default_investor_associates_adviser_id_fkey" FOREIGN KEY ("adviser_id") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "default_investor_associates_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE set null,
  CONSTRAINT "default_investor_associates_updated_by_fkey" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "default_investor_associates_one_row" CHECK ("id" = 1)
);
