-- Issue 18, decision 021: the terms an investor committed under. A re-pricing is the one way a round's share price moves once it has investments: each is recorded with who, when, why, and every investment's shares and amount before and after.
CREATE TABLE "opportunity_repricings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_repricings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"old_price" numeric(20, 6) NOT NULL,
	"new_price" numeric(20, 6) NOT NULL,
	"reason" text NOT NULL,
	"repriced_by" bigint,
	"transaction_id" bigint DEFAULT txid_current() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_repricings_price_changes" CHECK ("opportunity_repricings"."new_price" > 0 and "opportunity_repricings"."new_price" <> "opportunity_repricings"."old_price"),
	CONSTRAINT "opportunity_repricings_reason_given" CHECK (length(btrim("opportunity_repricings"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "opportunity_repricing_investments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_repricing_investments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"repricing_id" bigint NOT NULL,
	"investment_id" bigint NOT NULL,
	"shares_before" numeric(20, 6),
	"amount_before" numeric(14, 2) NOT NULL,
	"shares_after" numeric(20, 6) NOT NULL,
	"amount_after" numeric(14, 2) NOT NULL,
	CONSTRAINT "opportunity_repricing_investments_never_more" CHECK ("opportunity_repricing_investments"."amount_after" > 0 and "opportunity_repricing_investments"."amount_after" <= "opportunity_repricing_investments"."amount_before")
);
--> statement-breakpoint
ALTER TABLE "opportunity_repricings" ADD CONSTRAINT "opportunity_repricings_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_repricings" ADD CONSTRAINT "opportunity_repricings_repriced_by_users_id_fk" FOREIGN KEY ("repriced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_repricing_investments" ADD CONSTRAINT "opportunity_repricing_investments_repricing_id_opportunity_repricings_id_fk" FOREIGN KEY ("repricing_id") REFERENCES "public"."opportunity_repricings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_repricing_investments" ADD CONSTRAINT "opportunity_repricing_investments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_repricings_opportunity_index" ON "opportunity_repricings" USING btree ("opportunity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_repricing_investments_unique" ON "opportunity_repricing_investments" USING btree ("repricing_id","investment_id");--> statement-breakpoint
CREATE INDEX "opportunity_repricing_investments_investment_index" ON "opportunity_repricing_investments" USING btree ("investment_id");--> statement-breakpoint
-- The database keeps the terms too (the server checks them first, under the round's row lock, with the figures in its 422): a round's share price does not change while it holds investments (reserved, awaiting payment, paid or completed) unless a re-pricing of it to that price is recorded in the same transaction; and its maximum is never lowered below the money committed to it.
CREATE FUNCTION "opportunities_terms_under_commitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.share_price IS DISTINCT FROM OLD.share_price
    AND EXISTS (SELECT 1 FROM "investments" WHERE "opportunity_id" = NEW.id AND "status" IN ('reserved', 'awaiting_payment', 'paid', 'completed'))
    AND NOT EXISTS (SELECT 1 FROM "opportunity_repricings" WHERE "opportunity_id" = NEW.id AND "new_price" = NEW.share_price AND "transaction_id" = txid_current()) THEN
    RAISE EXCEPTION 'the share price of opportunity % cannot change while it holds investments, except by a re-pricing', NEW.id USING ERRCODE = '23514';
  END IF;
  IF NEW.maximum_amount IS NOT NULL AND (OLD.maximum_amount IS NULL OR NEW.maximum_amount < OLD.maximum_amount)
    AND NEW.maximum_amount < (SELECT coalesce(sum("amount"), 0) FROM "investments" WHERE "opportunity_id" = NEW.id AND "status" IN ('reserved', 'awaiting_payment', 'paid')) THEN
    RAISE EXCEPTION 'the maximum of opportunity % cannot be lower than what is committed to it', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "opportunities_terms_under_commitment" BEFORE UPDATE OF "share_price", "maximum_amount" ON "opportunities" FOR EACH ROW EXECUTE FUNCTION "opportunities_terms_under_commitment"();--> statement-breakpoint
-- A re-pricing is a record: it is never edited.
CREATE FUNCTION "opportunity_repricings_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a re-pricing is a record and is never edited (% %)', TG_TABLE_NAME, OLD.id USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER "opportunity_repricings_unchanged" BEFORE UPDATE ON "opportunity_repricings" FOR EACH ROW EXECUTE FUNCTION "opportunity_repricings_unchanged"();--> statement-breakpoint
CREATE TRIGGER "opportunity_repricing_investments_unchanged" BEFORE UPDATE ON "opportunity_repricing_investments" FOR EACH ROW EXECUTE FUNCTION "opportunity_repricings_unchanged"();
