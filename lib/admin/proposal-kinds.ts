/** The four-eyes proposal kinds and states (client-safe: the console's approvals screen reads them too). */
import type { Permission } from "@/lib/auth/permissions";

export const PROPOSAL_KINDS = [
  "coin",
  "coinunhist",
  "interest",
  "staking",
  "member_rate",
  "product_rate",
  "withdraw_limit",
  /** A KRW deposit (buy) approval whose WLD value is above the limit (every credit is four-eyes, SECURITY.md I39). */
  "deposit",
  /** Granting a console role: ADMIN, SUPERADMIN or a staff role (SUPPORT, FINANCE, COMPLIANCE); SECURITY.md I39. */
  "role",
  /** Resetting another administrator's password or two-factor (SECURITY.md I39). */
  "password_reset",
  "two_factor_reset",
  /** A new staking product whose rate would be in force (no rate in force is raised alone, SECURITY.md I39). */
  "product_create",
  /** Allowing a blocked destination (exchange) again, or a new one (blocked destinations: SECURITY.md J43). */
  "destination_unblock",
  /** Lifting a member's own account freeze (the panic button, lib/account/freeze.ts) on the member's behalf. */
  "account_unfreeze",
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/**
 * The permission deciding (approving or rejecting) a kind needs: the change's own permission — the proposer needed
 * it to propose — except money proposals, which `proposals.decide-money` decides (FINANCE included). Client-safe:
 * the approvals screen offers 승인/반려 only where the signed-in role holds it (the server decides on every call).
 */
export const KIND_PERMISSION: Record<ProposalKind, Permission> = {
  // Money proposals: FINANCE decides them as well as the administrators, without `member.credit`.
  coin: "proposals.decide-money",
  coinunhist: "proposals.decide-money",
  interest: "proposals.decide-money",
  staking: "proposals.decide-money",
  member_rate: "member.rate",
  product_rate: "staking-products.manage",
  withdraw_limit: "member.withdraw-limit",
  deposit: "request.decide",
  role: "member.role",
  password_reset: "member.password-reset",
  two_factor_reset: "member.two-factor-reset",
  product_create: "staking-products.manage",
  destination_unblock: "destinations.manage",
  account_unfreeze: "member.unfreeze",
};
export const PROPOSAL_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** The decision note of a proposal CANCELLED because its proposer lost the role that made it (lib/auth/approver-rules.ts). */
export const CANCEL_NOTES = { demoted: "proposer demoted", deactivated: "proposer deactivated" } as const;
export type CancelCause = keyof typeof CANCEL_NOTES;
/** A proposal can be approved for 72 hours. */
export const PROPOSAL_TTL_MS = 72 * 60 * 60 * 1000;
