/**
 * The one permission table: which roles may do what, and how each action treats the member it acts on.
 * Route handlers name a permission through lib/api (`withAdmin(fn, { permission, target })`); pages and
 * middleware.ts read the same table. Client-safe: no server imports, so screens can hide what a role cannot do
 * (a hint only — the server decides on every call).
 *
 * Rules for actions on a member (`on: "member"`), applied in one place (lib/auth/guards.ts `authorizeTarget`):
 * - nobody below SUPERADMIN acts on a SUPERADMIN account, and no staff role (SUPPORT, FINANCE, COMPLIANCE) on an
 *   ADMIN's either, reads included (403);
 * - `write` actions refuse the actor's own account (403 SELF_ACTION): nobody credits, rates, verifies, pays out
 *   to or promotes themselves, so no single person can move money to themselves;
 * - `write` actions refuse deactivated members (404); reads still see them (the books keep their history).
 */
import { ADMIN_ROLES, CONSOLE_ROLES, type ROLES, STAFF_ROLES } from "./roles";

export type Role = (typeof ROLES)[number];

type Rule = {
  roles: readonly Role[];
  /** Whether the action targets one member, and if so whether it reads or changes them. */
  on: "none" | "member-read" | "member-write";
};

const SUPERADMIN_ONLY = ["SUPERADMIN"] as const;
/** Every console role: the administrators and the three staff roles. */
const CONSOLE = CONSOLE_ROLES;
/** 고객지원: members read-only (no balance-changing action), the 1:1 inquiries, notices. */
const SUPPORT_DESK = ["SUPPORT", ...ADMIN_ROLES] as const;
/** 재무: the request queues and payouts, money proposals, bank statements, reconciliation. */
const FINANCE_DESK = ["FINANCE", ...ADMIN_ROLES] as const;
/** 준법감시: fraud cases and rules, Travel Rule records, the audit log, exports. */
const COMPLIANCE_DESK = ["COMPLIANCE", ...ADMIN_ROLES] as const;

export const PERMISSIONS = {
  /** Open the admin console pages. */
  "console.open": { roles: CONSOLE, on: "none" },
  "members.list": { roles: CONSOLE, on: "none" },
  /** A member's profile, balances, history, staking figures and ID document status. */
  "member.read": { roles: CONSOLE, on: "member-read" },
  /** Credit or debit a member: coin, coinunhist, interest, staking withdraw. */
  "member.credit": { roles: ADMIN_ROLES, on: "member-write" },
  /** Move a member's holding into the lock on their behalf. */
  "member.swap": { roles: ADMIN_ROLES, on: "member-write" },
  "member.rate": { roles: ADMIN_ROLES, on: "member-write" },
  /** Approve or reject a member's ID document (approval pays the KYC reward). */
  "member.kyc": { roles: ADMIN_ROLES, on: "member-write" },
  /** Administrators may only reset a payout address, never set one. */
  "member.wallet-reset": { roles: ADMIN_ROLES, on: "member-write" },
  /** Set a member's referrer or own referral code on their behalf (the settings calls). */
  "member.referral": { roles: ADMIN_ROLES, on: "member-write" },
  "member.phone": { roles: ADMIN_ROLES, on: "member-write" },
  "member.deactivate": { roles: ADMIN_ROLES, on: "member-write" },
  "member.role": { roles: SUPERADMIN_ONLY, on: "member-write" },
  "member.ref-code": { roles: SUPERADMIN_ONLY, on: "member-write" },
  "member.password-reset": { roles: SUPERADMIN_ONLY, on: "member-write" },
  /** A deactivated member's identity and ID images kept by law (lib/kyc/retention.ts); every read is audited. */
  "member.retained-identity": { roles: SUPERADMIN_ONLY, on: "member-read" },
  /** Turn a member's two-factor off (lost phone and recovery codes); starts their money cool-down. */
  "member.two-factor-reset": { roles: SUPERADMIN_ONLY, on: "member-write" },
  "requests.list": { roles: FINANCE_DESK, on: "none" },
  /** Approve or reject a member's deposit, transfer or withdraw request, or record a transfer/withdraw as returned. */
  "request.decide": { roles: FINANCE_DESK, on: "member-write" },
  /**
   * Record the payout of an APPROVED transfer/withdraw (its transaction hash, checked on chain) or mark it failed
   * (amount and fee go back to the member) — 송금 완료 처리 / 송금 실패 처리 (SECURITY.md J44).
   */
  "request.payout": { roles: FINANCE_DESK, on: "member-write" },
  /** Hide a row from a member's history (the ledger keeps it). */
  "transaction.hide": { roles: ADMIN_ROLES, on: "member-write" },
  "signup-codes.manage": { roles: ADMIN_ROLES, on: "none" },
  "staking-products.manage": { roles: ADMIN_ROLES, on: "none" },
  /** The destinations (exchanges) members may send to: the list, and changing them (allowing one is four-eyes). */
  "destinations.read": { roles: ADMIN_ROLES, on: "none" },
  "destinations.manage": { roles: ADMIN_ROLES, on: "none" },
  "staking-reports.read": { roles: ADMIN_ROLES, on: "none" },
  /** Pay the daily staking rewards of an ended day by hand (idempotent like the cron run). */
  "staking-rewards.run": { roles: ADMIN_ROLES, on: "none" },
  /** The console's dashboard figures. */
  "dashboard.read": { roles: FINANCE_DESK, on: "none" },
  /** How many ID documents, requests and proposals wait (the sidebar's badges, GET /api/admin/waiting). */
  "waiting.read": { roles: CONSOLE, on: "none" },
  /** The queue of ID documents awaiting review. */
  "id-documents.list": { roles: ADMIN_ROLES, on: "none" },
  /** Every referral and sign-up code with its owner and use count. */
  "referral-codes.list": { roles: ADMIN_ROLES, on: "none" },
  /** The audit log (who changed what, before → after, memo). */
  "audit.read": { roles: COMPLIANCE_DESK, on: "none" },
  /** CSV exports of the member, request and audit lists (each export is audited). */
  "data.export": { roles: COMPLIANCE_DESK, on: "none" },
  /** The Travel Rule records of a day (/admin/travel-rule). */
  "travel-rule.read": { roles: COMPLIANCE_DESK, on: "none" },
  /** The Travel Rule records of a day or of one request as JSON or CSV, for the exchange's service (audited). */
  "travel-rule.export": { roles: COMPLIANCE_DESK, on: "none" },
  /** The four-eyes queue (/admin/approvals). Approving needs, on top, the permission of the change itself. */
  "proposals.read": { roles: FINANCE_DESK, on: "none" },
  "proposals.decide": { roles: FINANCE_DESK, on: "none" },
  /**
   * Approve or reject a money proposal — coin, coinunhist, interest, staking (lib/admin/proposals.ts
   * KIND_PERMISSION): FINANCE is a second pair of eyes on them without holding `member.credit`, the direct change.
   */
  "proposals.decide-money": { roles: FINANCE_DESK, on: "member-write" },
  /** A member's own daily withdrawal limit: proposed and approved by two different SUPERADMINs (four-eyes). */
  "member.withdraw-limit": { roles: SUPERADMIN_ONLY, on: "member-write" },
  /** What members are owed against the system accounts, and the ledger's invariants (/admin/reconciliation). */
  "reconciliation.read": { roles: FINANCE_DESK, on: "none" },
  /** Write, edit, pin and withdraw notices (공지사항). */
  "notices.manage": { roles: SUPPORT_DESK, on: "none" },
  /** Pause and resume a feature for maintenance (503 MAINTENANCE); every pause also publishes a notice. */
  "maintenance.manage": { roles: ADMIN_ROLES, on: "none" },
  /** The 1:1 inquiry queue and one inquiry with its images. */
  "support.read": { roles: SUPPORT_DESK, on: "none" },
  /** Assign, answer and close inquiries. */
  "support.answer": { roles: SUPPORT_DESK, on: "none" },
  /** Propose unfreezing a member's self-frozen account (four-eyes; a second administrator approves). */
  "member.unfreeze": { roles: ADMIN_ROLES, on: "member-write" },
  /** Fraud cases (/admin/cases) with their evidence, and the fraud rules' parameters. */
  "cases.read": { roles: COMPLIANCE_DESK, on: "none" },
  /** Close a case as cleared or reported; export its suspicious-transaction report draft. */
  "cases.decide": { roles: COMPLIANCE_DESK, on: "none" },
  /** Change a fraud rule's parameters (audited). */
  "fraud-rules.manage": { roles: COMPLIANCE_DESK, on: "none" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;
export type MemberPermission = {
  [K in Permission]: (typeof PERMISSIONS)[K]["on"] extends "none" ? never : K;
}[Permission];

/** Whether a role may perform an action at all (target rules come on top, on the server). */
export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly string[]).includes(role ?? "");
}

/** Console roles (administrators and staff): the console is theirs, with its idle timeout and ADMIN_2FA rule. */
export const isAdminRole = (role: Role | string | null | undefined) => can(role, "console.open");

/** A staff role (SUPPORT, FINANCE, COMPLIANCE): a console user who never touches an ADMIN or SUPERADMIN. */
export const isStaffRole = (role: Role | string | null | undefined) =>
  (STAFF_ROLES as readonly string[]).includes(role ?? "");

/** Every permission `role` holds, in the table's order (the role → permission table; tests and docs read it). */
export const permissionsOf = (role: Role): Permission[] =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));

/**
 * Whether `after` holds every permission `before` held. A role change that takes any away cancels the member's
 * pending proposals (lib/auth/member-admin.ts applyRole): nobody approves what its author could no longer propose.
 */
export const keepsEveryPermission = (before: Role, after: Role) => permissionsOf(before).every((p) => can(after, p));

/** What an actor may do to a target member; `null` when allowed, else the reason (for the 403 and the audit row). */
export function targetRefusal(
  actor: { id: number; role: Role },
  target: { id: number; role: Role; status: "ACTIVE" | "DEACTIVATED" },
  permission: MemberPermission,
): "self-action" | "superadmin-target" | "admin-target" | "deactivated" | null {
  const rule: Rule = PERMISSIONS[permission];
  if (target.role === "SUPERADMIN" && actor.role !== "SUPERADMIN") return "superadmin-target";
  if (target.role === "ADMIN" && isStaffRole(actor.role)) return "admin-target";
  if (rule.on === "member-write") {
    if (target.id === actor.id) return "self-action";
    if (target.status !== "ACTIVE") return "deactivated";
  }
  return null;
}
