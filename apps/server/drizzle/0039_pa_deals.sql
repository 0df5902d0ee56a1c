-- Issue 21, personal-account dealing (FCA COBS 11.7): a staff member declares a deal they want to make for
-- themselves and asks for pre-clearance; compliance approves or refuses it; the person records the execution
-- or withdraws the request. The firm keeps a record of every request, decision and execution: both tables are
-- append-only (triggers refuse UPDATE and DELETE). The status is derived from the events (decision 031).
CREATE TABLE "pa_deals" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" bigint NOT NULL,
  "instrument" text NOT NULL,
  "company_name" text NOT NULL,
  "opportunity_id" bigint,
  "deal_id" bigint,
  "side" text NOT NULL,
  "quantity" numeric(20, 6) NOT NULL,
  "estimated_value" numeric(19, 2) NOT NULL,
  "currency" text NOT NULL,
  "reason" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "pa_deals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "pa_deals_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE restrict,
  CONSTRAINT "pa_deals_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "pipeline_deals"("id") ON DELETE restrict,
  CONSTRAINT "pa_deals_side_known" CHECK ("side" in ('buy', 'sell')),
  CONSTRAINT "pa_deals_quantity_positive" CHECK ("quantity" > 0),
  CONSTRAINT "pa_deals_estimated_value_positive" CHECK ("estimated_value" >= 0),
  CONSTRAINT "pa_deals_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "pa_deals_instrument_length" CHECK (char_length(btrim("instrument")) between 1 and 255),
  CONSTRAINT "pa_deals_company_name_length" CHECK (char_length(btrim("company_name")) between 1 and 255),
  CONSTRAINT "pa_deals_reason_length" CHECK (char_length(btrim("reason")) between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "pa_deals_user_index" ON "pa_deals" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "pa_deals_created_index" ON "pa_deals" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE TABLE "pa_deal_events" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "pa_deal_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "reason" text,
  "executed_on" date,
  "price" numeric(19, 6),
  "quantity" numeric(20, 6),
  "actor_id" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "pa_deal_events_pa_deal_id_fkey" FOREIGN KEY ("pa_deal_id") REFERENCES "pa_deals"("id") ON DELETE restrict,
  CONSTRAINT "pa_deal_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "pa_deal_events_kind_known" CHECK ("kind" in ('approved', 'refused', 'executed', 'withdrawn')),
  -- a refusal gives its reason
  CONSTRAINT "pa_deal_events_refusal_reason" CHECK ("kind" <> 'refused' or ("reason" is not null and char_length(btrim("reason")) > 0)),
  -- an execution gives its date, price and quantity; nothing else does
  CONSTRAINT "pa_deal_events_execution" CHECK (
    ("kind" = 'executed' and "executed_on" is not null and "price" is not null and "price" > 0 and "quantity" is not null and "quantity" > 0)
    or ("kind" <> 'executed' and "executed_on" is null and "price" is null and "quantity" is null))
);
--> statement-breakpoint
-- One outcome of the request: approved, refused or withdrawn, once.
CREATE UNIQUE INDEX "pa_deal_events_one_decision" ON "pa_deal_events" USING btree ("pa_deal_id") WHERE "kind" in ('approved', 'refused', 'withdrawn');
--> statement-breakpoint
CREATE UNIQUE INDEX "pa_deal_events_one_execution" ON "pa_deal_events" USING btree ("pa_deal_id") WHERE "kind" = 'executed';
--> statement-breakpoint
-- An execution follows an approval (the service checks it too, under the deal's row lock).
CREATE FUNCTION "pa_deal_event_in_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'executed' AND NOT EXISTS (
    SELECT 1 FROM pa_deal_events WHERE pa_deal_id = NEW.pa_deal_id AND kind = 'approved'
  ) THEN
    RAISE EXCEPTION 'a personal account deal is executed only after its approval' USING ERRCODE = '23514', CONSTRAINT = 'pa_deal_events_executed_after_approval';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "pa_deal_events_in_order" BEFORE INSERT ON "pa_deal_events" FOR EACH ROW EXECUTE FUNCTION "pa_deal_event_in_order"();
--> statement-breakpoint
-- Kept for good (COBS 11.7.4): no UPDATE, no DELETE of a request or of its events.
CREATE FUNCTION "pa_deals_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'personal account dealing records are kept: they cannot be changed or deleted' USING ERRCODE = 'P0001', CONSTRAINT = 'pa_deals_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "pa_deals_append_only" BEFORE UPDATE OR DELETE ON "pa_deals" FOR EACH ROW EXECUTE FUNCTION "pa_deals_kept"();
--> statement-breakpoint
CREATE TRIGGER "pa_deal_events_append_only" BEFORE UPDATE OR DELETE ON "pa_deal_events" FOR EACH ROW EXECUTE FUNCTION "pa_deals_kept"();
