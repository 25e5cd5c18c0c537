-- Issue 14 item 2: four-eyes approval. An admin balance change above FOUR_EYES_LIMIT WLD, every staking-rate
-- change and a per-member daily withdrawal limit override become a proposal with a reason; a different
-- administrator approves (only then is anything posted, exactly once, under this row's lock) or rejects it.
-- A pending proposal older than 72 hours (expires_at) can no longer be approved. The times come from the
-- application clock (lib/clock.ts), not the database's now(), so tests can move them.
CREATE TABLE "proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_user_id" integer,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"posting_id" bigint,
	CONSTRAINT "proposals_kind_check" CHECK ("kind" IN ('coin', 'coinunhist', 'interest', 'staking', 'member_rate', 'product_rate', 'withdraw_limit')),
	CONSTRAINT "proposals_status_check" CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
	CONSTRAINT "proposals_reason_check" CHECK (length(btrim("reason")) > 0),
	CONSTRAINT "proposals_four_eyes_check" CHECK ("decided_by" IS NULL OR "status" <> 'APPROVED' OR "decided_by" <> "proposed_by"),
	CONSTRAINT "proposals_decided_check" CHECK (("status" = 'PENDING') = ("decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "proposals_target_idx" ON "proposals" USING btree ("target_user_id");
