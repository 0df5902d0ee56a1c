-- Issue 18, payments as a ledger (decision 019). investment_payments becomes the money ledger: every payment, refund, over-payment (money held unallocated), application of unallocated money and reversal is an entry, never changed nor deleted. Each entry says what it does to the investment's paid amount (paid_delta) and to the investor's unallocated money in the opportunity (unallocated_delta).
ALTER TABLE "investment_payments" ALTER COLUMN "investment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "opportunity_id" bigint;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "paid_delta" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "unallocated_delta" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD COLUMN "reason" text;--> statement-breakpoint
UPDATE "investment_payments" AS "entry" SET "opportunity_id" = "investment"."opportunity_id", "user_id" = "investment"."user_id", "paid_delta" = CASE WHEN "entry"."kind" = 'refund' THEN -"entry"."amount" ELSE "entry"."amount" END FROM "investments" AS "investment" WHERE "investment"."id" = "entry"."investment_id";--> statement-breakpoint
ALTER TABLE "investment_payments" ALTER COLUMN "opportunity_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_payments" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_reverses_id_investment_payments_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."investment_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_payments" DROP CONSTRAINT "investment_payments_kind_known";--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_kind_known" CHECK ("investment_payments"."kind" in ('payment', 'refund', 'unallocated_refund', 'application', 'reversal'));--> statement-breakpoint
-- What each kind does to the money, by kind: a payment pays the investment and holds any excess unallocated; a refund returns an investment's money; an unallocated refund returns unallocated money; an application moves unallocated money onto an investment; a reversal undoes one entry (the trigger below copies its effect, negated), with a reason.
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_effect_by_kind" CHECK (("kind" = 'payment' and "investment_id" is not null and "paid_delta" >= 0 and "unallocated_delta" >= 0 and "paid_delta" + "unallocated_delta" = "amount" and "reverses_id" is null) or ("kind" = 'refund' and "investment_id" is not null and "paid_delta" = -"amount" and "unallocated_delta" = 0 and "reverses_id" is null) or ("kind" = 'unallocated_refund' and "paid_delta" = 0 and "unallocated_delta" = -"amount" and "reverses_id" is null) or ("kind" = 'application' and "investment_id" is not null and "paid_delta" = "amount" and "unallocated_delta" = -"amount" and "reverses_id" is null) or ("kind" = 'reversal' and "reverses_id" is not null and "reason" is not null and length(trim("reason")) > 0));--> statement-breakpoint
-- An entry is reversed once at most.
CREATE UNIQUE INDEX "investment_payments_reversed_once" ON "investment_payments" USING btree ("reverses_id") WHERE "reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "investment_payments_holder_index" ON "investment_payments" USING btree ("opportunity_id","user_id");--> statement-breakpoint
-- The same bank line cannot be booked twice: a payment's reference is unique per investment. References repeated before this migration keep their history, told apart by the entry's number.
UPDATE "investment_payments" AS "entry" SET "reference" = "entry"."reference" || ' (#' || "entry"."id" || ')' WHERE "entry"."kind" = 'payment' AND "entry"."reference" IS NOT NULL AND EXISTS (SELECT 1 FROM "investment_payments" AS "earlier" WHERE "earlier"."kind" = 'payment' AND "earlier"."investment_id" = "entry"."investment_id" AND lower("earlier"."reference") = lower("entry"."reference") AND "earlier"."id" < "entry"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_payments_reference_unique" ON "investment_payments" USING btree ("investment_id",lower("reference")) WHERE "kind" = 'payment' and "reference" is not null;--> statement-breakpoint
-- Backfill: a paid or completed investment holds its amount (the state says the money came in, the record lacked it); then every investment whose paid amount has no matching entries gets one entry for the difference, dated from when it was paid (London date), else invested, else created, with a reference saying so.
UPDATE "investments" SET "paid_amount" = "amount" WHERE "status" in ('paid', 'completed') AND "paid_amount" <> "amount";--> statement-breakpoint
UPDATE "investments" SET "status" = 'paid', "paid_at" = coalesce("paid_at", "updated_at") WHERE "status" in ('reserved', 'awaiting_payment') AND "paid_amount" = "amount";--> statement-breakpoint
INSERT INTO "investment_payments" ("investment_id", "opportunity_id", "user_id", "kind", "amount", "paid_delta", "unallocated_delta", "received_on", "reference") SELECT "investment"."id", "investment"."opportunity_id", "investment"."user_id", CASE WHEN "investment"."paid_amount" > "ledger"."total" THEN 'payment' ELSE 'refund' END, abs("investment"."paid_amount" - "ledger"."total"), "investment"."paid_amount" - "ledger"."total", 0, coalesce(("investment"."paid_at" AT TIME ZONE 'Europe/London')::date, "investment"."invested_on", ("investment"."created_at" AT TIME ZONE 'Europe/London')::date), 'backfilled by migration 0022' FROM "investments" AS "investment" CROSS JOIN LATERAL (SELECT coalesce(sum("paid_delta"), 0) AS "total" FROM "investment_payments" WHERE "investment_payments"."investment_id" = "investment"."id") AS "ledger" WHERE "investment"."paid_amount" <> "ledger"."total";--> statement-breakpoint
-- States tied to money (decision 019): paid and completed hold their amount; reserved and awaiting payment hold less; a reserved investment was not called; a refunded cancellation holds nothing.
ALTER TABLE "investments" ADD CONSTRAINT "investments_state_money" CHECK (("status" in ('paid', 'completed') and "paid_amount" = "amount") or ("status" in ('reserved', 'awaiting_payment') and "paid_amount" < "amount") or "status" = 'cancelled');--> statement-breakpoint
UPDATE "investments" SET "cash_call_id" = NULL WHERE "status" = 'reserved' AND "cash_call_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_reserved_not_called" CHECK ("status" <> 'reserved' or "cash_call_id" is null);--> statement-breakpoint
UPDATE "investments" SET "refunded_at" = NULL WHERE "status" = 'cancelled' AND "refunded_at" IS NOT NULL AND "paid_amount" <> 0;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_refunded_holds_nothing" CHECK ("refunded_at" is null or ("status" = 'cancelled' and "paid_amount" = 0));--> statement-breakpoint
-- An investor's money held unallocated in an opportunity: kept by the ledger's trigger alone, never below zero (two refunds of the same money queue on the row and the second is refused).
CREATE TABLE "unallocated_balances" (
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "unallocated_balances_pk" PRIMARY KEY("opportunity_id","user_id"),
	CONSTRAINT "unallocated_balances_not_negative" CHECK ("unallocated_balances"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "unallocated_balances" ADD CONSTRAINT "unallocated_balances_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unallocated_balances" ADD CONSTRAINT "unallocated_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Entries are append-only: no UPDATE, no DELETE. The one change allowed is the database's own: the recorder's user deleted sets recorded_by to null.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.recorded_by IS NULL AND (to_jsonb(NEW) - 'recorded_by') = (to_jsonb(OLD) - 'recorded_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: reverse entry % with a new entry', OLD.id USING ERRCODE = 'P0001', CONSTRAINT = 'investment_payments_append_only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investment_payments_append_only" BEFORE UPDATE OR DELETE ON "investment_payments" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
-- Before an entry is written: its opportunity and investor are its investment's; a reversal takes the effect of the entry it reverses, negated, and a reversal is not itself reversed.
CREATE FUNCTION "ledger_entry_complete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed investment_payments%ROWTYPE;
  owner investments%ROWTYPE;
BEGIN
  IF NEW.kind = 'reversal' THEN
    SELECT * INTO reversed FROM investment_payments WHERE id = NEW.reverses_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'entry % does not exist', NEW.reverses_id USING ERRCODE = 'P0001', CONSTRAINT = 'investment_payments_reversal_target';
    END IF;
    IF reversed.kind = 'reversal' THEN
      RAISE EXCEPTION 'a reversal cannot be reversed' USING ERRCODE = 'P0001', CONSTRAINT = 'investment_payments_reversal_target';
    END IF;
    NEW.investment_id := reversed.investment_id;
    NEW.opportunity_id := reversed.opportunity_id;
    NEW.user_id := reversed.user_id;
    NEW.amount := reversed.amount;
    NEW.paid_delta := -reversed.paid_delta;
    NEW.unallocated_delta := -reversed.unallocated_delta;
  ELSIF NEW.investment_id IS NOT NULL THEN
    SELECT * INTO owner FROM investments WHERE id = NEW.investment_id;
    IF FOUND THEN
      NEW.opportunity_id := owner.opportunity_id;
      NEW.user_id := owner.user_id;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investment_payments_complete" BEFORE INSERT ON "investment_payments" FOR EACH ROW EXECUTE FUNCTION "ledger_entry_complete"();--> statement-breakpoint
-- After an entry is written: the investor's unallocated money in the opportunity moves by its unallocated effect (refused below zero by the balance's check).
CREATE FUNCTION "ledger_move_unallocated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.unallocated_delta <> 0 THEN
    -- an UPDATE first: INSERT … ON CONFLICT checks the would-be row (a negative amount) before it meets the conflict
    UPDATE unallocated_balances SET amount = amount + NEW.unallocated_delta WHERE opportunity_id = NEW.opportunity_id AND user_id = NEW.user_id;
    IF NOT FOUND THEN
      INSERT INTO unallocated_balances (opportunity_id, user_id, amount) VALUES (NEW.opportunity_id, NEW.user_id, NEW.unallocated_delta)
        ON CONFLICT (opportunity_id, user_id) DO UPDATE SET amount = unallocated_balances.amount + EXCLUDED.amount;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investment_payments_move_unallocated" AFTER INSERT ON "investment_payments" FOR EACH ROW EXECUTE FUNCTION "ledger_move_unallocated"();--> statement-breakpoint
-- The balance is the ledger's: written by the trigger above only (a direct write is refused).
CREATE FUNCTION "unallocated_by_ledger_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'unallocated money moves only by ledger entries' USING ERRCODE = 'P0001', CONSTRAINT = 'unallocated_balances_by_ledger';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "unallocated_balances_by_ledger" BEFORE INSERT OR UPDATE OR DELETE ON "unallocated_balances" FOR EACH ROW EXECUTE FUNCTION "unallocated_by_ledger_only"();--> statement-breakpoint
-- An investment's paid amount is the sum of its entries. Written with it (a new investment holds nothing; a change must equal the sum of the entries written before it in the transaction)...
CREATE FUNCTION "investment_paid_is_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric(14, 2);
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.paid_amount <> 0 THEN
      RAISE EXCEPTION 'a new investment holds no money: book a ledger entry for it' USING ERRCODE = '23514', CONSTRAINT = 'investments_paid_is_ledger';
    END IF;
    RETURN NEW;
  END IF;
  SELECT coalesce(sum(paid_delta), 0) INTO total FROM investment_payments WHERE investment_id = NEW.id;
  IF NEW.paid_amount <> total THEN
    RAISE EXCEPTION 'investment % paid amount % is not the sum of its ledger entries (%)', NEW.id, NEW.paid_amount, total USING ERRCODE = '23514', CONSTRAINT = 'investments_paid_is_ledger';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investments_paid_is_ledger" BEFORE INSERT OR UPDATE OF "paid_amount" ON "investments" FOR EACH ROW EXECUTE FUNCTION "investment_paid_is_ledger"();--> statement-breakpoint
-- ...and checked again when the transaction that wrote an entry commits: an entry whose investment was not brought to the sum is refused.
CREATE FUNCTION "ledger_matches_investment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric(14, 2);
  held numeric(14, 2);
BEGIN
  IF NEW.investment_id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(paid_delta), 0) INTO total FROM investment_payments WHERE investment_id = NEW.investment_id;
  SELECT paid_amount INTO held FROM investments WHERE id = NEW.investment_id;
  IF held <> total THEN
    RAISE EXCEPTION 'investment % paid amount % is not the sum of its ledger entries (%)', NEW.investment_id, held, total USING ERRCODE = '23514', CONSTRAINT = 'investments_paid_is_ledger';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "investment_payments_match_investment" AFTER INSERT ON "investment_payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_matches_investment"();--> statement-breakpoint
-- A cash call stores its amount (the investments it called) and its state: open while any of them awaits payment, paid once every one not cancelled is paid or completed, cancelled when all were cancelled. Kept by the database whenever a called investment changes.
ALTER TABLE "cash_calls" ADD COLUMN "amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_calls" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_calls" ADD CONSTRAINT "cash_calls_status_known" CHECK ("cash_calls"."status" in ('open', 'paid', 'cancelled'));--> statement-breakpoint
CREATE FUNCTION "cash_call_recount"(call_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cash_calls SET
    amount = coalesce((SELECT sum(amount) FROM investments WHERE cash_call_id = call_id), 0),
    status = CASE
      WHEN EXISTS (SELECT 1 FROM investments WHERE cash_call_id = call_id AND status in ('reserved', 'awaiting_payment')) THEN 'open'
      WHEN EXISTS (SELECT 1 FROM investments WHERE cash_call_id = call_id AND status in ('paid', 'completed')) THEN 'paid'
      WHEN EXISTS (SELECT 1 FROM investments WHERE cash_call_id = call_id) THEN 'cancelled'
      ELSE 'open'
    END
  WHERE id = call_id;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "cash_call_follows_investments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.cash_call_id IS NOT NULL AND OLD.cash_call_id IS DISTINCT FROM NEW.cash_call_id THEN
    PERFORM cash_call_recount(OLD.cash_call_id);
  END IF;
  IF NEW.cash_call_id IS NOT NULL THEN
    PERFORM cash_call_recount(NEW.cash_call_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investments_cash_call_state" AFTER INSERT OR UPDATE OF "status", "cash_call_id", "amount" ON "investments" FOR EACH ROW EXECUTE FUNCTION "cash_call_follows_investments"();--> statement-breakpoint
SELECT cash_call_recount("id") FROM "cash_calls";--> statement-breakpoint
-- Idempotency-Key (platform/http/idempotency.ts): one row per user and key, with the request it answered (method, path, a hash of the body) and its first answer; in flight while status_code is null; 24 hours long.
CREATE TABLE "idempotency_keys" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- The investor's Idempotency-Key is the platform's too (idempotency_keys, above): the investment's own key column goes.
DROP INDEX "investments_idempotency_unique";--> statement-breakpoint
ALTER TABLE "investments" DROP COLUMN "idempotency_key";
