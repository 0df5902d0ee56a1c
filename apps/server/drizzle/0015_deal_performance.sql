CREATE TABLE "deal_performance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_performance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pipeline_deal_id" bigint NOT NULL,
	"period" date NOT NULL,
	"revenue" numeric(14, 2),
	"gross_profit" numeric(14, 2),
	"ebitda" numeric(14, 2),
	"cash" numeric(14, 2),
	"headcount" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_performance_headcount_positive" CHECK ("deal_performance"."headcount" is null or "deal_performance"."headcount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deal_performance" ADD CONSTRAINT "deal_performance_pipeline_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("pipeline_deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_performance_period_unique" ON "deal_performance" USING btree ("pipeline_deal_id","period");