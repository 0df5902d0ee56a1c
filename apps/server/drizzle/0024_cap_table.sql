-- Issue 18, decision 020: an existing investment's whole cap table. Its share classes (issued shares, or options/warrants/pool that count only fully diluted; whether the class carries statutory pre-emption) and its holders off the platform (founders, other investors, the option pool). Platform holdings still come from holding_transactions.
CREATE TABLE "cap_table_classes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cap_table_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'shares' NOT NULL,
	"pre_emptive" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_table_classes_kind_known" CHECK ("cap_table_classes"."kind" in ('shares', 'options')),
	CONSTRAINT "cap_table_classes_name_length" CHECK (char_length(btrim("cap_table_classes"."name")) between 1 and 100),
	CONSTRAINT "cap_table_classes_options_not_pre_emptive" CHECK ("cap_table_classes"."kind" = 'shares' or not "cap_table_classes"."pre_emptive")
);--> statement-breakpoint
CREATE TABLE "cap_table_holders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cap_table_holders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"shares" numeric(20, 6) NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_table_holders_kind_known" CHECK ("cap_table_holders"."kind" in ('founder', 'investor', 'employee', 'option_pool', 'other')),
	CONSTRAINT "cap_table_holders_shares_positive" CHECK ("cap_table_holders"."shares" > 0),
	CONSTRAINT "cap_table_holders_name_length" CHECK (char_length(btrim("cap_table_holders"."name")) between 1 and 200)
);--> statement-breakpoint
ALTER TABLE "cap_table_classes" ADD CONSTRAINT "cap_table_classes_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_table_classes" ADD CONSTRAINT "cap_table_classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One class of a name per company (case-insensitive: "Ordinary" and "ordinary" are one class).
CREATE UNIQUE INDEX "cap_table_classes_name_unique" ON "cap_table_classes" USING btree ("opportunity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cap_table_classes_id_opportunity_unique" ON "cap_table_classes" USING btree ("id","opportunity_id");--> statement-breakpoint
ALTER TABLE "cap_table_holders" ADD CONSTRAINT "cap_table_holders_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A holder's class belongs to the same company; a class with holders cannot be removed.
ALTER TABLE "cap_table_holders" ADD CONSTRAINT "cap_table_holders_class_fk" FOREIGN KEY ("class_id","opportunity_id") REFERENCES "public"."cap_table_classes"("id","opportunity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_table_holders" ADD CONSTRAINT "cap_table_holders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A holder appears once in a class (an import or two staff adding the same founder at once cannot double them).
CREATE UNIQUE INDEX "cap_table_holders_name_unique" ON "cap_table_holders" USING btree ("class_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cap_table_holders_opportunity_index" ON "cap_table_holders" USING btree ("opportunity_id");--> statement-breakpoint
-- The pre-emption offer's period: holders choose from its first day to its last (entitlements are held from the round's start to the last day).
ALTER TABLE "opportunities" ADD COLUMN "pre_emption_opens_on" date;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_pre_emption_period" CHECK ("opportunities"."pre_emption_opens_on" is null or "opportunities"."pre_emption_ends_on" is null or "opportunities"."pre_emption_ends_on" >= "opportunities"."pre_emption_opens_on");
