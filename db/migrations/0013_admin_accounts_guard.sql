-- Issue 26 item 3 and the two-factor-per-session finding: no account grants itself a second pair of eyes
-- (lib/auth/account-proposals.ts).
-- users.password_change_required: set by every password reset (a temporary password), cleared by the member's
--   own change; while set, every authenticated call but the change itself answers 403 PASSWORD_CHANGE_REQUIRED.
-- users.approver_from: the account approves no proposal before then (403 APPROVER_TOO_NEW): 72 hours after it was
--   promoted to an administrator role or had its password or two-factor reset. NULL: no wait (every existing
--   account, the seeded demo and the first SUPERADMIN of `npm run admin:create`).
-- sessions.two_factor_at: the session passed two-factor (a login with a code, or the enrolment made from it);
--   with ADMIN_2FA=required an administrator's session acts only with it (lib/api/with-auth.ts).
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approver_from" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_at" timestamp with time zone;
--> statement-breakpoint
-- A live session begun after its account turned two-factor on came through the code (a password alone starts
-- no session then): it keeps counting as a two-factor session. The session an account enrolled from, and any
-- older one, did not pass it and must sign in again.
UPDATE "sessions" s SET "two_factor_at" = s."created_at"
  FROM "users" u
  WHERE u."id" = s."user_id" AND u."two_factor_enabled_at" IS NOT NULL AND s."revoked_at" IS NULL
    AND s."created_at" >= u."two_factor_enabled_at";
