CREATE TABLE "client_group_members" (
	"client_group_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_group_members_client_group_id_user_id_pk" PRIMARY KEY("client_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "client_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "industries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_characters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_characters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_sub_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_sub_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"investment_type_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"shares" numeric(20, 6),
	"status" text DEFAULT 'reserved' NOT NULL,
	"type" text DEFAULT 'platform' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"summary" text,
	"description" text,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"target_amount" numeric(14, 2),
	"maximum_amount" numeric(14, 2),
	"minimum_investment" numeric(14, 2),
	"share_price" numeric(20, 6),
	"share_class" text,
	"tax_relief" text,
	"closing_date" date,
	"investment_type_id" bigint,
	"investment_sub_type_id" bigint,
	"industry_id" bigint,
	"investment_category_id" bigint,
	"investment_character_id" bigint,
	"pipeline_deal_id" bigint,
	"created_by" bigint,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"matured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_status_range" CHECK ("opportunities"."status" between 1 and 6),
	CONSTRAINT "opportunities_target_within_maximum" CHECK ("opportunities"."target_amount" is null or "opportunities"."maximum_amount" is null or "opportunities"."target_amount" <= "opportunities"."maximum_amount"),
	CONSTRAINT "opportunities_minimum_within_maximum" CHECK ("opportunities"."minimum_investment" is null or "opportunities"."maximum_amount" is null or "opportunities"."minimum_investment" <= "opportunities"."maximum_amount"),
	CONSTRAINT "opportunities_amounts_positive" CHECK (coalesce("opportunities"."target_amount", 1) > 0 and coalesce("opportunities"."maximum_amount", 1) > 0 and coalesce("opportunities"."minimum_investment", 1) > 0 and coalesce("opportunities"."share_price", 1) > 0),
	CONSTRAINT "opportunities_sub_type_needs_type" CHECK ("opportunities"."investment_sub_type_id" is null or "opportunities"."investment_type_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "opportunity_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint,
	"client_group_id" bigint,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_invitations_one_invitee" CHECK (num_nonnulls("opportunity_invitations"."user_id", "opportunity_invitations"."client_group_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "pipeline_deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pipeline_id" bigint NOT NULL,
	"stage_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"summary" text,
	"website" text,
	"industry_id" bigint,
	"investment_type_id" bigint,
	"amount_sought" numeric(14, 2),
	"pre_money_valuation" numeric(14, 2),
	"source" text,
	"owner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pipeline_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipelines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "investment_sub_types_type_unique" ON "investment_sub_types" USING btree ("id","investment_type_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_pipeline_unique" ON "pipeline_stages" USING btree ("id","pipeline_id");
--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_sub_types" ADD CONSTRAINT "investment_sub_types_investment_type_id_investment_types_id_fk" FOREIGN KEY ("investment_type_id") REFERENCES "public"."investment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_investment_type_id_investment_types_id_fk" FOREIGN KEY ("investment_type_id") REFERENCES "public"."investment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_investment_category_id_investment_categories_id_fk" FOREIGN KEY ("investment_category_id") REFERENCES "public"."investment_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_investment_character_id_investment_characters_id_fk" FOREIGN KEY ("investment_character_id") REFERENCES "public"."investment_characters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_pipeline_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("pipeline_deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_sub_type_fk" FOREIGN KEY ("investment_sub_type_id","investment_type_id") REFERENCES "public"."investment_sub_types"("id","investment_type_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_investment_type_id_investment_types_id_fk" FOREIGN KEY ("investment_type_id") REFERENCES "public"."investment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_stage_fk" FOREIGN KEY ("stage_id","pipeline_id") REFERENCES "public"."pipeline_stages"("id","pipeline_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_group_members_user_index" ON "client_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_groups_name_unique" ON "client_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_unique" ON "industries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investment_categories_name_unique" ON "investment_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investment_characters_name_unique" ON "investment_characters" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investment_sub_types_name_unique" ON "investment_sub_types" USING btree ("investment_type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investment_types_name_unique" ON "investment_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "investments_opportunity_index" ON "investments" USING btree ("opportunity_id","status");--> statement-breakpoint
CREATE INDEX "investments_user_index" ON "investments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_slug_unique" ON "opportunities" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_deal_unique" ON "opportunities" USING btree ("pipeline_deal_id") WHERE "opportunities"."pipeline_deal_id" is not null;--> statement-breakpoint
CREATE INDEX "opportunities_status_index" ON "opportunities" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_invitations_user_unique" ON "opportunity_invitations" USING btree ("opportunity_id","user_id") WHERE "opportunity_invitations"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_invitations_group_unique" ON "opportunity_invitations" USING btree ("opportunity_id","client_group_id") WHERE "opportunity_invitations"."client_group_id" is not null;--> statement-breakpoint
CREATE INDEX "opportunity_invitations_user_index" ON "opportunity_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pipeline_deals_board_index" ON "pipeline_deals" USING btree ("pipeline_id","stage_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_name_unique" ON "pipeline_stages" USING btree ("pipeline_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_name_unique" ON "pipelines" USING btree (lower("name"));