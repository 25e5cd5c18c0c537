-- 0026_staff_roles (issue 30 item 4): three staff roles besides USER, ADMIN and SUPERADMIN — SUPPORT (고객지원),
-- FINANCE (재무), COMPLIANCE (준법감시). What each may do is lib/auth/permissions.ts, the one table; granting one is
-- a four-eyes `role` proposal like granting ADMIN (lib/auth/account-proposals.ts).
-- Drizzle applies every pending migration in ONE transaction, and a value added by ALTER TYPE … ADD VALUE cannot
-- be used before that transaction commits: this migration only adds the values, and nothing in it or in any later
-- migration of the same run names them (the application uses them once the migration has committed). IF NOT
-- EXISTS keeps a re-run harmless. BEFORE 'ADMIN' keeps the enum's order lowest first, as lib/constants.ts ROLES:
-- USER, SUPPORT, FINANCE, COMPLIANCE, ADMIN, SUPERADMIN.
-- No SQL guard names a role other than by exclusion of SUPERADMIN (`role <> 'SUPERADMIN'`), which stays right.
ALTER TYPE "public"."role" ADD VALUE IF NOT EXISTS 'SUPPORT' BEFORE 'ADMIN';
--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE IF NOT EXISTS 'FINANCE' BEFORE 'ADMIN';
--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE IF NOT EXISTS 'COMPLIANCE' BEFORE 'ADMIN';
