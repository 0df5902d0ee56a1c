CREATE TABLE "opportunity_previous_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"opportunity_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunity_previous_slugs" ADD CONSTRAINT "opportunity_previous_slugs_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_previous_slugs_opportunity_index" ON "opportunity_previous_slugs" USING btree ("opportunity_id");