-- Issue 21, settings → investor → portfolio and portfolio-stats: the columns of the investor's holdings table and
-- the headline figures above it, one row each, with their order, whether shown, and an optional label (null
-- follows the terminology). Seeded with what the portfolio page showed before, so nothing changes until staff
-- choose otherwise.
CREATE TABLE "portfolio_settings" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "kind" text NOT NULL,
  "key" text NOT NULL,
  "position" integer NOT NULL,
  "shown" boolean NOT NULL,
  "label" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "portfolio_settings_kind_known" CHECK ("kind" in ('column', 'stat')),
  CONSTRAINT "portfolio_settings_label_length" CHECK ("label" is null or char_length(btrim("label")) between 1 and 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_settings_kind_key_unique" ON "portfolio_settings" USING btree ("kind", "key");
--> statement-breakpoint
INSERT INTO "portfolio_settings" ("kind", "key", "position", "shown") VALUES
  ('column', 'company', 0, true),
  ('column', 'date', 1, true),
  ('column', 'invested', 2, true),
  ('column', 'shares', 3, true),
  ('column', 'value', 4, true),
  ('column', 'multiple', 5, true),
  ('column', 'irr', 6, true),
  ('column', 'realised', 7, true),
  ('column', 'unrealised', 8, true),
  ('column', 'price', 9, false),
  ('column', 'gain', 10, false),
  ('stat', 'invested', 0, true),
  ('stat', 'value', 1, true),
  ('stat', 'realised', 2, true),
  ('stat', 'unrealised', 3, true),
  ('stat', 'multiple', 4, true),
  ('stat', 'irr', 5, true),
  ('stat', 'gain', 6, false),
  ('stat', 'holdings', 7, false);
