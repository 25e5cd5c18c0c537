-- A ledger posting is one statement, every ledger rule checked here: the whole posting of lib/ledger post() in one
-- call (one round trip instead of ~12):
--   * at least two legs, none zero, at most 18 decimals, and the legs balance per coin;
--   * the idempotency key applies at most once: a replay returns the first posting (and its history rows),
--     another request hash is refused (SQLSTATE WL002);
--   * accounts are found, or created when missing, then locked in id order (FOR NO KEY UPDATE, as the batch
--     posting and the balance updates do), so concurrent postings never deadlock;
--   * balances move by one guarded relative update per account: a member account never goes below zero
--     (SQLSTATE WL001, with the account kind as DETAIL; the CHECK constraint stays as the last line);
--   * the entries, the member's history rows and the audit row are written by the same statement, so they
--     commit or vanish together with the balances.
-- Errors abort the statement; inside a caller's transaction they abort that transaction (no savepoint).
--
-- Legs:      [{"u": member id or null, "c": coin, "k": account kind, "a": "amount"}, …]
-- Member tx: [{"u": member id, "t": tx type, "c": coin, "a": "amount"}, …] or null
-- Audit:     {"action", "actorId", "targetUserId", "targetId", "ip", "requestId", "before", "after", "memo"} or null
-- Answers:   {"posting_id", "replayed", "balances": [{"u","c","k","b"} in account id order], "transaction_ids"}
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_idempotency_key text,
  p_request_hash text,
  p_actor_id integer,
  p_memo text,
  p_legs jsonb,
  p_member_tx jsonb,
  p_audit jsonb
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_posting bigint;
  v_prior_id bigint;
  v_prior_hash text;
  v_legs int := jsonb_array_length(p_legs);
  v_ids bigint[];
  v_coins coin[];
  v_amounts numeric[];
  v_expected int;
  v_updated int;
  v_balances jsonb;
  v_short text;
  v_tx jsonb := '[]'::jsonb;
BEGIN
  IF v_legs < 2 THEN
    RAISE EXCEPTION 'ledger: a posting needs at least two legs';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_legs) l
    WHERE (l->>'a')::numeric = 0 OR (l->>'a')::numeric <> round((l->>'a')::numeric, 18)
  ) THEN
    RAISE EXCEPTION 'ledger: a zero leg, or more decimals than the coin has';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_legs) l GROUP BY l->>'c' HAVING sum((l->>'a')::numeric) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger: posting does not balance';
  END IF;

  INSERT INTO ledger_postings (kind, idempotency_key, request_hash, actor_id, memo)
  VALUES (p_kind, p_idempotency_key, p_request_hash, p_actor_id, p_memo)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_posting;
  IF v_posting IS NULL THEN
    -- The key was used before (or by a concurrent posting that has now committed).
    SELECT p.id, p.request_hash INTO v_prior_id, v_prior_hash
    FROM ledger_postings p WHERE p.idempotency_key = p_idempotency_key;
    IF v_prior_id IS NULL THEN
      RAISE EXCEPTION 'ledger: idempotency key conflict without a posting';
    END IF;
    IF v_prior_hash IS DISTINCT FROM p_request_hash THEN
      RAISE EXCEPTION 'IDEMPOTENCY_MISMATCH' USING ERRCODE = 'WL002';
    END IF;
    RETURN jsonb_build_object(
      'posting_id', v_prior_id,
      'replayed', true,
      'balances', '[]'::jsonb,
      'transaction_ids', COALESCE(
        (SELECT jsonb_agg(t.id ORDER BY t.id) FROM transactions t WHERE t.posting_id = v_prior_id), '[]'::jsonb));
  END IF;

  -- Every leg's account id (by the owner/coin/kind unique index); missing accounts are created once.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(a.id ORDER BY l.ord), array_agg((l.v->>'c')::coin ORDER BY l.ord),
           array_agg((l.v->>'a')::numeric ORDER BY l.ord)
    INTO v_ids, v_coins, v_amounts
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(v, ord)
    CROSS JOIN LATERAL (
      SELECT x.id FROM ledger_accounts x
      WHERE x.user_id = (l.v->>'u')::integer AND x.coin = (l.v->>'c')::coin AND x.kind = (l.v->>'k')::account_kind
      UNION ALL
      SELECT x.id FROM ledger_accounts x
      WHERE l.v->>'u' IS NULL AND x.user_id IS NULL
        AND x.coin = (l.v->>'c')::coin AND x.kind = (l.v->>'k')::account_kind
    ) a;
    EXIT WHEN COALESCE(array_length(v_ids, 1), 0) = v_legs;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'ledger: account vanished';
    END IF;
    INSERT INTO ledger_accounts (user_id, coin, kind)
    SELECT DISTINCT (l->>'u')::integer, (l->>'c')::coin, (l->>'k')::account_kind
    FROM jsonb_array_elements(p_legs) l
    ON CONFLICT DO NOTHING;
  END LOOP;

  -- Lock every touched account in id order before any balance moves.
  PERFORM 1 FROM ledger_accounts x WHERE x.id = ANY (v_ids) ORDER BY x.id FOR NO KEY UPDATE;

  -- One net change per account, a guarded relative update each.
  WITH net AS (
    SELECT t.id, sum(t.amount) AS amount FROM unnest(v_ids, v_amounts) AS t(id, amount)
    GROUP BY t.id HAVING sum(t.amount) <> 0
  ), moved AS (
    UPDATE ledger_accounts x SET balance = x.balance + net.amount, updated_at = now()
    FROM net
    WHERE x.id = net.id AND (x.user_id IS NULL OR net.amount > 0 OR x.balance + net.amount >= 0)
    RETURNING x.id, x.user_id, x.coin, x.kind, x.balance
  )
  SELECT (SELECT count(*) FROM net), count(*),
         jsonb_agg(jsonb_build_object('u', m.user_id, 'c', m.coin, 'k', m.kind, 'b', m.balance::text) ORDER BY m.id)
  INTO v_expected, v_updated, v_balances
  FROM moved m;
  IF v_updated <> v_expected THEN
    SELECT x.kind::text INTO v_short
    FROM (SELECT t.id, sum(t.amount) AS amount FROM unnest(v_ids, v_amounts) AS t(id, amount) GROUP BY t.id) net
    JOIN ledger_accounts x ON x.id = net.id
    WHERE x.user_id IS NOT NULL AND x.balance + net.amount < 0
    ORDER BY x.id LIMIT 1;
    RAISE EXCEPTION 'INSUFFICIENT_FUNDS' USING ERRCODE = 'WL001', DETAIL = COALESCE(v_short, '');
  END IF;

  INSERT INTO ledger_entries (posting_id, account_id, coin, amount)
  SELECT v_posting, t.id, t.coin, t.amount
  FROM unnest(v_ids, v_coins, v_amounts) WITH ORDINALITY AS t(id, coin, amount, ord)
  ORDER BY t.ord;

  IF p_member_tx IS NOT NULL AND jsonb_array_length(p_member_tx) > 0 THEN
    WITH ins AS (
      INSERT INTO transactions (user_id, type, coin_symbol, amount, posting_id)
      SELECT (m.v->>'u')::integer, (m.v->>'t')::tx_type, (m.v->>'c')::coin, (m.v->>'a')::numeric, v_posting
      FROM jsonb_array_elements(p_member_tx) WITH ORDINALITY AS m(v, ord)
      ORDER BY m.ord
      RETURNING id
    )
    SELECT jsonb_agg(ins.id ORDER BY ins.id) INTO v_tx FROM ins;
  END IF;

  IF p_audit IS NOT NULL THEN
    INSERT INTO audit_log (action, actor_id, target_user_id, target_id, ip, request_id, before, after, memo)
    VALUES (
      p_audit->>'action', (p_audit->>'actorId')::integer, (p_audit->>'targetUserId')::integer,
      p_audit->>'targetId', p_audit->>'ip', p_audit->>'requestId', p_audit->'before',
      COALESCE(p_audit->'after', jsonb_build_object('posting', v_posting, 'kind', p_kind)), p_audit->>'memo');
  END IF;

  RETURN jsonb_build_object(
    'posting_id', v_posting,
    'replayed', false,
    'balances', COALESCE(v_balances, '[]'::jsonb),
    'transaction_ids', v_tx);
END;
$$;
