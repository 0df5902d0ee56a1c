CREATE TABLE "investor_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investor_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"plan_name" text NOT NULL,
	"status" text NOT NULL,
	"started_at" date NOT NULL,
	"renews_at" date,
	"amount" numeric(12, 2),
	"currency" text DEFAULT 'GBP' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "trading_name" text;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "company_number" text;--> statement-breakpoint
ALTER TABLE "investor_subscriptions" ADD CONSTRAINT "investor_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investor_subscriptions_user_unique" ON "investor_subscriptions" USING btree ("user_id");