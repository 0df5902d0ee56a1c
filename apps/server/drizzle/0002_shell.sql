CREATE TABLE "branding" (
	"id" integer PRIMARY KEY NOT NULL,
	"colours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"navigation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text,
	"logo_light" text,
	"logo_alt" text DEFAULT '' NOT NULL,
	"favicon" text,
	"terms_version" integer DEFAULT 1 NOT NULL,
	"terms_format" text DEFAULT 'text' NOT NULL,
	"terms_text" text DEFAULT '' NOT NULL,
	"terms_url" text,
	"market_sounding_description" text DEFAULT '' NOT NULL,
	"risk_warning_text" text DEFAULT '' NOT NULL,
	"is_custom_branding" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"notifiable_type" text NOT NULL,
	"notifiable_id" bigint NOT NULL,
	"audience" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_notifiable_index" ON "notifications" USING btree ("notifiable_type","notifiable_id","audience","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_index" ON "notifications" USING btree ("notifiable_id","audience") WHERE "notifications"."read_at" is null;