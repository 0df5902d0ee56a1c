-- Funds (issue 20, first slice): a pooled vehicle investors commit to, with its terms, its status (1 Draft,
-- 2 Live) and whether it is active (1 Active, 0 Closed); its NAV history is append-only (a correction is a
-- new NAV superseding the one it replaces, kept with when and by whom); an opportunity may raise for a fund.
CREATE TABLE "funds" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "name" text NOT NULL,
  "type" text DEFAULT 'venture_capital' NOT NULL,
  "vintage" integer,
  "currency" text NOT NULL,
  "target_size" numeric(14, 2) NOT NULL,
  "management_fee_percent" numeric(5, 2),
  "carried_interest_percent" numeric(5, 2),
  "hurdle_percent" numeric(5, 2),
  "tax_relief" text DEFAULT 'none' NOT NULL,
  "status" smallint DEFAULT 1 NOT NULL,
  "active" smallint DEFAULT 1 NOT NULL,
  "description" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "funds_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "funds_name_length" CHECK (char_length(btrim("name")) between 1 and 200),
  CONSTRAINT "funds_type_known" CHECK ("type" in ('eis', 'seis', 'venture_capital', 'private_equity', 'property', 'debt', 'other')),
  CONSTRAINT "funds_vintage_range" CHECK ("vintage" is null or "vintage" between 1990 and 2100),
  CONSTRAINT "funds_currency_iso_4217" CHECK ("currency" in ('AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG')),
  CONSTRAINT "funds_target_size_positive" CHECK ("target_size" > 0),
  CONSTRAINT "funds_management_fee_percent_range" CHECK ("management_fee_percent" is null or "management_fee_percent" between 0 and 100),
  CONSTRAINT "funds_carried_interest_percent_range" CHECK ("carried_interest_percent" is null or "carried_interest_percent" between 0 and 100),
  CONSTRAINT "funds_hurdle_percent_range" CHECK ("hurdle_percent" is null or "hurdle_percent" between 0 and 100),
  CONSTRAINT "funds_tax_relief_known" CHECK ("tax_relief" in ('eis', 'seis', 'none')),
  CONSTRAINT "funds_status_known" CHECK ("status" in (1, 2)),
  CONSTRAINT "funds_active_known" CHECK ("active" in (0, 1))
);
--> statement-breakpoint
CREATE INDEX "funds_name_index" ON "funds" USING btree ("name", "id");
--> statement-breakpoint
CREATE TABLE "fund_navs" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "fund_id" bigint NOT NULL,
  "nav" numeric(16, 2) NOT NULL,
  "effective_on" date NOT NULL,
  "note" text,
  "created_by" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "replaced_at" timestamp with time zone,
  "replaced_by" bigint,
  "superseded_by_id" bigint,
  CONSTRAINT "fund_navs_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict,
  CONSTRAINT "fund_navs_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_navs_replaced_by_fkey" FOREIGN KEY ("replaced_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "fund_navs_superseded_by_id_fkey" FOREIGN KEY ("superseded_by_id") REFERENCES "fund_navs"("id") ON DELETE restrict,
  CONSTRAINT "fund_navs_nav_not_negative" CHECK ("nav" >= 0),
  -- a NAV names its successor only once it is replaced
  CONSTRAINT "fund_navs_superseded_when_replaced" CHECK ("superseded_by_id" is null or "replaced_at" is not null)
);
--> statement-breakpoint
-- One CURRENT NAV a date; replaced NAVs stay beside it.
CREATE UNIQUE INDEX "fund_navs_day_unique" ON "fund_navs" USING btree ("fund_id", "effective_on") WHERE "replaced_at" is null;
--> statement-breakpoint
CREATE INDEX "fund_navs_history_index" ON "fund_navs" USING btree ("fund_id", "effective_on" DESC, "id" DESC);
--> statement-breakpoint
-- A NAV is never deleted, and its values never change: the only change is recording, once, that it was
-- replaced and by which NAV (written just after its successor, which needs the date free), and a user's
-- deletion clearing who entered or replaced it.
CREATE FUNCTION "fund_navs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'fund NAVs are append-only: NAV % cannot be deleted; replace it with a new NAV', OLD.id USING ERRCODE = '55000';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.fund_id IS DISTINCT FROM OLD.fund_id
    OR NEW.nav IS DISTINCT FROM OLD.nav OR NEW.effective_on IS DISTINCT FROM OLD.effective_on
    OR NEW.note IS DISTINCT FROM OLD.note OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR (NEW.created_by IS DISTINCT FROM OLD.created_by AND NEW.created_by IS NOT NULL) THEN
    RAISE EXCEPTION 'fund NAVs are append-only: NAV % cannot be changed; a correction is a new NAV', OLD.id USING ERRCODE = '55000';
  END IF;
  -- replaced once: when, by whom (cleared only by that user's deletion) and the successor, named once
  IF OLD.replaced_at IS NOT NULL AND (NEW.replaced_at IS DISTINCT FROM OLD.replaced_at
    OR (OLD.superseded_by_id IS NOT NULL AND NEW.superseded_by_id IS DISTINCT FROM OLD.superseded_by_id)
    OR (NEW.replaced_by IS DISTINCT FROM OLD.replaced_by AND NEW.replaced_by IS NOT NULL)) THEN
    RAISE EXCEPTION 'fund NAV % was already replaced', OLD.id USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_navs_append_only" BEFORE UPDATE OR DELETE ON "fund_navs" FOR EACH ROW EXECUTE FUNCTION "fund_navs_append_only"();
--> statement-breakpoint
-- A fund raises through opportunities (the fund-opportunity flow is a later slice): a fund with one cannot go.
ALTER TABLE "opportunities" ADD COLUMN "fund_id" bigint;
--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_fund_id_fkey" FOREIGN KEY ("fund_id") REFERENCES "funds"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE INDEX "opportunities_fund_index" ON "opportunities" USING btree ("fund_id");
