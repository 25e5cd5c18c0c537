-- Issue 26 items 1 and 2: four-eyes on a rolling 24-hour total, deposit approvals included.
-- admin_direct_changes: every balance change an administrator applied on their own authority (coin, coinunhist,
-- interest, staking withdraw, a deposit approval), written in the change's transaction by lib/admin/four-eyes-limit.ts
-- (a change refused or rolled back leaves no row; one applied through an approved proposal is never written: it had
-- two people). The rolling totals per administrator and per member are sums over its two indexes. Append-only: the
-- application inserts, never updates or deletes. created_at is the application clock (lib/clock.ts).
CREATE TABLE "admin_direct_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_wld" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_direct_changes_kind_check" CHECK ("kind" IN ('coin', 'coinunhist', 'interest', 'staking', 'deposit')),
	CONSTRAINT "admin_direct_changes_amount_check" CHECK ("amount_wld" > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_direct_changes" ADD CONSTRAINT "admin_direct_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "admin_direct_changes" ADD CONSTRAINT "admin_direct_changes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "admin_direct_changes_actor_created_idx" ON "admin_direct_changes" USING btree ("actor_id","created_at");
--> statement-breakpoint
CREATE INDEX "admin_direct_changes_member_created_idx" ON "admin_direct_changes" USING btree ("member_id","created_at");
--> statement-breakpoint
--> function: db/functions/admin_direct_changes_append_only.sql
--> statement-breakpoint
CREATE TRIGGER admin_direct_changes_no_update BEFORE UPDATE OR DELETE ON admin_direct_changes
  FOR EACH ROW EXECUTE FUNCTION admin_direct_changes_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_direct_changes_no_truncate BEFORE TRUNCATE ON admin_direct_changes
  FOR EACH STATEMENT EXECUTE FUNCTION admin_direct_changes_append_only();
--> statement-breakpoint
-- The pending deposit proposal of a request (lib/wallet/request-decisions.ts, db/queries/requests.ts), by request id.
CREATE INDEX "proposals_pending_deposit_idx" ON "proposals" USING btree (((payload->>'requestId')::bigint))
  WHERE kind = 'deposit' AND status = 'PENDING';
--> statement-breakpoint
-- request_cancel() as in 0011, plus one refusal: a deposit whose approval waits for a second administrator (a
-- PENDING `deposit` proposal not expired at p_at, the application clock) cannot be cancelled — an administrator has
-- confirmed the KRW and the decision is under way ({"refused": "REQUEST_AWAITING_APPROVAL"}). The check is made
-- holding the request's row, which proposing the deposit also holds, so the two cannot cross.
DROP FUNCTION IF EXISTS request_cancel(bigint, integer);
--> statement-breakpoint
-- The new request_cancel(): db/functions/request_cancel.sql, applied after the migrations (db/migrate.ts).
