/**
 * Row format of the authorization matrix (tests/integration/authz-matrix.test.ts).
 * See README.md in this folder. One file per domain exports `rows: AuthzRow[]`.
 */
import type { TestUser } from "../../factories/users";

/** The five callers every row is run with. */
export type Who = "guest" | "self" | "other" | "admin" | "superadmin";

/**
 * The staff roles (SUPPORT, FINANCE, COMPLIANCE), each also run against every row. A row that leaves one out
 * expects what `other` gets (a staff member holds no permission a row does not name); a row whose route a staff
 * role may use names it: `expect: { ...ADMIN_ONLY, support: ALLOWED }`.
 */
export type StaffWho = "support" | "finance" | "compliance";

/** Every caller a row runs with. */
export type Caller = Who | StaffWho;

/**
 * What a caller must get:
 * - a status number (exact), or a list of acceptable statuses;
 * - ALLOWED: authorization passed — anything except 401 and 403 (and never a 5xx).
 */
export const ALLOWED = "allowed" as const;
export type Expectation = number | readonly number[] | typeof ALLOWED;

/**
 * The members a row runs against, created fresh for every row:
 * `self` is the member whose data the row targets; `other` is a second member;
 * `admin` is an ADMIN and `superadmin` a SUPERADMIN; `support`, `finance`, `compliance` hold those staff roles.
 * `data` holds whatever `prepare` stored.
 */
export type AuthzCtx = {
  self: TestUser;
  other: TestUser;
  admin: TestUser;
  superadmin: TestUser;
  support: TestUser;
  finance: TestUser;
  compliance: TestUser;
  data: Record<string, unknown>;
};

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export type AuthzRow = {
  method: Method;
  /** The route as its folder under app/: "/api/users/by-id/[userId]/coins". Must match a route.ts file. */
  path: string;
  expect: Record<Who, Expectation> & Partial<Record<StaffWho, Expectation>>;
  /** Dynamic segments, usually pointing at ctx.self: ({ self }) => ({ userId: self.userId }). */
  params?: (ctx: AuthzCtx) => Record<string, string | string[]>;
  /** Query string without "?", e.g. "page=1&limit=10". */
  query?: string | ((ctx: AuthzCtx) => string);
  /** JSON body (object or function of ctx). Prefer inputs that are harmless or fail validation AFTER authorization. */
  body?: unknown | ((ctx: AuthzCtx) => unknown);
  /** Raw body (e.g. FormData for uploads); wins over body. */
  rawBody?: (ctx: AuthzCtx) => BodyInit;
  /** Extra request headers (e.g. authorization for the cron endpoint). */
  headers?: Record<string, string> | ((ctx: AuthzCtx) => Record<string, string>);
  /** Runs once before the callers, after the members are created (create a request, a product …). */
  prepare?: (ctx: AuthzCtx) => Promise<void>;
  /** Free text shown in the test name. */
  note?: string;
};

/** Shorthands for common expectations. */
export const MEMBER_OWN: Record<Who, Expectation> = {
  guest: 401,
  self: ALLOWED,
  other: 403,
  admin: ALLOWED,
  superadmin: ALLOWED,
};
export const ANY_MEMBER: Record<Who, Expectation> = {
  guest: 401,
  self: ALLOWED,
  other: ALLOWED,
  admin: ALLOWED,
  superadmin: ALLOWED,
};
export const ADMIN_ONLY: Record<Who, Expectation> = {
  guest: 401,
  self: 403,
  other: 403,
  admin: ALLOWED,
  superadmin: ALLOWED,
};
export const SUPERADMIN_ONLY: Record<Who, Expectation> = {
  guest: 401,
  self: 403,
  other: 403,
  admin: 403,
  superadmin: ALLOWED,
};
/**
 * Staff expectations to spread into a row (lib/auth/permissions.ts decides who holds what):
 * - STAFF_READ: every staff role passes — `console.open`, `members.list`, `member.read`, `waiting.read`;
 * - FINANCE / COMPLIANCE / SUPPORT: only that role passes (the request queues and money proposals; the audit log,
 *   exports, Travel Rule and cases; notices and 1:1 inquiries).
 * `{ ...ADMIN_ONLY, ...FINANCE }`, `{ ...MEMBER_OWN, ...STAFF_READ }`.
 */
export const STAFF_READ: Record<StaffWho, Expectation> = { support: ALLOWED, finance: ALLOWED, compliance: ALLOWED };
export const SUPPORT: Partial<Record<StaffWho, Expectation>> = { support: ALLOWED };
export const FINANCE: Partial<Record<StaffWho, Expectation>> = { finance: ALLOWED };
export const COMPLIANCE: Partial<Record<StaffWho, Expectation>> = { compliance: ALLOWED };
/** Every staff role refused with `e` (a row whose `other` gets something else, e.g. 404). */
export const STAFF_REFUSED = (e: Expectation = 403): Record<StaffWho, Expectation> => ({
  support: e,
  finance: e,
  compliance: e,
});

export const PUBLIC: Record<Who, Expectation> = {
  guest: ALLOWED,
  self: ALLOWED,
  other: ALLOWED,
  admin: ALLOWED,
  superadmin: ALLOWED,
};
