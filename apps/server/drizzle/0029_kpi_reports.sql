-- KPI reports and the reporting schedule (issue 19, decision 023). Report types are templates of settings
-- KPIs; custom KPIs belong to one existing investment; each existing investment has reporting settings
-- (frequency, days to report after a period ends, the Entrepreneur users who may submit); a KPI report is
-- one company's values for one period; values are append-only (a correction is a new value naming the one
-- it replaces); reminders sent are remembered so each goes once.
CREATE TABLE "kpi_report_types" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "name" text NOT NULL,
  "description" text,
  "parent_id" bigint REFERENCES "kpi_report_types"("id") ON DELETE restrict,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_report_types_not_own_parent" CHECK ("parent_id" is null or "parent_id" <> "id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_report_types_name_unique" ON "kpi_report_types" USING btree (lower("name"));
--> statement-breakpoint
CREATE TABLE "kpi_report_type_kpis" (
  "report_type_id" bigint NOT NULL REFERENCES "kpi_report_types"("id") ON DELETE cascade,
  "kpi_id" bigint NOT NULL REFERENCES "kpis"("id") ON DELETE cascade,
  "position" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "kpi_report_type_kpis_pk" PRIMARY KEY ("report_type_id", "kpi_id")
);
--> statement-breakpoint
CREATE INDEX "kpi_report_type_kpis_kpi_index" ON "kpi_report_type_kpis" USING btree ("kpi_id");
--> statement-breakpoint
CREATE TABLE "custom_kpis" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "opportunity_id" bigint NOT NULL REFERENCES "opportunities"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "unit" text NOT NULL,
  "description" text,
  "kpi_category_id" bigint REFERENCES "kpi_categories"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "custom_kpis_unit_known" CHECK ("unit" in ('currency', 'number', 'percentage', 'text'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_kpis_name_unique" ON "custom_kpis" USING btree ("opportunity_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "kpi_reporting_settings" (
  "opportunity_id" bigint PRIMARY KEY NOT NULL REFERENCES "opportunities"("id") ON DELETE cascade,
  "report_type_id" bigint REFERENCES "kpi_report_types"("id") ON DELETE set null,
  "frequency" text NOT NULL,
  "due_days" integer DEFAULT 30 NOT NULL,
  "start_period" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_reporting_settings_frequency_known" CHECK ("frequency" in ('month', 'quarter', 'year')),
  CONSTRAINT "kpi_reporting_settings_due_days_range" CHECK ("due_days" between 0 and 365)
);
--> statement-breakpoint
CREATE INDEX "kpi_reporting_settings_report_type_index" ON "kpi_reporting_settings" USING btree ("report_type_id");
--> statement-breakpoint
CREATE TABLE "kpi_report_submitters" (
  "opportunity_id" bigint NOT NULL REFERENCES "opportunities"("id") ON DELETE cascade,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_report_submitters_pk" PRIMARY KEY ("opportunity_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "kpi_report_submitters_user_index" ON "kpi_report_submitters" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "kpi_reports" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "opportunity_id" bigint NOT NULL REFERENCES "opportunities"("id") ON DELETE restrict,
  "period" text NOT NULL,
  "frequency" text NOT NULL,
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "created_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_reports_frequency_known" CHECK ("frequency" in ('month', 'quarter', 'year')),
  CONSTRAINT "kpi_reports_period_dates" CHECK ("period_start" <= "period_end")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_reports_period_unique" ON "kpi_reports" USING btree ("opportunity_id", "period");
--> statement-breakpoint
CREATE TABLE "kpi_values" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "kpi_report_id" bigint NOT NULL REFERENCES "kpi_reports"("id") ON DELETE restrict,
  "kpi_id" bigint REFERENCES "kpis"("id") ON DELETE restrict,
  "custom_kpi_id" bigint REFERENCES "custom_kpis"("id") ON DELETE restrict,
  "value" numeric,
  "value_text" text,
  "source" text DEFAULT 'form' NOT NULL,
  "replaces_id" bigint REFERENCES "kpi_values"("id") ON DELETE restrict,
  "entered_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "entered_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_values_one_input" CHECK (("kpi_id" is null) <> ("custom_kpi_id" is null)),
  CONSTRAINT "kpi_values_one_value" CHECK (("value" is null) <> ("value_text" is null)),
  CONSTRAINT "kpi_values_source_known" CHECK ("source" in ('form', 'import'))
);
--> statement-breakpoint
-- One first value per report and input, and each value replaced at most once: the values of an input
-- form one chain, whose last link (the value nothing replaces) is the current one.
CREATE UNIQUE INDEX "kpi_values_first_kpi_unique" ON "kpi_values" USING btree ("kpi_report_id", "kpi_id") WHERE "replaces_id" is null and "kpi_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_values_first_custom_unique" ON "kpi_values" USING btree ("kpi_report_id", "custom_kpi_id") WHERE "replaces_id" is null and "custom_kpi_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_values_replaces_unique" ON "kpi_values" USING btree ("replaces_id");
--> statement-breakpoint
CREATE INDEX "kpi_values_kpi_index" ON "kpi_values" USING btree ("kpi_id");
--> statement-breakpoint
CREATE INDEX "kpi_values_custom_kpi_index" ON "kpi_values" USING btree ("custom_kpi_id");
--> statement-breakpoint
-- Values are append-only: never deleted, never changed, except a user's deletion clearing who entered
-- them. A correction names a value of the same report and input.
CREATE FUNCTION "kpi_values_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.replaces_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM kpi_values r WHERE r.id = NEW.replaces_id AND r.kpi_report_id = NEW.kpi_report_id
        AND r.kpi_id IS NOT DISTINCT FROM NEW.kpi_id AND r.custom_kpi_id IS NOT DISTINCT FROM NEW.custom_kpi_id) THEN
      RAISE EXCEPTION 'a KPI value can only replace a value of the same report and KPI' USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'KPI values are append-only: value % cannot be deleted; correct it with a new value', OLD.id USING ERRCODE = '55000';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.kpi_report_id IS DISTINCT FROM OLD.kpi_report_id
    OR NEW.kpi_id IS DISTINCT FROM OLD.kpi_id OR NEW.custom_kpi_id IS DISTINCT FROM OLD.custom_kpi_id
    OR NEW.value IS DISTINCT FROM OLD.value OR NEW.value_text IS DISTINCT FROM OLD.value_text
    OR NEW.source IS DISTINCT FROM OLD.source OR NEW.replaces_id IS DISTINCT FROM OLD.replaces_id
    OR NEW.entered_at IS DISTINCT FROM OLD.entered_at
    OR (NEW.entered_by IS DISTINCT FROM OLD.entered_by AND NEW.entered_by IS NOT NULL) THEN
    RAISE EXCEPTION 'KPI values are append-only: value % cannot be changed; a correction is a new value', OLD.id USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kpi_values_append_only" BEFORE INSERT OR UPDATE OR DELETE ON "kpi_values" FOR EACH ROW EXECUTE FUNCTION "kpi_values_append_only"();
--> statement-breakpoint
CREATE TABLE "kpi_report_reminders" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "key" text NOT NULL,
  "kind" text NOT NULL,
  "opportunity_id" bigint REFERENCES "opportunities"("id") ON DELETE cascade,
  "period" text,
  "recipients" integer DEFAULT 0 NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kpi_report_reminders_kind_known" CHECK ("kind" in ('before_due', 'overdue', 'staff_summary'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_report_reminders_key_unique" ON "kpi_report_reminders" USING btree ("key");
