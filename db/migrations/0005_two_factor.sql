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
-- The new login_check(): db/functions/login_check.sql, applied after the migrations (db/migrate.ts).
