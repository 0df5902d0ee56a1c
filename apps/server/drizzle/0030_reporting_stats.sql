-- WIP report snapshots (issue 19, spec §6 wip_report create): a dated, frozen copy of the WIP report kept
-- for an investment committee meeting. The report is stored as it was answered (JSON), never recomputed.
CREATE TABLE "wip_snapshots" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "title" text NOT NULL,
  "as_of" date NOT NULL,
  "report" jsonb NOT NULL,
  "created_by" bigint REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "wip_snapshots_title_length" CHECK (char_length(btrim("title")) between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "wip_snapshots_created_index" ON "wip_snapshots" USING btree ("created_at", "id");
