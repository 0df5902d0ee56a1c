-- Update reports (issue 19, decision 022): a rich-text update about one existing investment, or general
-- news (opportunity_id null). draft -> (scheduled ->) live -> withdrawn; a live report is corrected by a
-- new version (update_report_versions, append-only), never rewritten.
CREATE TABLE "update_reports" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "title" text NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "opportunity_id" bigint REFERENCES "opportunities"("id") ON DELETE cascade,
  "status" text DEFAULT 'draft' NOT NULL,
  "publish_at" timestamp with time zone,
  "published_at" timestamp with time zone,
  "corrected_at" timestamp with time zone,
  "withdrawn_at" timestamp with time zone,
  "withdrawn_reason" text,
  "version" integer DEFAULT 0 NOT NULL,
  "recipients" integer,
  "created_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "updated_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "update_reports_status_known" CHECK ("status" in ('draft', 'scheduled', 'live', 'withdrawn')),
  CONSTRAINT "update_reports_title_length" CHECK (char_length(btrim("title")) between 1 and 200),
  CONSTRAINT "update_reports_version_positive" CHECK ("version" >= 0),
  CONSTRAINT "update_reports_version_by_status" CHECK (("status" in ('draft', 'scheduled')) = ("version" = 0)),
  CONSTRAINT "update_reports_scheduled_has_time" CHECK ("status" <> 'scheduled' or "publish_at" is not null),
  CONSTRAINT "update_reports_live_published" CHECK ("status" not in ('live', 'withdrawn') or "published_at" is not null),
  CONSTRAINT "update_reports_withdrawn_reason" CHECK ("status" <> 'withdrawn' or ("withdrawn_at" is not null and char_length(btrim(coalesce("withdrawn_reason", ''))) > 0)),
  CONSTRAINT "update_reports_recipients_positive" CHECK ("recipients" is null or "recipients" >= 0)
);
--> statement-breakpoint
CREATE INDEX "update_reports_news_index" ON "update_reports" USING btree ("status", "published_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "update_reports_opportunity_index" ON "update_reports" USING btree ("opportunity_id", "published_at" DESC);
--> statement-breakpoint
CREATE INDEX "update_reports_due_index" ON "update_reports" USING btree ("publish_at") WHERE "status" = 'scheduled';
--> statement-breakpoint
CREATE TABLE "update_report_versions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "report_id" bigint NOT NULL REFERENCES "update_reports"("id") ON DELETE cascade,
  "version" integer NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "reason" text,
  "published_at" timestamp with time zone DEFAULT now() NOT NULL,
  "published_by" bigint REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "update_report_versions_version_positive" CHECK ("version" >= 1),
  CONSTRAINT "update_report_versions_reason_given" CHECK ("version" = 1 or char_length(btrim(coalesce("reason", ''))) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "update_report_versions_unique" ON "update_report_versions" USING btree ("report_id", "version");
--> statement-breakpoint
CREATE FUNCTION "update_report_versions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- only with its report (a cascade: the report row is already gone)
    IF EXISTS (SELECT 1 FROM "update_reports" WHERE "id" = OLD."report_id") THEN
      RAISE EXCEPTION 'update report versions are append-only: version % cannot be deleted', OLD."id" USING ERRCODE = '55000';
    END IF;
    RETURN OLD;
  END IF;
  -- the one change allowed: the publisher cleared when that user is deleted
  IF NEW."id" IS DISTINCT FROM OLD."id" OR NEW."report_id" IS DISTINCT FROM OLD."report_id"
    OR NEW."version" IS DISTINCT FROM OLD."version" OR NEW."title" IS DISTINCT FROM OLD."title"
    OR NEW."body" IS DISTINCT FROM OLD."body" OR NEW."reason" IS DISTINCT FROM OLD."reason"
    OR NEW."published_at" IS DISTINCT FROM OLD."published_at"
    OR (NEW."published_by" IS DISTINCT FROM OLD."published_by" AND NEW."published_by" IS NOT NULL) THEN
    RAISE EXCEPTION 'update report versions are append-only: version % cannot be changed; a correction is a new version', OLD."id" USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "update_report_versions_append_only" BEFORE UPDATE OR DELETE ON "update_report_versions"
  FOR EACH ROW EXECUTE FUNCTION "update_report_versions_append_only"();
--> statement-breakpoint
CREATE TABLE "update_report_attachments" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "report_id" bigint NOT NULL REFERENCES "update_reports"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "storage_key" text NOT NULL,
  "mime_type" text NOT NULL,
  "size" integer NOT NULL,
  "created_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "update_report_attachments_size_positive" CHECK ("size" > 0)
);
--> statement-breakpoint
CREATE INDEX "update_report_attachments_report_index" ON "update_report_attachments" USING btree ("report_id");
--> statement-breakpoint
CREATE TABLE "update_report_reads" (
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "report_id" bigint NOT NULL REFERENCES "update_reports"("id") ON DELETE cascade,
  "read_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "update_report_reads_pk" PRIMARY KEY ("user_id", "report_id")
);
--> statement-breakpoint
CREATE INDEX "update_report_reads_report_index" ON "update_report_reads" USING btree ("report_id");
