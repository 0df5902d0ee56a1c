-- Issue 21, MAR Article 18 insider lists (template of EU 2016/347 as amended by 2022/1210). A list per deal or
-- draft opportunity (a deal-specific section) and one permanent-insiders section; its created_at is when the
-- inside information was identified. Each person's entry is versioned: a change is a new row with the next version
-- of the same entry_id, the current entry is the highest version, and no row is ever updated or deleted.
CREATE TABLE "insider_lists" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "deal_id" bigint,
  "opportunity_id" bigint,
  "permanent" boolean DEFAULT false NOT NULL,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "insider_lists_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "pipeline_deals"("id") ON DELETE restrict,
  CONSTRAINT "insider_lists_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE restrict,
  CONSTRAINT "insider_lists_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  -- a deal, a draft opportunity, or the permanent section: exactly one
  CONSTRAINT "insider_lists_one_subject" CHECK (num_nonnulls("deal_id", "opportunity_id") + "permanent"::int = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "insider_lists_deal_unique" ON "insider_lists" USING btree ("deal_id") WHERE "deal_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "insider_lists_opportunity_unique" ON "insider_lists" USING btree ("opportunity_id") WHERE "opportunity_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "insider_lists_permanent_unique" ON "insider_lists" USING btree ("permanent") WHERE "permanent";
--> statement-breakpoint
CREATE TABLE "insider_list_entries" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "entry_id" bigint NOT NULL,
  "version" integer NOT NULL,
  "list_id" bigint NOT NULL,
  "deal_id" bigint,
  "opportunity_id" bigint,
  "permanent" boolean DEFAULT false NOT NULL,
  "user_id" bigint,
  "investor_id" bigint,
  "first_names" text NOT NULL,
  "surnames" text NOT NULL,
  "birth_surnames" text,
  "professional_phones" text,
  "company_name_address" text,
  "function_reason" text NOT NULL,
  "obtained_at" timestamp with time zone NOT NULL,
  "ceased_at" timestamp with time zone,
  "date_of_birth" date,
  "national_id" text,
  "personal_phones" text,
  "personal_address" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "insider_list_entries_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "insider_lists"("id") ON DELETE restrict,
  CONSTRAINT "insider_list_entries_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "pipeline_deals"("id") ON DELETE restrict,
  CONSTRAINT "insider_list_entries_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE restrict,
  CONSTRAINT "insider_list_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "insider_list_entries_investor_id_fkey" FOREIGN KEY ("investor_id") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "insider_list_entries_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "insider_list_entries_version_positive" CHECK ("version" >= 1),
  CONSTRAINT "insider_list_entries_one_subject" CHECK (num_nonnulls("deal_id", "opportunity_id") + "permanent"::int = 1),
  -- a staff member or an investor of the platform, or neither (anyone typed in), never both
  CONSTRAINT "insider_list_entries_one_person" CHECK (num_nonnulls("user_id", "investor_id") <= 1),
  CONSTRAINT "insider_list_entries_names" CHECK (length(btrim("first_names")) > 0 and length(btrim("surnames")) > 0 and length(btrim("function_reason")) > 0),
  CONSTRAINT "insider_list_entries_ceased_after_obtained" CHECK ("ceased_at" is null or "ceased_at" >= "obtained_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "insider_list_entries_entry_version_unique" ON "insider_list_entries" USING btree ("entry_id", "version");
--> statement-breakpoint
CREATE INDEX "insider_list_entries_list_index" ON "insider_list_entries" USING btree ("list_id", "entry_id", "version");
--> statement-breakpoint
CREATE INDEX "insider_list_entries_user_index" ON "insider_list_entries" USING btree ("user_id") WHERE "user_id" is not null;
--> statement-breakpoint
CREATE INDEX "insider_list_entries_investor_index" ON "insider_list_entries" USING btree ("investor_id") WHERE "investor_id" is not null;
--> statement-breakpoint
-- One entry per staff member or investor on a list (its first version stands for it; later ones keep the person).
CREATE UNIQUE INDEX "insider_list_entries_user_once" ON "insider_list_entries" USING btree ("list_id", "user_id") WHERE "version" = 1 and "user_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "insider_list_entries_investor_once" ON "insider_list_entries" USING btree ("list_id", "investor_id") WHERE "version" = 1 and "investor_id" is not null;
--> statement-breakpoint
-- A new entry takes its own id as entry_id, version 1; a later version follows the entry's newest one, on the same
-- list, subject and person.
CREATE FUNCTION "insider_list_entry_versioned"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous record;
  list record;
BEGIN
  SELECT deal_id, opportunity_id, permanent INTO list FROM insider_lists WHERE id = NEW.list_id;
  IF NOT FOUND OR list.deal_id IS DISTINCT FROM NEW.deal_id OR list.opportunity_id IS DISTINCT FROM NEW.opportunity_id
    OR list.permanent IS DISTINCT FROM NEW.permanent THEN
    RAISE EXCEPTION 'an insider list entry has its list''s subject' USING ERRCODE = '23514', CONSTRAINT = 'insider_list_entries_list_subject';
  END IF;
  IF NEW.entry_id IS NULL THEN
    NEW.entry_id := NEW.id;
    NEW.version := 1;
    RETURN NEW;
  END IF;
  SELECT * INTO previous FROM insider_list_entries WHERE entry_id = NEW.entry_id ORDER BY version DESC LIMIT 1;
  IF NOT FOUND OR NEW.version IS DISTINCT FROM previous.version + 1 OR NEW.list_id <> previous.list_id
    OR NEW.user_id IS DISTINCT FROM previous.user_id OR NEW.investor_id IS DISTINCT FROM previous.investor_id THEN
    RAISE EXCEPTION 'a new version follows the entry''s newest, for the same list and person' USING ERRCODE = '23514', CONSTRAINT = 'insider_list_entries_next_version';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "insider_list_entries_versioned" BEFORE INSERT ON "insider_list_entries" FOR EACH ROW EXECUTE FUNCTION "insider_list_entry_versioned"();
--> statement-breakpoint
-- Kept for good (MAR Art. 18(5): five years): no DELETE, and no UPDATE but the database's own clearing of a deleted
-- user's reference (the names and details stay on the row).
CREATE FUNCTION "insider_lists_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refs text[] := ARRAY['user_id', 'investor_id', 'created_by'];
  ref text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(NEW) - refs) = (to_jsonb(OLD) - refs) THEN
      FOREACH ref IN ARRAY refs LOOP
        IF (to_jsonb(NEW) -> ref) IS DISTINCT FROM (to_jsonb(OLD) -> ref) AND (to_jsonb(NEW) -> ref) <> 'null'::jsonb THEN
          RAISE EXCEPTION '% rows are never changed: add a new version', TG_TABLE_NAME USING ERRCODE = '23514', CONSTRAINT = 'insider_lists_kept';
        END IF;
      END LOOP;
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are never changed or deleted: add a new version', TG_TABLE_NAME USING ERRCODE = '23514', CONSTRAINT = 'insider_lists_kept';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "insider_list_entries_kept" BEFORE UPDATE OR DELETE ON "insider_list_entries" FOR EACH ROW EXECUTE FUNCTION "insider_lists_kept"();
--> statement-breakpoint
CREATE TRIGGER "insider_lists_kept" BEFORE UPDATE OR DELETE ON "insider_lists" FOR EACH ROW EXECUTE FUNCTION "insider_lists_kept"();
