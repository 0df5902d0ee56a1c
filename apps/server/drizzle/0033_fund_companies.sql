-- Issue 20, fund-investment companies: the fund's portfolio companies, each with its key information, an
-- append-only list of transactions (money in, valuations, money out; a mistake is reversed once by a new row)
-- and an append-only history of maturity statuses (the current status is the latest).
CREATE TABLE "fund_companies" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "fund_id" bigint NOT NULL,
  "name" text NOT NULL,
  "company_number" text,
  "industry_id" bigint,
  "country" text,
  "website" text,
  "description" text,
  "share_class" text,
  "first_investment_on" date,
  "board_seat" boolean DEFAULT false NOT NULL,
  "lead_investor" text,
  "ownership_percent" numeric(7, 4),
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fund_companies_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict,
  CONSTRAINT "fund_companies_industry_id_fkey" FOREIGN KEY ("industry_id") REFERENCES "industries"("id") ON DELETE restrict,
  CONSTRAINT "fund_companies_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_companies_name_length" CHECK (char_length(btrim("name")) between 1 and 200),
  CONSTRAINT "fund_companies_country_code" CHECK ("country" is null or "country" ~ '^[A-Z]{2}$'),
  CONSTRAINT "fund_companies_ownership_range" CHECK ("ownership_percent" is null or "ownership_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX "fund_companies_fund_index" ON "fund_companies" USING btree ("fund_id", "name", "id");
--> statement-breakpoint
CREATE INDEX "fund_companies_name_index" ON "fund_companies" USING btree ("name", "id");
--> statement-breakpoint
CREATE TABLE "fund_company_transactions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "company_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "effective_on" date NOT NULL,
  "amount" numeric(14, 2),
  "shares" numeric(20, 6),
  "valuation" numeric(14, 2),
  "note" text,
  "reverses_id" bigint,
  "reason" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fund_company_transactions_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "fund_companies"("id") ON DELETE restrict,
  CONSTRAINT "fund_company_transactions_reverses_id_fkey" FOREIGN KEY ("reverses_id") REFERENCES "fund_company_transactions"("id") ON DELETE restrict,
  CONSTRAINT "fund_company_transactions_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_company_transactions_kind_known" CHECK ("kind" in ('investment', 'follow_on', 'valuation', 'partial_exit', 'exit', 'write_off', 'dividend')),
  -- an original: money kinds carry a positive amount, a valuation the holding's value (no amount), a write-off
  -- optionally the amount written off; a reversal negates its original and gives a reason
  CONSTRAINT "fund_company_transactions_original_or_reversal" CHECK (
    ("reverses_id" is null and "reason" is null and (
      ("kind" = 'valuation' and "amount" is null and "valuation" is not null and "valuation" >= 0)
      or ("kind" = 'write_off' and ("amount" is null or "amount" > 0) and "valuation" is null)
      or ("kind" in ('investment', 'follow_on', 'partial_exit', 'exit', 'dividend') and "amount" is not null and "amount" > 0 and "valuation" is null)
    ))
    or ("reverses_id" is not null and "reason" is not null and length(btrim("reason")) > 0 and ("amount" is null or "amount" < 0))
  ),
  CONSTRAINT "fund_company_transactions_shares_sign" CHECK ("shares" is null or ("reverses_id" is null and "shares" > 0) or ("reverses_id" is not null and "shares" < 0))
);
--> statement-breakpoint
-- A transaction is reversed once.
CREATE UNIQUE INDEX "fund_company_transactions_reversed_once" ON "fund_company_transactions" USING btree ("reverses_id") WHERE "reverses_id" is not null;
--> statement-breakpoint
CREATE INDEX "fund_company_transactions_company_index" ON "fund_company_transactions" USING btree ("company_id", "effective_on", "id");
--> statement-breakpoint
-- A reversal copies its original, negated, on the original's date: the database fills it, so it always undoes
-- exactly what it names; a reversal is never itself reversed, and is of the same company.
CREATE FUNCTION "fund_company_reversal_complete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original fund_company_transactions%ROWTYPE;
BEGIN
  IF NEW.reverses_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO original FROM fund_company_transactions WHERE id = NEW.reverses_id;
  IF original.company_id IS DISTINCT FROM NEW.company_id OR original.reverses_id IS NOT NULL THEN
    RAISE EXCEPTION 'transaction % cannot be reversed by this row', NEW.reverses_id USING ERRCODE = '23514', CONSTRAINT = 'fund_company_transactions_reversal_of_original';
  END IF;
  NEW.kind := original.kind;
  NEW.effective_on := original.effective_on;
  NEW.amount := -original.amount;
  NEW.shares := -original.shares;
  NEW.valuation := original.valuation;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_company_transactions_reversal" BEFORE INSERT ON "fund_company_transactions" FOR EACH ROW EXECUTE FUNCTION "fund_company_reversal_complete"();
--> statement-breakpoint
CREATE TABLE "fund_company_statuses" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "company_id" bigint NOT NULL,
  "status" text NOT NULL,
  "effective_on" date NOT NULL,
  "note" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- the history goes with its company (which cannot go once it has transactions)
  CONSTRAINT "fund_company_statuses_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "fund_companies"("id") ON DELETE cascade,
  CONSTRAINT "fund_company_statuses_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_company_statuses_status_known" CHECK ("status" in ('active', 'exited', 'written_off', 'dormant', 'ipo'))
);
--> statement-breakpoint
CREATE INDEX "fund_company_statuses_history_index" ON "fund_company_statuses" USING btree ("company_id", "effective_on" DESC, "id" DESC);
--> statement-breakpoint
-- Append-only, both: no UPDATE (but the database's own clearing of a deleted user) and no DELETE (but a status
-- history going with its deleted company).
CREATE FUNCTION "fund_company_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') AND to_jsonb(NEW) ->> 'created_by' IS NULL THEN
      RETURN NEW;
    END IF;
  ELSIF TG_TABLE_NAME = 'fund_company_statuses' AND NOT EXISTS (SELECT 1 FROM fund_companies WHERE id = OLD.company_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are append-only: a mistake is undone by a new entry', TG_TABLE_NAME USING ERRCODE = 'P0001', CONSTRAINT = TG_TABLE_NAME || '_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_company_transactions_append_only" BEFORE UPDATE OR DELETE ON "fund_company_transactions" FOR EACH ROW EXECUTE FUNCTION "fund_company_append_only"();
--> statement-breakpoint
CREATE TRIGGER "fund_company_statuses_append_only" BEFORE UPDATE OR DELETE ON "fund_company_statuses" FOR EACH ROW EXECUTE FUNCTION "fund_company_append_only"();
