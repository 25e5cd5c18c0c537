/**
 * The roles, one list for the database enum (db/schema.ts `role`, migration 0026) and the permission table
 * (lib/auth/permissions.ts). Apart from lib/constants.ts so that member pages, which never branch on a role, do not
 * carry these lists in their first-load JavaScript.
 */

/** A role, as the screens read it (types only: erased from the client's JavaScript). */
export type { Role } from "@/db/schema";

/** Every role, lowest first (the same list as the `role` enum in db/schema.ts). */
export const ROLES = ["USER", "SUPPORT", "FINANCE", "COMPLIANCE", "ADMIN", "SUPERADMIN"] as const;

/** The administrators: every console permission but the SUPERADMIN-only ones (lib/auth/permissions.ts). */
export const ADMIN_ROLES = ["ADMIN", "SUPERADMIN"] as const;

/**
 * Staff roles: console users with a narrow set of permissions — SUPPORT (고객지원), FINANCE (재무),
 * COMPLIANCE (준법감시). They never act on an ADMIN or SUPERADMIN account, nor on their own (targetRefusal).
 */
export const STAFF_ROLES = ["SUPPORT", "FINANCE", "COMPLIANCE"] as const;

/**
 * Every role with a console session (console.open): staff and administrators. They get the console's idle
 * timeout, the ADMIN_2FA rule, a four-eyes grant and a 72-hour wait as approvers.
 */
export const CONSOLE_ROLES = [...STAFF_ROLES, ...ADMIN_ROLES] as const;
