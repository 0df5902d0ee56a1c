CREATE TABLE "opportunity_invitation_notices" (
	"opportunity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_invitation_notices_opportunity_id_user_id_pk" PRIMARY KEY("opportunity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunity_invitation_notices" ADD CONSTRAINT "opportunity_invitation_notices_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitation_notices" ADD CONSTRAINT "opportunity_invitation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_invitation_notices_user_index" ON "opportunity_invitation_notices" USING btree ("user_id");