/** The four-eyes proposal kinds and states (client-safe: the console's approvals screen reads them too). */
export const PROPOSAL_KINDS = [
  "coin",
  "coinunhist",
  "interest",
  "staking",
  "member_rate",
  "product_rate",
  "withdraw_limit",
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** A proposal can be approved for 72 hours. */
export const PROPOSAL_TTL_MS = 72 * 60 * 60 * 1000;
