-- A transfer or withdraw request is opened in one statement that judges every rule under the locks it takes
-- (lib/wallet/requests.ts createTransferRequest), the Korean rules for money that leaves included, and stores the
-- request's Travel Rule record. The order of the locks and of the refusals:
--   1. the member's users row FOR SHARE (users → requests → ledger, as everywhere): not ACTIVE → NOT_FOUND;
--      a running cool-down → COOLDOWN; ID not approved → KYC_REQUIRED; no wallet address → WALLET_REQUIRED;
--      another address than the caller's → {"wallet": <the address>}, nothing written (the caller computes the fee
--      for that address and calls again: lib/wallet/fees.ts keeps the fee's rule);
--   2. where the address sends to, under that lock (a wallet change waits for the request): its exchange BLOCKED in
--      destinations → DESTINATION_BLOCKED {exchange} at any amount; a PERSONAL wallet without a personal_wallets
--      row of this member for lower(address) (its signature proven) → ADDRESS_NOT_VERIFIED;
--   3. the amount: more decimals than p_decimals → INVALID_AMOUNT; then no usable KRW price (p_price_krw null) →
--      PRICE_UNAVAILABLE;
--   4. the request row claims the one-pending slot → DUPLICATE_PENDING; then below p_min_amount → BELOW_MINIMUM;
--   5. the member's accounts of the coin FOR UPDATE in id order; staked < amount + fee → ABOVE_MAXIMUM (for an
--      amount of at most two decimals, floor2(staked − fee) ≥ amount is exactly staked ≥ amount + fee);
--   6. the KRW hold, under the same lock: the member's deposits of the coin credited (requests.credited_at, the
--      application clock) after p_created_at − p_krw_hold_hours are `recent`; inLock = max(0, recent − holding)
--      (bought coins count as still in holding first; swapped into the lock they are held there); amount + fee >
--      staked − inLock → KRW_HOLD {heldAmount: inLock, staked, opensAt: the earliest instant at which enough of the
--      recent credits have aged out for this request to pass};
--   7. today's KRW total (outgoing_krw, this request excluded) + amount × price over the member's limit (override,
--      else p_default_limit_krw) → DAILY_LIMIT;
--   8. the hold (staked → held) through ledger_post, keyed request-hold:<id>, the request's hold posting and its
--      PENDING event; with p_travel_rule (the caller passes it at or above TRAVEL_RULE_THRESHOLD_KRW, else null)
--      the request's travel_rule_records row: the caller's IVMS 101 record, beneficiary and amounts, with the
--      network, exchange and address of the locked row.
-- The minimum and the decimals are lib/constants.ts's MIN_TRANSFER and TRANSFER_DECIMALS, passed in; they are
-- judged here, at their rank among the other refusals.
-- Every rule decides on p_created_at (the application clock, lib/clock.ts), never on the database's now().
-- A refusal raises SQLSTATE WL003 with the code as its message and its facts as DETAIL (JSON): the statement, and a
-- caller's transaction, roll back whole — nothing of the request remains. Answers {"id", "hold_posting_id"}.
CREATE OR REPLACE FUNCTION transfer_request_open(
  p_user_id integer,
  p_type request_type,
  p_coin coin,
  p_amount numeric,
  p_fee numeric,
  p_wallet_addr text,
  p_price_krw numeric,
  p_created_at timestamptz,
  p_min_amount numeric,
  p_decimals integer,
  p_day_start timestamptz,
  p_day_end timestamptz,
  p_default_limit_krw numeric,
  p_krw_hold_hours integer,
  p_travel_rule jsonb
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  u record;
  v_id bigint;
  v_total numeric := p_amount + p_fee;
  v_exchange text;
  v_blocked text;
  v_staked numeric;
  v_holding numeric;
  v_hold interval := make_interval(hours => p_krw_hold_hours);
  v_recent numeric;
  v_in_lock numeric;
  v_opens timestamptz;
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

  v_exchange := split_part(u.wallet_addr, '|', 2);
  IF upper(v_exchange) = 'PERSONAL' THEN
    IF NOT EXISTS (
      SELECT 1 FROM personal_wallets w
      WHERE w.user_id = p_user_id AND w.address = lower(split_part(u.wallet_addr, '|', 3))) THEN
      RAISE EXCEPTION 'ADDRESS_NOT_VERIFIED' USING ERRCODE = 'WL003', DETAIL = '{}';
    END IF;
  ELSE
    SELECT d.name INTO v_blocked FROM destinations d WHERE lower(d.name) = lower(v_exchange) AND d.status = 'BLOCKED';
    IF v_blocked IS NOT NULL THEN
      RAISE EXCEPTION 'DESTINATION_BLOCKED' USING ERRCODE = 'WL003',
        DETAIL = jsonb_build_object('exchange', v_blocked)::text;
    END IF;
  END IF;

  IF p_amount <> round(p_amount, p_decimals) THEN
    RAISE EXCEPTION 'INVALID_AMOUNT' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF p_price_krw IS NULL THEN
    RAISE EXCEPTION 'PRICE_UNAVAILABLE' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;

  INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, wallet_addr, price_krw, created_at)
  VALUES (p_user_id, p_type, p_coin, p_amount, p_fee, v_total, u.wallet_addr, p_price_krw, p_created_at)
  ON CONFLICT (user_id, coin_symbol, type) WHERE status = 'PENDING' DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RAISE EXCEPTION 'DUPLICATE_PENDING' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;
  IF p_amount < p_min_amount THEN
    RAISE EXCEPTION 'BELOW_MINIMUM' USING ERRCODE = 'WL003', DETAIL = '{}';
  END IF;

  SELECT COALESCE(sum(a.balance) FILTER (WHERE a.kind = 'staked'), 0),
    COALESCE(sum(a.balance) FILTER (WHERE a.kind = 'holding'), 0)
  INTO v_staked, v_holding
  FROM (SELECT x.kind, x.balance FROM ledger_accounts x
        WHERE x.user_id = p_user_id AND x.coin = p_coin ORDER BY x.id FOR UPDATE) a;
  IF v_staked < v_total THEN
    RAISE EXCEPTION 'ABOVE_MAXIMUM' USING ERRCODE = 'WL003',
      DETAIL = jsonb_build_object('staked', v_staked::text)::text;
  END IF;

  SELECT COALESCE(sum(r.amount), 0) INTO v_recent FROM requests r
  WHERE r.user_id = p_user_id AND r.type = 'DEPOSIT' AND r.credited_at IS NOT NULL
    AND r.credited_at > p_created_at - v_hold AND r.coin_symbol = p_coin;
  v_in_lock := GREATEST(0, v_recent - v_holding);
  IF v_total > v_staked - v_in_lock THEN
    -- The request passes once the credits still recent are at most holding + staked − (amount + fee) (≥ holding,
    -- since staked ≥ amount + fee): the credit whose ageing-out leaves at most that behind opens it.
    SELECT min(c.credited_at) + v_hold INTO v_opens FROM (
      SELECT r.credited_at, COALESCE(sum(r.amount) OVER (
          ORDER BY r.credited_at DESC, r.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
      FROM requests r
      WHERE r.user_id = p_user_id AND r.type = 'DEPOSIT' AND r.credited_at IS NOT NULL
        AND r.credited_at > p_created_at - v_hold AND r.coin_symbol = p_coin) c
    WHERE c.newer <= v_holding + v_staked - v_total;
    RAISE EXCEPTION 'KRW_HOLD' USING ERRCODE = 'WL003',
      DETAIL = jsonb_build_object('heldAmount', v_in_lock::text, 'staked', v_staked::text, 'opensAt', v_opens)::text;
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
  IF p_travel_rule IS NOT NULL THEN
    INSERT INTO travel_rule_records (request_id, user_id, threshold_krw, amount, amount_krw, network, exchange,
      address, beneficiary_name, self_owned, relationship, ivms101, created_at)
    VALUES (v_id, p_user_id, (p_travel_rule->>'thresholdKrw')::numeric, p_amount,
      (p_travel_rule->>'amountKrw')::numeric, split_part(u.wallet_addr, '|', 1), v_exchange,
      split_part(u.wallet_addr, '|', 3), p_travel_rule->>'beneficiaryName', (p_travel_rule->>'selfOwned')::boolean,
      p_travel_rule->>'relationship', p_travel_rule->'ivms101', p_created_at);
  END IF;
  RETURN jsonb_build_object('id', v_id, 'hold_posting_id', (v_post->>'posting_id')::bigint);
END;
$$;
