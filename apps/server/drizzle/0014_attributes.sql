CREATE TABLE "attribute_options" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribute_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attribute_id" bigint NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribute_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attribute_id" bigint NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"applies_to" text NOT NULL,
	"type" text NOT NULL,
	"help_text" text,
	"position" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_applies_to_known" CHECK ("attributes"."applies_to" in ('investor', 'contact', 'organisation', 'pipeline_deal', 'opportunity')),
	CONSTRAINT "attributes_type_known" CHECK ("attributes"."type" in ('text', 'number', 'date', 'boolean', 'select', 'multi_select'))
);
--> statement-breakpoint
CREATE TABLE "kpi_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kpi_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpis" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kpis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kpi_category_id" bigint NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpis_unit_known" CHECK ("kpis"."unit" in ('currency', 'number', 'percentage', 'text'))
);
--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_kpi_category_id_kpi_categories_id_fk" FOREIGN KEY ("kpi_category_id") REFERENCES "public"."kpi_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_options_label_unique" ON "attribute_options" USING btree ("attribute_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_subject_unique" ON "attribute_values" USING btree ("subject_type","subject_id","attribute_id");--> statement-breakpoint
CREATE INDEX "attribute_values_attribute_index" ON "attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_name_unique" ON "attributes" USING btree ("applies_to",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_applies_to_unique" ON "attributes" USING btree ("id","applies_to");--> statement-breakpoint
CREATE INDEX "attributes_applies_to_index" ON "attributes" USING btree ("applies_to","position");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_categories_name_unique" ON "kpi_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "kpis_name_unique" ON "kpis" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "kpis_category_index" ON "kpis" USING btree ("kpi_category_id","position");--> statement-breakpoint
-- after the unique index it references
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_fk" FOREIGN KEY ("attribute_id","subject_type") REFERENCES "public"."attributes"("id","applies_to") ON DELETE cascade ON UPDATE no action;
