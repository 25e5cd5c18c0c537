-- Issue 13: a transfer or withdraw request opened in one statement (lib/wallet/requests.ts createTransferRequest),
-- instead of seven (the member's lock, the request, the accounts' lock, today's usage, the hold's posting, the
-- hold's link and the first timeline event). The order of the locks and of the refusals is the one the
-- TypeScript followed, statement for statement:
--   1. the member's users row FOR SHARE (users → requests → ledger, as everywhere): not ACTIVE → NOT_FOUND;
--      a running cool-down → COOLDOWN; ID not approved → KYC_REQUIRED; no wallet address → WALLET_REQUIRED;
--   2. a verdict that depends on nothing in the database (a bad amount, no known price), judged by the caller and
--      passed as p_static_refusal, is raised here, where the rules rank it;
--   3. the request row claims the one-pending slot (requests_one_pending_uq; a concurrent claim is waited for):
--      taken → DUPLICATE_PENDING; then the caller's p_below_minimum → BELOW_MINIMUM;
--   4. the member's accounts of the coin FOR UPDATE in id order; staked < amount + fee → ABOVE_MAXIMUM (for an
--      amount of at most two decimals, floor2(staked − fee) ≥ amount is exactly staked ≥ amount + fee);
--   5. today's KRW total (outgoing_krw below, this request excluded) + amount × price over the member's limit
--      (override, else p_default_limit_krw) → DAILY_LIMIT;
--   6. the hold (staked → held) through ledger_post, keyed request-hold:<id>, then the request's hold posting and
--      its PENDING event.
-- The fee is the caller's, computed from the wallet address the caller read (lib/wallet/fees.ts keeps that rule);
-- when the locked row holds another address nothing is written and the answer is {"wallet": <the address>}, so
-- the caller can compute the fee again and call once more.
-- A refusal raises SQLSTATE WL003 with the code as its message and the facts the caller explains it with as
-- DETAIL (JSON): the statement, and a caller's transaction, roll back whole — nothing of the request remains.
-- Answers {"id", "hold_posting_id"}.
--
-- outgoing_krw(): what counts against the daily limit, in one place — the member's TRANSFER and WITHDRAW requests
-- created in [p_start, p_end) that are PENDING or APPROVED, each amount × the KRW price stored on it (none: 0),
-- except p_exclude. Read by transfer_request_open and by the transfer screen's status (db/queries/withdraw-limits.ts).
CREATE OR REPLACE FUNCTION outgoing_krw(p_user_id integer, p_start timestamptz, p_end timestamptz, p_exclude bigint)
RETURNS numeric LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- plpgsql, not sql: its plan is kept for the session (a sql function called like this is planned on every call).
  RETURN (
    SELECT COALESCE(sum(r.amount * COALESCE(r.price_krw, 0)), 0) FROM requests r
    WHERE r.user_id = p_user_id AND r.type IN ('TRANSFER', 'WITHDRAW') AND r.status IN ('PENDING', 'APPROVED')
      AND r.created_at >= p_start AND r.created_at < p_end AND r.id IS DISTINCT FROM p_exclude);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transfer_request_open(
  p_user_id integer,
  p_type request_type,
  p_coin coin,
  p_amount numeric,
  p_fee numeric,
  p_wallet_addr text,
  p_price_krw numeric,
  p_created_at timestamptz,
  p_static_refusal text,
  p_below_minimum boolean,
  p_day_start timestamptz,
  p_day_end timestamptz,
  p_default_limit_krw numeric
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  u record;
  v_id bigint;
  v_total numeric := p_amount + p_fee;
  v_staked numeric;
  v_used numeric;
  v_limit numeric;
  v_post jsonb;
BEGIN
  SELECT x.status, x.id_status, x.wallet_addr, x.money_cooldown_until, x.daily_withdraw_limit_krw INTO u
  FROM users x WHERE x.id = p_user_id FOR SHARE;
  IF NOT FOUND OR u.status <> 'ACTIVE' THEN
    RAISE EXCEPTION 'NOT_FOUND' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF u.money_cooldown_until IS NOT NULL AND u.money_cooldown_until > p_created_at THEN
    RAISE EXCEPTION 'COOLDOWN' USING ERRCODE = 'WL003',
      DETAIL = jsonb_build_object('until', u.money_cooldown_until)::text;
  END IF;
  IF u.id_status <> 'APPROVED' THEN
    RAISE EXCEPTION 'KYC_REQUIRED' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF u.wallet_addr IS NULL THEN
    RAISE EXCEPTION 'WALLET_REQUIRED' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF u.wallet_addr IS DISTINCT FROM p_wallet_addr THEN
    RETURN jsonb_build_object('wallet', u.wallet_addr);
  END IF;
  IF p_static_refusal IS NOT NULL THEN
    RAISE EXCEPTION '%', p_static_refusal USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;

  INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, wallet_addr, price_krw, created_at)
  VALUES (p_user_id, p_type, p_coin, p_amount, p_fee, v_total, u.wallet_addr, p_price_krw, p_created_at)
  ON CONFLICT (user_id, coin_symbol, type) WHERE status = 'PENDING' DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RAISE EXCEPTION 'DUPLICATE_PENDING' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF p_below_minimum THEN
    RAISE EXCEPTION 'BELOW_MINIMUM' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;

  SELECT COALESCE(sum(a.balance) FILTER (WHERE a.kind = 'staked'), 0) INTO v_staked
  FROM (SELECT x.kind, x.balance FROM ledger_accounts x
        WHERE x.user_id = p_user_id AND x.coin = p_coin ORDER BY x.id FOR UPDATE) a;
  IF v_staked < v_total THEN
    RAISE EXCEPTION 'ABOVE_MAXIMUM' USING ERRCODE = 'WL003',
      DETAIL = jsonb_build_object('staked', v_staked::text)::text;
  END IF;

  v_used := outgoing_krw(p_user_id, p_day_start, p_day_end, v_id);
  v_limit := COALESCE(u.daily_withdraw_limit_krw, p_default_limit_krw);
  IF v_used + p_amount * p_price_krw > v_limit THEN
    RAISE EXCEPTION 'DAILY_LIMIT' USING ERRCODE = 'WL003',
      DETAIL = jsonb_build_object('usedKrw', v_used::text, 'limitKrw', v_limit::text)::text;
  END IF;

  v_post := ledger_post(
    p_type::text || '_HOLD', 'request-hold:' || v_id, NULL, p_user_id, 'request ' || v_id,
    jsonb_build_array(
      jsonb_build_object('u', p_user_id, 'c', p_coin, 'k', 'staked', 'a', (-v_total)::text),
      jsonb_build_object('u', p_user_id, 'c', p_coin, 'k', 'held', 'a', v_total::text)),
    NULL, NULL);
  UPDATE requests SET hold_posting_id = (v_post->>'posting_id')::bigint WHERE id = v_id;
  INSERT INTO request_events (request_id, status, actor_id) VALUES (v_id, 'PENDING', p_user_id);
  RETURN jsonb_build_object('id', v_id, 'hold_posting_id', (v_post->>'posting_id')::bigint);
END;
$$;
--> statement-breakpoint
-- expire_stale_quotes(): deposit quotes that ran out become EXPIRED, each with its timeline event, in one statement
-- (lib/wallet/deposit-quotes.ts expireStaleQuotes; the periodic sweep passes no member and no request). The UPDATE
-- re-checks the status, so several instances sweeping at once expire each quote once. Answers how many expired.
CREATE OR REPLACE FUNCTION expire_stale_quotes(p_user_id integer, p_id bigint) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ids bigint[];
BEGIN
  -- plpgsql, not sql: a migration run creates it in the transaction that added 'EXPIRED' to the enum, and a sql
  -- function's body is checked (and the new value refused) when it is created. One statement per scope, so that
  -- each keeps a plan on its own index (one request by its key, a member's by the one-pending index, the sweep by
  -- status) — a single statement with "p_id IS NULL OR id = p_id" would get one generic plan for all three.
  IF p_id IS NOT NULL THEN
    WITH expired AS (
      UPDATE requests SET status = 'EXPIRED', updated_at = now()
      WHERE id = p_id AND (p_user_id IS NULL OR user_id = p_user_id)
        AND status = 'PENDING' AND type = 'DEPOSIT' AND quote_expires_at <= now()
      RETURNING id)
    SELECT array_agg(id) INTO v_ids FROM expired;
  ELSIF p_user_id IS NOT NULL THEN
    WITH expired AS (
      UPDATE requests SET status = 'EXPIRED', updated_at = now()
      WHERE user_id = p_user_id AND status = 'PENDING' AND type = 'DEPOSIT' AND quote_expires_at <= now()
      RETURNING id)
    SELECT array_agg(id) INTO v_ids FROM expired;
  ELSE
    WITH expired AS (
      UPDATE requests SET status = 'EXPIRED', updated_at = now()
      WHERE status = 'PENDING' AND type = 'DEPOSIT' AND quote_expires_at <= now()
      RETURNING id)
    SELECT array_agg(id) INTO v_ids FROM expired;
  END IF;
  IF v_ids IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO request_events (request_id, status, actor_id, reason)
  SELECT u.id, 'EXPIRED', NULL, 'quote expired' FROM unnest(v_ids) AS u(id) ORDER BY u.id;
  RETURN cardinality(v_ids);
END;
$$;
--> statement-breakpoint
-- request_cancel(): the member cancels their own PENDING request in one statement (lib/wallet/request-decisions.ts
-- cancelRequest): the member's users row FOR SHARE (not ACTIVE → NOT_FOUND); their deposit quote that ran out is
-- expired (and stays expired when the cancel is refused; the TypeScript did this first, in a transaction of its
-- own, which one statement cannot do without taking the request row before the member's); the status
-- change exactly once (UPDATE … WHERE status = 'PENDING', so a racing administrator or second cancel gets one
-- outcome); a transfer/withdraw hold goes back to staked through ledger_post, keyed request-settle:<id>, and is
-- linked to the request; the member's notification and the timeline event.
-- A refusal writes nothing but the expiry and answers {"refused": "NOT_FOUND" | "REQUEST_EXPIRED" | "CONFLICT"};
-- else {"id", "status": "CANCELLED"}.
CREATE OR REPLACE FUNCTION request_cancel(p_id bigint, p_user_id integer) RETURNS jsonb
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
