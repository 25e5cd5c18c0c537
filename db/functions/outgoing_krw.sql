-- What counts against the daily limit, in one place: the member's TRANSFER and WITHDRAW requests created in
-- [p_start, p_end) that are on their way out — PENDING, APPROVED, SENDING or PAID (FAILED, refunded, frees its share
-- like a rejection) — each amount × the KRW price stored on it (none: 0), except p_exclude. Read by
-- transfer_request_open and by the transfer screen's status (db/queries/withdraw-limits.ts).
CREATE OR REPLACE FUNCTION outgoing_krw(p_user_id integer, p_start timestamptz, p_end timestamptz, p_exclude bigint)
RETURNS numeric LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- plpgsql, not sql: its plan is kept for the session (a sql function called like this is planned on every call).
  RETURN (
    SELECT COALESCE(sum(r.amount * COALESCE(r.price_krw, 0)), 0) FROM requests r
    WHERE r.user_id = p_user_id AND r.type IN ('TRANSFER', 'WITHDRAW')
      AND r.status::text IN ('PENDING', 'APPROVED', 'SENDING', 'PAID')
      AND r.created_at >= p_start AND r.created_at < p_end AND r.id IS DISTINCT FROM p_exclude);
END;
$$;
