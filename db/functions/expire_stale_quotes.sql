-- A deposit quote holds until it runs out, then it is EXPIRED: the ones that ran out become EXPIRED, each with its
-- timeline event, in one statement (lib/wallet/deposit-quotes.ts expireStaleQuotes; the periodic sweep passes no
-- member and no request). The UPDATE re-checks the status, so several instances sweeping at once expire each quote
-- once. Answers how many expired.
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
