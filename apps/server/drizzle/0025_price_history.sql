-- Issue 18: share prices are append-only. A correction is a new price (for the same day too); the price it replaces is kept, with who replaced it, when, and by which price (none when it was withdrawn).
ALTER TABLE "share_prices" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_prices" ADD COLUMN "replaced_by" bigint;--> statement-breakpoint
ALTER TABLE "share_prices" ADD COLUMN "superseded_by_id" bigint;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_superseded_by_id_share_prices_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."share_prices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A price names its successor only once it is replaced.
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_superseded_when_replaced" CHECK ("share_prices"."superseded_by_id" is null or "share_prices"."replaced_at" is not null);--> statement-breakpoint
-- One CURRENT price a day; replaced prices stay beside it.
DROP INDEX "share_prices_day_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "share_prices_day_unique" ON "share_prices" USING btree ("opportunity_id","effective_on") WHERE "share_prices"."replaced_at" is null;--> statement-breakpoint
-- A price is never deleted, and its values never change: the only change is recording, once, that it was replaced and by which price (written just after its successor, which needs the day free), and a user's deletion clearing who entered or replaced it.
CREATE FUNCTION "share_prices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'share prices are append-only: price % cannot be deleted; replace it with a new price', OLD.id USING ERRCODE = '55000';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.opportunity_id IS DISTINCT FROM OLD.opportunity_id
    OR NEW.price IS DISTINCT FROM OLD.price OR NEW.effective_on IS DISTINCT FROM OLD.effective_on
    OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.note IS DISTINCT FROM OLD.note
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR (NEW.created_by IS DISTINCT FROM OLD.created_by AND NEW.created_by IS NOT NULL) THEN
    RAISE EXCEPTION 'share prices are append-only: price % cannot be changed; a correction is a new price', OLD.id USING ERRCODE = '55000';
  END IF;
  -- replaced once: when, by whom (cleared only by that user's deletion) and the successor, named once
  IF OLD.replaced_at IS NOT NULL AND (NEW.replaced_at IS DISTINCT FROM OLD.replaced_at
    OR (OLD.superseded_by_id IS NOT NULL AND NEW.superseded_by_id IS DISTINCT FROM OLD.superseded_by_id)
    OR (NEW.replaced_by IS DISTINCT FROM OLD.replaced_by AND NEW.replaced_by IS NOT NULL)) THEN
    RAISE EXCEPTION 'share price % was already replaced', OLD.id USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "share_prices_append_only" BEFORE UPDATE OR DELETE ON "share_prices" FOR EACH ROW EXECUTE FUNCTION "share_prices_append_only"();
