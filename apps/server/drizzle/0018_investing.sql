CREATE TABLE "cash_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"message" text,
	"issued_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "first_investment_warnings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"opportunity_id" bigint,
	"warning_text" text NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	"cooling_off_ends_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "holding_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holding_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"investment_id" bigint,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"shares" numeric(20, 6),
	"amount" numeric(14, 2) NOT NULL,
	"price" numeric(20, 6),
	"share_class" text,
	"note" text,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_transactions_amount_non_negative" CHECK ("holding_transactions"."amount" >= 0),
	CONSTRAINT "holding_transactions_kind_known" CHECK ("holding_transactions"."kind" in ('allotment', 'follow_on', 'exit', 'dividend')),
	CONSTRAINT "holding_transactions_shares_by_kind" CHECK (("holding_transactions"."kind" = 'dividend' and "holding_transactions"."shares" is null) or ("holding_transactions"."kind" <> 'dividend' and "holding_transactions"."shares" > 0))
);
--> statement-breakpoint
CREATE TABLE "investment_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"investment_id" bigint NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_payments_amount_positive" CHECK ("investment_payments"."amount" > 0),
	CONSTRAINT "investment_payments_kind_known" CHECK ("investment_payments"."kind" in ('payment', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "pre_emption_choices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pre_emption_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"choice" smallint DEFAULT 5 NOT NULL,
	"amount" numeric(14, 2),
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_emption_choices_range" CHECK ("pre_emption_choices"."choice" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "share_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"effective_on" date NOT NULL,
	"kind" text DEFAULT 'valuation' NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_prices_positive" CHECK ("share_prices"."price" > 0),
	CONSTRAINT "share_prices_kind_known" CHECK ("share_prices"."kind" in ('round', 'valuation', 'exit'))
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "holding_type" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "investment_method_entity_id" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "nominee_id" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "cash_call_id" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "invested_on" date;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "recorded_by" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "pre_emption_of_id" bigint;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "investment_terms" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "bank_sort_code" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "bank_iban" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "bank_swift" text;--> statement-breakpoint
ALTER TABLE "cash_calls" ADD CONSTRAINT "cash_calls_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_calls" ADD CONSTRAINT "cash_calls_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_investment_warnings" ADD CONSTRAINT "first_investment_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_investment_warnings" ADD CONSTRAINT "first_investment_warnings_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_payments" ADD CONSTRAINT "investment_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_choices" ADD CONSTRAINT "pre_emption_choices_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_choices" ADD CONSTRAINT "pre_emption_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_choices" ADD CONSTRAINT "pre_emption_choices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_calls_opportunity_index" ON "cash_calls" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "holding_transactions_user_index" ON "holding_transactions" USING btree ("user_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "holding_transactions_opportunity_index" ON "holding_transactions" USING btree ("opportunity_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "holding_transactions_allotment_unique" ON "holding_transactions" USING btree ("investment_id") WHERE "holding_transactions"."kind" = 'allotment';--> statement-breakpoint
CREATE INDEX "investment_payments_investment_index" ON "investment_payments" USING btree ("investment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_emption_choices_unique" ON "pre_emption_choices" USING btree ("opportunity_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_prices_day_unique" ON "share_prices" USING btree ("opportunity_id","effective_on");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investment_method_entity_id_investment_method_entities_id_fk" FOREIGN KEY ("investment_method_entity_id") REFERENCES "public"."investment_method_entities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_nominee_id_nominees_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."nominees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_cash_call_id_cash_calls_id_fk" FOREIGN KEY ("cash_call_id") REFERENCES "public"."cash_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_pre_emption_of_id_opportunities_id_fk" FOREIGN KEY ("pre_emption_of_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_organisation_index" ON "investments" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "investments_method_entity_index" ON "investments" USING btree ("investment_method_entity_id");--> statement-breakpoint
CREATE INDEX "investments_nominee_index" ON "investments" USING btree ("nominee_id");--> statement-breakpoint
CREATE INDEX "investments_cash_call_index" ON "investments" USING btree ("cash_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_idempotency_unique" ON "investments" USING btree ("user_id","idempotency_key") WHERE "investments"."idempotency_key" is not null;--> statement-breakpoint
-- Rows written before this migration: what was paid is the amount, a cancellation has a reason, and a
-- deal's amount sought of zero means none.
UPDATE "investments" SET "paid_amount" = "amount", "paid_at" = "updated_at" WHERE "status" IN ('paid', 'completed');--> statement-breakpoint
UPDATE "investments" SET "cancelled_at" = "updated_at", "cancel_reason" = 'Cancelled before reasons were recorded' WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "pipeline_deals" SET "amount_sought" = NULL WHERE "amount_sought" <= 0;--> statement-breakpoint
-- Custom-attribute values of records deleted before their values were deleted with them.
DELETE FROM "attribute_values" WHERE ("subject_type" = 'pipeline_deal' AND "subject_id" NOT IN (SELECT "id" FROM "pipeline_deals"))
  OR ("subject_type" = 'opportunity' AND "subject_id" NOT IN (SELECT "id" FROM "opportunities"))
  OR ("subject_type" = 'contact' AND "subject_id" NOT IN (SELECT "id" FROM "contacts"))
  OR ("subject_type" = 'organisation' AND "subject_id" NOT IN (SELECT "id" FROM "organisations"))
  OR ("subject_type" = 'investor' AND "subject_id" NOT IN (SELECT "id" FROM "users"));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_status_known" CHECK ("investments"."status" in ('reserved', 'awaiting_payment', 'paid', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_type_known" CHECK ("investments"."type" in ('platform', 'manual', 'private_manual'));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_holding_type_known" CHECK ("investments"."holding_type" in ('self', 'organisation', 'investment_method', 'nominee'));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_paid_within_amount" CHECK ("investments"."paid_amount" >= 0 and "investments"."paid_amount" <= "investments"."amount");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_holding_names_one" CHECK (("investments"."holding_type" = 'self' and num_nonnulls("investments"."organisation_id", "investments"."investment_method_entity_id", "investments"."nominee_id") = 0)
        or ("investments"."holding_type" = 'organisation' and "investments"."organisation_id" is not null and num_nonnulls("investments"."investment_method_entity_id", "investments"."nominee_id") = 0)
        or ("investments"."holding_type" = 'investment_method' and "investments"."investment_method_entity_id" is not null and num_nonnulls("investments"."organisation_id", "investments"."nominee_id") = 0)
        or ("investments"."holding_type" = 'nominee' and "investments"."nominee_id" is not null and num_nonnulls("investments"."organisation_id", "investments"."investment_method_entity_id") = 0));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_cancelled_has_reason" CHECK ("investments"."status" <> 'cancelled' or ("investments"."cancelled_at" is not null and "investments"."cancel_reason" is not null));--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_tax_relief_known" CHECK ("opportunities"."tax_relief" is null or "opportunities"."tax_relief" in ('eis', 'seis', 'none'));--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_amount_sought_positive" CHECK ("pipeline_deals"."amount_sought" is null or "pipeline_deals"."amount_sought" > 0);