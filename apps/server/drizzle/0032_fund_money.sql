-- Issue 20, a fund's money (decision 026). A commitment to a fund is an investment in one of its opportunities;
-- staff draw it down in capital calls (each line a part of one commitment), pay money back in distributions and
-- charge fees (each split pro rata, one entry per commitment). Every table here is append-only; the database
-- keeps each commitment's called amount as the sum of its call lines, never past the commitment, and never
-- lets a commitment hold more money than was called.
ALTER TABLE "investments" ADD COLUMN "called_amount" numeric(14, 2);
--> statement-breakpoint
UPDATE "investments" SET "called_amount" = 0 FROM "opportunities" WHERE "opportunities"."id" = "investments"."opportunity_id" AND "opportunities"."fund_id" IS NOT NULL;
--> statement-breakpoint
-- A fund commitment (called_amount not null) is called up to its amount and holds no more than was called.
ALTER TABLE "investments" ADD CONSTRAINT "investments_called_within_amount" CHECK ("called_amount" is null or ("called_amount" >= 0 and "called_amount" <= "amount" and "paid_amount" <= "called_amount"));
--> statement-breakpoint
-- Whether an investment is drawn down is its opportunity's: a fund opportunity's investments start with nothing called.
CREATE FUNCTION "investment_drawdown_start"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM opportunities WHERE id = NEW.opportunity_id AND fund_id IS NOT NULL) THEN
    NEW.called_amount := 0;
  ELSE
    NEW.called_amount := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "investments_drawdown_start" BEFORE INSERT ON "investments" FOR EACH ROW EXECUTE FUNCTION "investment_drawdown_start"();
--> statement-breakpoint
-- The called amount moves only with call lines (the trigger below), never by a direct write.
CREATE FUNCTION "investment_called_by_lines_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.called_amount IS DISTINCT FROM OLD.called_amount AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a commitment''s called amount moves only by capital call lines' USING ERRCODE = 'P0001', CONSTRAINT = 'investments_called_by_lines';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "investments_called_by_lines" BEFORE UPDATE OF "called_amount" ON "investments" FOR EACH ROW EXECUTE FUNCTION "investment_called_by_lines_only"();
--> statement-breakpoint
CREATE TABLE "fund_capital_calls" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "fund_id" bigint NOT NULL,
  "percent" numeric(5, 2),
  "total" numeric(14, 2) NOT NULL,
  "due_date" date NOT NULL,
  "message" text,
  "request_key" text NOT NULL,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fund_capital_calls_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict,
  CONSTRAINT "fund_capital_calls_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_capital_calls_total_positive" CHECK ("total" > 0),
  CONSTRAINT "fund_capital_calls_percent_range" CHECK ("percent" is null or ("percent" > 0 and "percent" <= 100))
);
--> statement-breakpoint
-- One call per request: the Idempotency-Key (or a key of the server's own) is unique per fund.
CREATE UNIQUE INDEX "fund_capital_calls_request_unique" ON "fund_capital_calls" USING btree ("fund_id", "request_key");
--> statement-breakpoint
CREATE INDEX "fund_capital_calls_fund_index" ON "fund_capital_calls" USING btree ("fund_id", "id");
--> statement-breakpoint
CREATE TABLE "fund_capital_call_lines" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "call_id" bigint NOT NULL,
  "investment_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "amount" numeric(14, 2) NOT NULL,
  CONSTRAINT "fund_capital_call_lines_call_id_fkey" FOREIGN KEY ("call_id") REFERENCES "fund_capital_calls"("id") ON DELETE restrict,
  CONSTRAINT "fund_capital_call_lines_investment_id_fkey" FOREIGN KEY ("investment_id") REFERENCES "investments"("id") ON DELETE restrict,
  CONSTRAINT "fund_capital_call_lines_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "fund_capital_call_lines_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fund_capital_call_lines_once" ON "fund_capital_call_lines" USING btree ("call_id", "investment_id");
--> statement-breakpoint
CREATE INDEX "fund_capital_call_lines_investment_index" ON "fund_capital_call_lines" USING btree ("investment_id", "call_id");
--> statement-breakpoint
CREATE TABLE "fund_movements" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "fund_id" bigint NOT NULL,
  "type" text NOT NULL,
  "kind" text NOT NULL,
  "total" numeric(14, 2) NOT NULL,
  "effective_on" date NOT NULL,
  "note" text,
  "request_key" text,
  "reverses_id" bigint,
  "reason" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fund_movements_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict,
  CONSTRAINT "fund_movements_reverses_id_fkey" FOREIGN KEY ("reverses_id") REFERENCES "fund_movements"("id") ON DELETE restrict,
  CONSTRAINT "fund_movements_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_movements_kind_by_type" CHECK (("type" = 'distribution' and "kind" in ('return_of_capital', 'gain', 'income')) or ("type" = 'fee' and "kind" in ('management_fee', 'performance_fee', 'expense'))),
  -- an original is positive and comes from one request; a reversal is its negative, with a reason
  CONSTRAINT "fund_movements_original_or_reversal" CHECK (("reverses_id" is null and "total" > 0 and "request_key" is not null) or ("reverses_id" is not null and "total" < 0 and "reason" is not null and length(trim("reason")) > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fund_movements_request_unique" ON "fund_movements" USING btree ("fund_id", "request_key") WHERE "request_key" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "fund_movements_reversed_once" ON "fund_movements" USING btree ("reverses_id") WHERE "reverses_id" is not null;
--> statement-breakpoint
CREATE INDEX "fund_movements_fund_index" ON "fund_movements" USING btree ("fund_id", "effective_on", "id");
--> statement-breakpoint
CREATE TABLE "fund_ledger_entries" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "movement_id" bigint NOT NULL,
  "fund_id" bigint NOT NULL,
  "investment_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "type" text NOT NULL,
  "amount" numeric(14, 2) NOT NULL,
  "effective_on" date NOT NULL,
  CONSTRAINT "fund_ledger_entries_movement_id_fkey" FOREIGN KEY ("movement_id") REFERENCES "fund_movements"("id") ON DELETE restrict,
  CONSTRAINT "fund_ledger_entries_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict,
  CONSTRAINT "fund_ledger_entries_investment_id_fkey" FOREIGN KEY ("investment_id") REFERENCES "investments"("id") ON DELETE restrict,
  CONSTRAINT "fund_ledger_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "fund_ledger_entries_type_known" CHECK ("type" in ('distribution', 'fee')),
  CONSTRAINT "fund_ledger_entries_amount_not_zero" CHECK ("amount" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fund_ledger_entries_once" ON "fund_ledger_entries" USING btree ("movement_id", "investment_id");
--> statement-breakpoint
CREATE INDEX "fund_ledger_entries_investment_index" ON "fund_ledger_entries" USING btree ("investment_id");
--> statement-breakpoint
-- Append-only, all four: no UPDATE (but the database's own clearing of a deleted user), no DELETE.
CREATE FUNCTION "fund_money_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') AND to_jsonb(NEW) ->> 'created_by' IS NULL THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are append-only: a mistake is undone by a new entry', TG_TABLE_NAME USING ERRCODE = 'P0001', CONSTRAINT = TG_TABLE_NAME || '_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_capital_calls_append_only" BEFORE UPDATE OR DELETE ON "fund_capital_calls" FOR EACH ROW EXECUTE FUNCTION "fund_money_append_only"();
--> statement-breakpoint
CREATE TRIGGER "fund_capital_call_lines_append_only" BEFORE UPDATE OR DELETE ON "fund_capital_call_lines" FOR EACH ROW EXECUTE FUNCTION "fund_money_append_only"();
--> statement-breakpoint
CREATE TRIGGER "fund_movements_append_only" BEFORE UPDATE OR DELETE ON "fund_movements" FOR EACH ROW EXECUTE FUNCTION "fund_money_append_only"();
--> statement-breakpoint
CREATE TRIGGER "fund_ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "fund_ledger_entries" FOR EACH ROW EXECUTE FUNCTION "fund_money_append_only"();
--> statement-breakpoint
-- A call line is a part of a commitment to the call's own fund, and is the investor's: checked and filled before it is written.
CREATE FUNCTION "fund_call_line_complete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_user bigint;
  owner_fund bigint;
BEGIN
  SELECT i.user_id, o.fund_id INTO owner_user, owner_fund FROM investments i JOIN opportunities o ON o.id = i.opportunity_id WHERE i.id = NEW.investment_id;
  IF owner_fund IS NULL OR owner_fund <> (SELECT fund_id FROM fund_capital_calls WHERE id = NEW.call_id) THEN
    RAISE EXCEPTION 'investment % is not a commitment to this call''s fund', NEW.investment_id USING ERRCODE = '23514', CONSTRAINT = 'fund_capital_call_lines_same_fund';
  END IF;
  NEW.user_id := owner_user;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_capital_call_lines_complete" BEFORE INSERT ON "fund_capital_call_lines" FOR EACH ROW EXECUTE FUNCTION "fund_call_line_complete"();
--> statement-breakpoint
-- A line calls its amount from the commitment: called_amount moves with it (refused past the commitment by the check on investments). Once per statement, one UPDATE for all the lines it wrote: a call of thousands of lines costs one pass.
CREATE FUNCTION "fund_call_line_calls"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE investments SET called_amount = investments.called_amount + added.total
  FROM (SELECT investment_id, sum(amount) AS total FROM added_lines GROUP BY investment_id) AS added
  WHERE investments.id = added.investment_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_capital_call_lines_call" AFTER INSERT ON "fund_capital_call_lines" REFERENCING NEW TABLE AS "added_lines" FOR EACH STATEMENT EXECUTE FUNCTION "fund_call_line_calls"();
--> statement-breakpoint
-- A call's lines sum to its total, and a movement's entries to its total: checked when the transaction commits, once per call or movement.
CREATE FUNCTION "fund_call_sums_to_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected numeric(14, 2);
  total numeric(14, 2);
BEGIN
  -- once per call and transaction: every line of the transaction is written by the time this runs
  IF current_setting('portico.summed_call_' || NEW.call_id, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('portico.summed_call_' || NEW.call_id, '1', true);
  SELECT c.total INTO expected FROM fund_capital_calls c WHERE c.id = NEW.call_id;
  SELECT coalesce(sum(amount), 0) INTO total FROM fund_capital_call_lines WHERE call_id = NEW.call_id;
  IF total <> expected THEN
    RAISE EXCEPTION 'capital call % lines sum to %, not its total %', NEW.call_id, total, expected USING ERRCODE = '23514', CONSTRAINT = 'fund_capital_calls_lines_sum';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fund_capital_call_lines_sum" AFTER INSERT ON "fund_capital_call_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "fund_call_sums_to_total"();
--> statement-breakpoint
-- A ledger entry is of its movement's fund and type, on a commitment to that fund, and is the investor's.
CREATE FUNCTION "fund_ledger_entry_complete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  movement fund_movements%ROWTYPE;
  owner_user bigint;
  owner_fund bigint;
BEGIN
  SELECT * INTO movement FROM fund_movements WHERE id = NEW.movement_id;
  SELECT i.user_id, o.fund_id INTO owner_user, owner_fund FROM investments i JOIN opportunities o ON o.id = i.opportunity_id WHERE i.id = NEW.investment_id;
  IF owner_fund IS NULL OR owner_fund <> movement.fund_id THEN
    RAISE EXCEPTION 'investment % is not a commitment to this movement''s fund', NEW.investment_id USING ERRCODE = '23514', CONSTRAINT = 'fund_ledger_entries_same_fund';
  END IF;
  NEW.fund_id := movement.fund_id;
  NEW.type := movement.type;
  NEW.effective_on := movement.effective_on;
  NEW.user_id := owner_user;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_ledger_entries_complete" BEFORE INSERT ON "fund_ledger_entries" FOR EACH ROW EXECUTE FUNCTION "fund_ledger_entry_complete"();
--> statement-breakpoint
CREATE FUNCTION "fund_movement_sums_to_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected numeric(14, 2);
  total numeric(14, 2);
BEGIN
  IF current_setting('portico.summed_movement_' || NEW.movement_id, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('portico.summed_movement_' || NEW.movement_id, '1', true);
  SELECT m.total INTO expected FROM fund_movements m WHERE m.id = NEW.movement_id;
  SELECT coalesce(sum(amount), 0) INTO total FROM fund_ledger_entries WHERE movement_id = NEW.movement_id;
  IF total <> expected THEN
    RAISE EXCEPTION 'fund movement % entries sum to %, not its total %', NEW.movement_id, total, expected USING ERRCODE = '23514', CONSTRAINT = 'fund_movements_entries_sum';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fund_ledger_entries_sum" AFTER INSERT ON "fund_ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "fund_movement_sums_to_total"();
--> statement-breakpoint
-- ...and a call or a movement written without any line is refused the same way when the transaction commits.
CREATE FUNCTION "fund_call_has_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fund_capital_call_lines WHERE call_id = NEW.id) THEN
    RAISE EXCEPTION 'capital call % has no lines', NEW.id USING ERRCODE = '23514', CONSTRAINT = 'fund_capital_calls_lines_sum';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fund_capital_calls_have_lines" AFTER INSERT ON "fund_capital_calls" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "fund_call_has_lines"();
--> statement-breakpoint
CREATE FUNCTION "fund_movement_has_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fund_ledger_entries WHERE movement_id = NEW.id) THEN
    RAISE EXCEPTION 'fund movement % has no entries', NEW.id USING ERRCODE = '23514', CONSTRAINT = 'fund_movements_entries_sum';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fund_movements_have_entries" AFTER INSERT ON "fund_movements" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "fund_movement_has_entries"();
