-- Issue 14 item 1: two-factor authentication (TOTP, RFC 6238; lib/auth/two-factor.ts).
-- users.two_factor_secret: the TOTP secret, AES-256-GCM encrypted with FILE_ENCRYPTION_KEY like ID images
--   (lib/storage/crypto.ts, the member's id bound in as associated data); set while enrolling and while on.
-- users.two_factor_enabled_at: NULL = off (or enrolment not confirmed yet); set = on.
-- users.two_factor_last_step: the TOTP time step last accepted, so a code is accepted once (no replay).
ALTER TABLE "users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_two_factor_enabled_check" CHECK ("two_factor_enabled_at" IS NULL OR "two_factor_secret" IS NOT NULL);--> statement-breakpoint
-- Ten one-time recovery codes per enrolment, stored as SHA-256 hex of the code (high-entropy random codes:
-- see lib/auth/two-factor.ts); used_at set once, by a conditional UPDATE, so each works exactly once.
CREATE TABLE "two_factor_recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "two_factor_recovery_codes_user_hash_uq" UNIQUE ("user_id", "code_hash")
);--> statement-breakpoint
-- login_check() answers one more column, member_two_factor (the 2FA flag from the same users row), so a login
-- with 2FA off costs no extra statement and one with 2FA on knows to ask for the code. Arguments and every
-- other rule are those of 0004; the return type changes, so the old function is dropped first.
DROP FUNCTION IF EXISTS login_check(integer, text, integer, double precision, text, integer, double precision, text, integer);--> statement-breakpoint
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
