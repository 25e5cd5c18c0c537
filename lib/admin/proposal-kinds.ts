/** The four-eyes proposal kinds and states (client-safe: the console's approvals screen reads them too). */
export const PROPOSAL_KINDS = [
  "coin",
  "coinunhist",
  "interest",
  "staking",
  "member_rate",
  "product_rate",
  "withdraw_limit",
  /** A KRW deposit (buy) approval whose WLD value is above the limit (issue 26). */
  "deposit",
  /** Granting ADMIN or SUPERADMIN (issue 26). */
  "role",
  /** Resetting another administrator's password or two-factor (issue 26). */
  "password_reset",
  "two_factor_reset",
  /** A new staking product whose rate would be in force (issue 26). */
  "product_create",
  /** Allowing a blocked destination (exchange) again, or a new one (issue 27). */
  "destination_unblock",
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** The decision note of a proposal CANCELLED because its proposer lost the role that made it (lib/auth/approver-rules.ts). */
export const CANCEL_NOTES = { demoted: "proposer demoted", deactivated: "proposer deactivated" } as const;
export type CancelCause = keyof typeof CANCEL_NOTES;
/** A proposal can be approved for 72 hours. */
export const PROPOSAL_TTL_MS = 72 * 60 * 60 * 1000;
