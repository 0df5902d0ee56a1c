-- Issue 20, EIS/SEIS relief: the certificates staff record for share issues to investors. A direct share issue is
-- a holding transaction (an allotment or a follow-on); a fund's is one of its company investments, for one
-- investor. A certificate is kept for good: a mistake is withdrawn (withdrawn_at, by, reason: set once, nothing
-- else changes) and a new one recorded; one certificate per share issue while not withdrawn, so "received or
-- awaited" has one answer.
CREATE TABLE "tax_relief_certificates" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "holding_transaction_id" bigint,
  "fund_company_transaction_id" bigint,
  "user_id" bigint NOT NULL,
  "scheme" text NOT NULL,
  "reference" text NOT NULL,
  "issued_on" date NOT NULL,
  "recorded_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "withdrawn_at" timestamp with time zone,
  "withdrawn_by" bigint,
  "withdrawal_reason" text,
  CONSTRAINT "tax_relief_certificates_holding_transaction_id_fkey" FOREIGN KEY ("holding_transaction_id") REFERENCES "holding_transactions"("id") ON DELETE restrict,
  CONSTRAINT "tax_relief_certificates_fund_company_transaction_id_fkey" FOREIGN KEY ("fund_company_transaction_id") REFERENCES "fund_company_transactions"("id") ON DELETE restrict,
  CONSTRAINT "tax_relief_certificates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "tax_relief_certificates_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "tax_relief_certificates_withdrawn_by_fkey" FOREIGN KEY ("withdrawn_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "tax_relief_certificates_scheme_known" CHECK ("scheme" in ('eis3', 'seis3', 'eis5')),
  -- a direct share issue, or a fund's company investment: exactly one
  CONSTRAINT "tax_relief_certificates_one_share_issue" CHECK (num_nonnulls("holding_transaction_id", "fund_company_transaction_id") = 1),
  -- a company certifies its own issue (EIS3, SEIS3); a fund's manager an EIS fund's (EIS5), a SEIS fund's company its SEIS3
  CONSTRAINT "tax_relief_certificates_scheme_by_source" CHECK (("holding_transaction_id" is not null and "scheme" in ('eis3', 'seis3')) or ("fund_company_transaction_id" is not null and "scheme" in ('eis5', 'seis3'))),
  CONSTRAINT "tax_relief_certificates_reference_length" CHECK (char_length(btrim("reference")) between 1 and 100),
  CONSTRAINT "tax_relief_certificates_withdrawal" CHECK (("withdrawn_at" is null and "withdrawal_reason" is null) or ("withdrawn_at" is not null and "withdrawal_reason" is not null and length(btrim("withdrawal_reason")) > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_relief_certificates_direct_current" ON "tax_relief_certificates" USING btree ("holding_transaction_id") WHERE "holding_transaction_id" is not null and "withdrawn_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_relief_certificates_fund_current" ON "tax_relief_certificates" USING btree ("fund_company_transaction_id", "user_id") WHERE "fund_company_transaction_id" is not null and "withdrawn_at" is null;
--> statement-breakpoint
CREATE INDEX "tax_relief_certificates_user_index" ON "tax_relief_certificates" USING btree ("user_id");
--> statement-breakpoint
-- A certificate covers a share issue: an allotment or a follow-on (its investor is the holding's, filled here), or
-- a fund's investment or follow-on in a company that is not a reversal; it is recorded not withdrawn.
CREATE FUNCTION "tax_relief_certificate_complete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  issue_user bigint;
  issue_kind text;
  issue_reverses bigint;
BEGIN
  IF NEW.withdrawn_at IS NOT NULL OR NEW.withdrawn_by IS NOT NULL OR NEW.withdrawal_reason IS NOT NULL THEN
    RAISE EXCEPTION 'a certificate is recorded, then withdrawn' USING ERRCODE = '23514', CONSTRAINT = 'tax_relief_certificates_recorded_current';
  END IF;
  IF NEW.holding_transaction_id IS NOT NULL THEN
    SELECT user_id, kind INTO issue_user, issue_kind FROM holding_transactions WHERE id = NEW.holding_transaction_id;
    IF issue_kind IS NULL OR issue_kind NOT IN ('allotment', 'follow_on') THEN
      RAISE EXCEPTION 'holding transaction % is not a share issue', NEW.holding_transaction_id USING ERRCODE = '23514', CONSTRAINT = 'tax_relief_certificates_share_issue';
    END IF;
    NEW.user_id := issue_user;
  ELSIF NEW.fund_company_transaction_id IS NOT NULL THEN
    SELECT kind, reverses_id INTO issue_kind, issue_reverses FROM fund_company_transactions WHERE id = NEW.fund_company_transaction_id;
    IF issue_kind IS NULL OR issue_kind NOT IN ('investment', 'follow_on') OR issue_reverses IS NOT NULL THEN
      RAISE EXCEPTION 'fund company transaction % is not a share issue', NEW.fund_company_transaction_id USING ERRCODE = '23514', CONSTRAINT = 'tax_relief_certificates_share_issue';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_relief_certificates_complete" BEFORE INSERT ON "tax_relief_certificates" FOR EACH ROW EXECUTE FUNCTION "tax_relief_certificate_complete"();
--> statement-breakpoint
-- Kept for good: no DELETE; no UPDATE but the one withdrawal (withdrawn_at, withdrawn_by and withdrawal_reason set
-- once, nothing else changed) and the database's own clearing of a deleted user.
CREATE FUNCTION "tax_relief_certificates_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL
      AND (to_jsonb(NEW) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawal_reason') = (to_jsonb(OLD) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawal_reason') THEN
      RETURN NEW;
    END IF;
    IF (to_jsonb(NEW) - 'recorded_by' - 'withdrawn_by') = (to_jsonb(OLD) - 'recorded_by' - 'withdrawn_by')
      AND (NEW.recorded_by IS NULL OR NEW.recorded_by = OLD.recorded_by)
      AND (NEW.withdrawn_by IS NULL OR NEW.withdrawn_by = OLD.withdrawn_by) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'tax relief certificates are kept: a mistake is withdrawn and a new certificate recorded' USING ERRCODE = 'P0001', CONSTRAINT = 'tax_relief_certificates_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_relief_certificates_append_only" BEFORE UPDATE OR DELETE ON "tax_relief_certificates" FOR EACH ROW EXECUTE FUNCTION "tax_relief_certificates_kept"();
