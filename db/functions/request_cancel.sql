-- A member cancels only their own PENDING request, once, in one statement (lib/wallet/request-decisions.ts
-- cancelRequest): the member's users row FOR SHARE (not ACTIVE → NOT_FOUND); their deposit quote that ran out is
-- expired (and stays expired when the cancel is refused: one statement cannot expire it in a transaction of its own
-- without taking the request row before the member's); a deposit whose approval waits for a second administrator (a
-- PENDING `deposit` proposal not expired at p_at, the application clock) is refused REQUEST_AWAITING_APPROVAL —
-- checked holding the request's row, which proposing the deposit also holds, so the two cannot cross; a deposit
-- whose KRW arrived (requests.krw_confirmed_at: a bank statement line matched it, or an administrator's approval
-- named the KRW received) is refused DEPOSIT_RECEIVED; then the status change exactly once (UPDATE … WHERE status =
-- 'PENDING', so a racing administrator or second cancel gets one outcome); a transfer/withdraw hold goes back to
-- staked through ledger_post, keyed request-settle:<id>, and is linked to the request; the member's notification and
-- the timeline event.
-- A refusal writes nothing but the expiry and answers {"refused": "NOT_FOUND" | "REQUEST_EXPIRED" | "CONFLICT" |
-- "REQUEST_AWAITING_APPROVAL" | "DEPOSIT_RECEIVED"}; else {"id", "status": "CANCELLED", "kind"}.
CREATE OR REPLACE FUNCTION request_cancel(p_id bigint, p_user_id integer, p_at timestamptz) RETURNS jsonb
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
  -- A deposit whose KRW the bank statement (or an administrator naming it) confirmed is no longer the
  -- member's to cancel: the money arrived, and an administrator credits it or returns it.
  IF EXISTS (SELECT 1 FROM requests x WHERE x.id = p_id AND x.user_id = p_user_id AND x.status = 'PENDING'
      AND x.krw_confirmed_at IS NOT NULL) THEN
    RETURN jsonb_build_object('refused', 'DEPOSIT_RECEIVED');
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
