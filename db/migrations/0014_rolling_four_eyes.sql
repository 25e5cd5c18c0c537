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
CREATE OR REPLACE FUNCTION admin_direct_changes_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'admin_direct_changes is append-only';
END;
$$ LANGUAGE plpgsql;
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
DROP FUNCTION request_cancel(bigint, integer);
--> statement-breakpoint
CREATE FUNCTION request_cancel(p_id bigint, p_user_id integer, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  r record;
  v_active boolean;
  v_status request_status;
  v_owner integer;
  v_post jsonb;
BEGIN
  -- The member's row first, then their request (users → requests → ledger, as a deactivation takes them): the
  -- expiry below locks the request row when it writes.
  SELECT x.status = 'ACTIVE' INTO v_active FROM users x WHERE x.id = p_user_id FOR SHARE;
  PERFORM expire_stale_quotes(p_user_id, p_id);
  IF v_active IS NOT TRUE THEN
    RETURN jsonb_build_object('refused', 'NOT_FOUND');
  END IF;
  -- The request's row before the check: an approval proposing this deposit holds it until it commits, and the
  -- check (a statement of its own, READ COMMITTED) then sees that proposal.
  PERFORM 1 FROM requests x WHERE x.id = p_id AND x.user_id = p_user_id AND x.status = 'PENDING' FOR UPDATE;
  IF FOUND AND EXISTS (
    SELECT 1 FROM proposals p
    WHERE p.kind = 'deposit' AND p.status = 'PENDING' AND (p.payload->>'requestId')::bigint = p_id
      AND p.expires_at > p_at) THEN
    RETURN jsonb_build_object('refused', 'REQUEST_AWAITING_APPROVAL');
  END IF;
  UPDATE requests x SET status = 'CANCELLED', handled_by = p_user_id, reason = NULL, updated_at = now()
  WHERE x.id = p_id AND x.user_id = p_user_id AND x.status = 'PENDING'
  RETURNING x.id, x.type, x.coin_symbol, x.amount, x.total INTO r;
  IF NOT FOUND THEN
    SELECT x.user_id, x.status INTO v_owner, v_status FROM requests x WHERE x.id = p_id;
    RETURN jsonb_build_object('refused', CASE
      WHEN v_owner IS DISTINCT FROM p_user_id THEN 'NOT_FOUND'
      WHEN v_status = 'EXPIRED' THEN 'REQUEST_EXPIRED'
      ELSE 'CONFLICT' END);
  END IF;
  IF r.type <> 'DEPOSIT' THEN
    v_post := ledger_post(
      r.type::text || '_RELEASE', 'request-settle:' || r.id, NULL, p_user_id, 'request ' || r.id || ' cancelled',
      jsonb_build_array(
        jsonb_build_object('u', p_user_id, 'c', r.coin_symbol, 'k', 'held', 'a', (-r.total)::text),
        jsonb_build_object('u', p_user_id, 'c', r.coin_symbol, 'k', 'staked', 'a', r.total::text)),
      NULL, NULL);
    UPDATE requests SET settle_posting_id = (v_post->>'posting_id')::bigint WHERE id = r.id;
  END IF;
  INSERT INTO notifications (user_id, kind, params)
  VALUES (p_user_id, 'request_cancelled', jsonb_build_object(
    'requestId', r.id, 'type', r.type, 'coin', r.coin_symbol, 'amount', trim_scale(r.amount)::text));
  INSERT INTO request_events (request_id, status, actor_id) VALUES (r.id, 'CANCELLED', p_user_id);
  RETURN jsonb_build_object('id', r.id, 'status', 'CANCELLED',
    'kind', CASE WHEN r.type <> 'DEPOSIT' THEN r.type::text || '_RELEASE' END);
END;
$$;
