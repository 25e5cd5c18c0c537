/**
 * The one permission table: which roles may do what, and how each action treats the member it acts on.
 * Route handlers name a permission through lib/api (`withAdmin(fn, { permission, target })`); pages and
 * middleware.ts read the same table. Client-safe: no server imports, so screens can hide what a role cannot do
 * (a hint only — the server decides on every call).
 *
 * Rules for actions on a member (`on: "member"`), applied in one place (lib/auth/guards.ts `authorizeTarget`):
 * - an ADMIN never acts on a SUPERADMIN account, reads included (403);
 * - `write` actions refuse the actor's own account (403 SELF_ACTION): nobody credits, rates, verifies, pays out
 *   to or promotes themselves, so no single person can move money to themselves;
 * - `write` actions refuse deactivated members (404); reads still see them (the books keep their history).
 */
import { ADMIN_ROLES, type ROLES } from "@/lib/constants";

export type Role = (typeof ROLES)[number];

type Rule = {
  roles: readonly Role[];
  /** Whether the action targets one member, and if so whether it reads or changes them. */
  on: "none" | "member-read" | "member-write";
};

const SUPERADMIN_ONLY = ["SUPERADMIN"] as const;

export const PERMISSIONS = {
  /** Open the admin console pages. */
  "console.open": { roles: ADMIN_ROLES, on: "none" },
  "members.list": { roles: ADMIN_ROLES, on: "none" },
  /** A member's profile, balances, history, staking figures and ID document status. */
  "member.read": { roles: ADMIN_ROLES, on: "member-read" },
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
  "requests.list": { roles: ADMIN_ROLES, on: "none" },
  /** Approve or reject a member's deposit, transfer or withdraw request, or record a transfer/withdraw as returned. */
  "request.decide": { roles: ADMIN_ROLES, on: "member-write" },
  /**
   * Record the payout of an APPROVED transfer/withdraw (its transaction hash, checked on chain) or mark it failed
   * (amount and fee go back to the member) — 송금 완료 처리 / 송금 실패 처리 (issue 28).
   */
  "request.payout": { roles: ADMIN_ROLES, on: "member-write" },
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
  "dashboard.read": { roles: ADMIN_ROLES, on: "none" },
  /** How many ID documents, requests and proposals wait (the sidebar's badges, GET /api/admin/waiting). */
  "waiting.read": { roles: ADMIN_ROLES, on: "none" },
  /** The queue of ID documents awaiting review. */
  "id-documents.list": { roles: ADMIN_ROLES, on: "none" },
  /** Every referral and sign-up code with its owner and use count. */
  "referral-codes.list": { roles: ADMIN_ROLES, on: "none" },
  /** The audit log (who changed what, before → after, memo). */
  "audit.read": { roles: ADMIN_ROLES, on: "none" },
  /** CSV exports of the member, request and audit lists (each export is audited). */
  "data.export": { roles: ADMIN_ROLES, on: "none" },
  /** The Travel Rule records of a day (/admin/travel-rule). */
  "travel-rule.read": { roles: ADMIN_ROLES, on: "none" },
  /** The Travel Rule records of a day or of one request as JSON or CSV, for the exchange's service (audited). */
  "travel-rule.export": { roles: ADMIN_ROLES, on: "none" },
  /** The four-eyes queue (/admin/approvals). Approving needs, on top, the permission of the change itself. */
  "proposals.read": { roles: ADMIN_ROLES, on: "none" },
  "proposals.decide": { roles: ADMIN_ROLES, on: "none" },
  /** A member's own daily withdrawal limit: proposed and approved by two different SUPERADMINs (four-eyes). */
  "member.withdraw-limit": { roles: SUPERADMIN_ONLY, on: "member-write" },
  /** What members are owed against the system accounts, and the ledger's invariants (/admin/reconciliation). */
  "reconciliation.read": { roles: ADMIN_ROLES, on: "none" },
  /** Write, edit, pin and withdraw notices (공지사항). */
  "notices.manage": { roles: ADMIN_ROLES, on: "none" },
  /** Pause and resume a feature for maintenance (503 MAINTENANCE); every pause also publishes a notice. */
  "maintenance.manage": { roles: ADMIN_ROLES, on: "none" },
  /** The 1:1 inquiry queue and one inquiry with its images. */
  "support.read": { roles: ADMIN_ROLES, on: "none" },
  /** Assign, answer and close inquiries. */
  "support.answer": { roles: ADMIN_ROLES, on: "none" },
  /** Propose unfreezing a member's self-frozen account (four-eyes; a second administrator approves). */
  "member.unfreeze": { roles: ADMIN_ROLES, on: "member-write" },
  /** Fraud cases (/admin/cases) with their evidence, and the fraud rules' parameters. */
  "cases.read": { roles: ADMIN_ROLES, on: "none" },
  /** Close a case as cleared or reported; export its suspicious-transaction report draft. */
  "cases.decide": { roles: ADMIN_ROLES, on: "none" },
  /** Change a fraud rule's parameters (audited). */
  "fraud-rules.manage": { roles: ADMIN_ROLES, on: "none" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;
export type MemberPermission = {
  [K in Permission]: (typeof PERMISSIONS)[K]["on"] extends "none" ? never : K;
}[Permission];

/** Whether a role may perform an action at all (target rules come on top, on the server). */
export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly string[]).includes(role ?? "");
}

/** Administrator roles: the console is theirs. */
export const isAdminRole = (role: Role | string | null | undefined) => can(role, "console.open");

/** What an actor may do to a target member; `null` when allowed, else the reason (for the 403 and the audit row). */
export function targetRefusal(
  actor: { id: number; role: Role },
  target: { id: number; role: Role; status: "ACTIVE" | "DEACTIVATED" },
  permission: MemberPermission,
): "self-action" | "superadmin-target" | "deactivated" | null {
  const rule: Rule = PERMISSIONS[permission];
  if (target.role === "SUPERADMIN" && actor.role !== "SUPERADMIN") return "superadmin-target";
  if (rule.on === "member-write") {
    if (target.id === actor.id) return "self-action";
    if (target.status !== "ACTIVE") return "deactivated";
  }
  return null;
}
