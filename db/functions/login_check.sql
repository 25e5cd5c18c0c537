-- A login's failure budgets hold however many guesses arrive at once: the checks before a password hash
-- (lib/auth/login.ts checkPassword), in one call instead of five statements — the address's failure budget (before
-- any lock: an attempt refused for its address counts against no account), then the per-account advisory lock (held
-- until the caller's transaction ends, so parallel guesses at one account are hashed one after another and see each
-- other's failures), then the account's and again the address's budget (each statement of this VOLATILE function
-- reads a fresh snapshot, so failures committed while waiting for the lock are seen), then the ACTIVE member by
-- handle or by id, with their two-factor flag (member_two_factor: a login with 2FA off costs no extra statement, one
-- with 2FA on knows to ask for the code).
-- A budget counts while its window (started at window_start) lasts; `blocked` when count >= max.
CREATE OR REPLACE FUNCTION login_check(
  p_lock_ns integer,
  p_account_key text,
  p_account_max integer,
  p_account_window_sec double precision,
  p_ip_key text,
  p_ip_max integer,
  p_ip_window_sec double precision,
  p_handle text,
  p_member_id integer
) RETURNS TABLE (
  blocked_by text,
  retry_after integer,
  member_id integer,
  member_handle text,
  member_role text,
  member_hash text,
  member_two_factor boolean
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_count integer;
  v_retry integer;
BEGIN
  IF p_ip_key IS NOT NULL THEN
    SELECT r.count, greatest(1, ceil(extract(epoch FROM
             (r.window_start + make_interval(secs => p_ip_window_sec) - now()))))::integer
    INTO v_count, v_retry
    FROM rate_limits r WHERE r.key = p_ip_key AND r.window_start > now() - make_interval(secs => p_ip_window_sec);
    IF COALESCE(v_count, 0) >= p_ip_max THEN
      RETURN QUERY SELECT 'ip'::text, v_retry, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean;
      RETURN;
    END IF;
  END IF;

  PERFORM pg_advisory_xact_lock(p_lock_ns, hashtext(p_account_key));

  v_count := NULL;
  SELECT r.count, greatest(1, ceil(extract(epoch FROM
           (r.window_start + make_interval(secs => p_account_window_sec) - now()))))::integer
  INTO v_count, v_retry
  FROM rate_limits r WHERE r.key = p_account_key AND r.window_start > now() - make_interval(secs => p_account_window_sec);
  IF COALESCE(v_count, 0) >= p_account_max THEN
    RETURN QUERY SELECT 'account'::text, v_retry, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean;
    RETURN;
  END IF;

  IF p_ip_key IS NOT NULL THEN
    v_count := NULL;
    SELECT r.count, greatest(1, ceil(extract(epoch FROM
             (r.window_start + make_interval(secs => p_ip_window_sec) - now()))))::integer
    INTO v_count, v_retry
    FROM rate_limits r WHERE r.key = p_ip_key AND r.window_start > now() - make_interval(secs => p_ip_window_sec);
    IF COALESCE(v_count, 0) >= p_ip_max THEN
      RETURN QUERY SELECT 'ip'::text, v_retry, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean;
      RETURN;
    END IF;
  END IF;

  IF p_member_id IS NULL THEN
    RETURN QUERY SELECT NULL::text, 0, u.id, u.user_id, u.role::text, u.password_hash,
      u.two_factor_enabled_at IS NOT NULL
    FROM users u WHERE lower(u.user_id) = lower(p_handle) AND u.status = 'ACTIVE';
  ELSE
    RETURN QUERY SELECT NULL::text, 0, u.id, u.user_id, u.role::text, u.password_hash,
      u.two_factor_enabled_at IS NOT NULL
    FROM users u WHERE u.id = p_member_id AND u.status = 'ACTIVE';
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT NULL::text, 0, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean;
  END IF;
END;
$$;
