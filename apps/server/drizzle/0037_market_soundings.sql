-- Issue 21, market soundings (UK MAR Art. 11: the disclosing firm keeps a record of every sounding). A sounding is
-- on a pipeline deal or a draft opportunity, with what will be disclosed (summary) and the consent wording fixed
-- when it is opened. Its recipients, every step each took (invited, viewed, accepted or declined with the wording
-- shown, answered), the investors' opt-outs and the cleansing are kept for good: triggers refuse every change and
-- deletion but the one cleansing of a sounding (cleansed_at, cleansed_by and cleansing_reason set once) and the
-- database's own clearing of a deleted staff user. The deal, the opportunity and the investors are kept while a
-- sounding names them (ON DELETE restrict).
CREATE TABLE "market_soundings" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "opportunity_id" bigint,
  "deal_id" bigint,
  "summary" text NOT NULL,
  "wording" text NOT NULL,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "cleansed_at" timestamp with time zone,
  "cleansed_by" bigint,
  "cleansing_reason" text,
  CONSTRAINT "market_soundings_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE restrict,
  CONSTRAINT "market_soundings_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "pipeline_deals"("id") ON DELETE restrict,
  CONSTRAINT "market_soundings_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "market_soundings_cleansed_by_fkey" FOREIGN KEY ("cleansed_by") REFERENCES "users"("id") ON DELETE set null,
  -- a deal or a draft opportunity: exactly one
  CONSTRAINT "market_soundings_one_subject" CHECK (num_nonnulls("opportunity_id", "deal_id") = 1),
  CONSTRAINT "market_soundings_summary_length" CHECK (char_length(btrim("summary")) between 1 and 20000),
  CONSTRAINT "market_soundings_wording_present" CHECK (char_length(btrim("wording")) > 0),
  CONSTRAINT "market_soundings_cleansing" CHECK (("cleansed_at" is null and "cleansing_reason" is null) or ("cleansed_at" is not null and "cleansing_reason" is not null and length(btrim("cleansing_reason")) > 0))
);
--> statement-breakpoint
CREATE INDEX "market_soundings_created_at_index" ON "market_soundings" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "market_soundings_deal_index" ON "market_soundings" USING btree ("deal_id") WHERE "deal_id" is not null;
--> statement-breakpoint
CREATE INDEX "market_soundings_opportunity_index" ON "market_soundings" USING btree ("opportunity_id") WHERE "opportunity_id" is not null;
--> statement-breakpoint
CREATE TABLE "market_sounding_recipients" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "sounding_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "market_sounding_recipients_sounding_id_fkey" FOREIGN KEY ("sounding_id") REFERENCES "market_soundings"("id") ON DELETE restrict,
  CONSTRAINT "market_sounding_recipients_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_recipients_unique" ON "market_sounding_recipients" USING btree ("sounding_id", "user_id");
--> statement-breakpoint
CREATE INDEX "market_sounding_recipients_user_index" ON "market_sounding_recipients" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "market_sounding_events" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "sounding_id" bigint NOT NULL,
  "user_id" bigint,
  "kind" text NOT NULL,
  "response" smallint,
  "wording" text,
  "actor_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "market_sounding_events_sounding_id_fkey" FOREIGN KEY ("sounding_id") REFERENCES "market_soundings"("id") ON DELETE restrict,
  CONSTRAINT "market_sounding_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "market_sounding_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "market_sounding_events_kind_known" CHECK ("kind" in ('invited', 'viewed', 'accepted', 'declined', 'answered', 'opted_out', 'cleansed')),
  -- an answer is 1, 2 or 3 (spec §4), and only an answer has one
  CONSTRAINT "market_sounding_events_response" CHECK (("kind" = 'answered' and "response" in (1, 2, 3)) or ("kind" <> 'answered' and "response" is null)),
  -- the text the investor was shown is kept with what they saw, accepted or declined
  CONSTRAINT "market_sounding_events_wording" CHECK (("kind" in ('viewed', 'accepted', 'declined')) = ("wording" is not null)),
  -- every step is an investor's but the cleansing, which is the sounding's
  CONSTRAINT "market_sounding_events_investor" CHECK (("kind" = 'cleansed') = ("user_id" is null))
);
--> statement-breakpoint
CREATE INDEX "market_sounding_events_sounding_index" ON "market_sounding_events" USING btree ("sounding_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "market_sounding_events_user_index" ON "market_sounding_events" USING btree ("user_id") WHERE "user_id" is not null;
--> statement-breakpoint
-- one decision (accepted or declined) and one answer per recipient; one viewed and one invited
CREATE UNIQUE INDEX "market_sounding_events_decision_unique" ON "market_sounding_events" USING btree ("sounding_id", "user_id") WHERE "kind" in ('accepted', 'declined');
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_events_answer_unique" ON "market_sounding_events" USING btree ("sounding_id", "user_id") WHERE "kind" = 'answered';
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_events_viewed_unique" ON "market_sounding_events" USING btree ("sounding_id", "user_id") WHERE "kind" = 'viewed';
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_events_invited_unique" ON "market_sounding_events" USING btree ("sounding_id", "user_id") WHERE "kind" = 'invited';
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_events_cleansed_unique" ON "market_sounding_events" USING btree ("sounding_id") WHERE "kind" = 'cleansed';
--> statement-breakpoint
CREATE TABLE "market_sounding_opt_outs" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" bigint NOT NULL,
  "sounding_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "market_sounding_opt_outs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "market_sounding_opt_outs_sounding_id_fkey" FOREIGN KEY ("sounding_id") REFERENCES "market_soundings"("id") ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_opt_outs_user_unique" ON "market_sounding_opt_outs" USING btree ("user_id");
--> statement-breakpoint
-- A sounding is kept for good: no DELETE; no UPDATE but the one cleansing (the three cleansing columns set once,
-- nothing else changed) and the database's own clearing of a deleted staff user (created_by, cleansed_by).
CREATE FUNCTION "market_soundings_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.cleansed_at IS NULL AND NEW.cleansed_at IS NOT NULL
      AND (to_jsonb(NEW) - 'cleansed_at' - 'cleansed_by' - 'cleansing_reason') = (to_jsonb(OLD) - 'cleansed_at' - 'cleansed_by' - 'cleansing_reason') THEN
      RETURN NEW;
    END IF;
    IF (to_jsonb(NEW) - 'created_by' - 'cleansed_by') = (to_jsonb(OLD) - 'created_by' - 'cleansed_by')
      AND (NEW.created_by IS NULL OR NEW.created_by = OLD.created_by)
      AND (NEW.cleansed_by IS NULL OR NEW.cleansed_by IS NOT DISTINCT FROM OLD.cleansed_by) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'market soundings are kept: the only change is the cleansing, once' USING ERRCODE = 'P0001', CONSTRAINT = 'market_soundings_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "market_soundings_append_only" BEFORE UPDATE OR DELETE ON "market_soundings" FOR EACH ROW EXECUTE FUNCTION "market_soundings_kept"();
--> statement-breakpoint
-- Recipients, events and opt-outs are append-only; an event's actor may only be cleared by the deletion of that
-- staff user (ON DELETE set null).
CREATE FUNCTION "market_sounding_rows_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'market_sounding_events'
    AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
    AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: the record of a market sounding cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001', CONSTRAINT = TG_TABLE_NAME || '_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "market_sounding_recipients_append_only" BEFORE UPDATE OR DELETE ON "market_sounding_recipients" FOR EACH ROW EXECUTE FUNCTION "market_sounding_rows_kept"();
--> statement-breakpoint
CREATE TRIGGER "market_sounding_events_append_only" BEFORE UPDATE OR DELETE ON "market_sounding_events" FOR EACH ROW EXECUTE FUNCTION "market_sounding_rows_kept"();
--> statement-breakpoint
CREATE TRIGGER "market_sounding_opt_outs_append_only" BEFORE UPDATE OR DELETE ON "market_sounding_opt_outs" FOR EACH ROW EXECUTE FUNCTION "market_sounding_rows_kept"();
