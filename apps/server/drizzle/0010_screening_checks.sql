CREATE TABLE "screening_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"identity_document_id" bigint,
	"proof_of_address_id" bigint,
	"legal_name" text NOT NULL,
	"date_of_birth" date,
	"nationality" text,
	"address" jsonb NOT NULL,
	"provider_reference" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_identity_document_id_documents_id_fk" FOREIGN KEY ("identity_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_proof_of_address_id_documents_id_fk" FOREIGN KEY ("proof_of_address_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_checks_user_index" ON "screening_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_checks_one_open" ON "screening_checks" USING btree ("user_id") WHERE "screening_checks"."status" in ('submitted', 'referred');