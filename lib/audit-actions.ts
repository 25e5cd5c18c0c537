/**
 * Every audit action written anywhere (closed: a new event is added here first, with its words in
 * messages/<locale>/auditLog.json: `action.<key>` and `sentence.<key>`, key = the action with "." → "_";
 * tests/unit/audit-text.test.ts checks both languages). Client-safe: the console's audit screen lists them.
 */
export const AUDIT_ACTIONS = [
  // identity and sessions
  "SIGNUP",
  "LOGIN_SUCCESS",
  "LOGIN_FAILURE",
  "LOGIN_THROTTLED",
  // two-factor (SECURITY.md I40): password right, code pending; a wrong code at login or on a money request
  "LOGIN_PASSWORD_OK",
  "LOGIN_2FA_FAILURE",
  "OTP_FAILURE",
  "two_factor.enrol",
  "two_factor.enable",
  "two_factor.disable",
  "two_factor.reset",
  "two_factor.recovery_used",
  "LOGOUT",
  "CURRENT_PASSWORD_FAILURE",
  "PASSWORD_CHANGE",
  "PASSWORD_RESET",
  "ROLE_CHANGE",
  "REFCODE_CHANGE",
  "PHONE_CHANGE",
  "SIGNUP_CODE_CREATE",
  "SIGNUP_CODE_DEACTIVATE",
  "ADMIN_CREATE",
  "AUTHZ_DENIED",
  "member.deactivate",
  "session.end",
  "session.end_others",
  // member settings
  "wallet.set",
  "wallet.reset",
  "wallet.personal_verify",
  "referrer.set",
  // ID verification
  "kyc.upload",
  "kyc.approve",
  "kyc.reject",
  "kyc.image.view",
  // a deactivated member's identity kept by law (docs/operations.md, "Retention"): a SUPERADMIN's read, the daily
  // erasure
  "retention.identity.view",
  "retention.image.view",
  "retention.erase",
  // money
  "admin.coin.deposit",
  "admin.coin.unrecorded.deposit",
  "admin.coin.unrecorded.withdraw",
  "admin.transaction.hide",
  "request.approved",
  "request.rejected",
  // a receiving exchange refused a transfer/withdrawal through its Travel Rule service (반환됨)
  "request.returned",
  // payouts proven on chain (SECURITY.md J44): the hash recorded, PAID at enough confirmations, a payout that could not
  // be made (FAILED, refunded), a recorded payout that left the chain (reorganised away) or did not prove out
  "request.payout_recorded",
  "request.paid",
  "request.payout_failed",
  "request.payout_reorged",
  // KRW deposits matched to the bank: a statement uploaded, a review line matched or dismissed by a person
  "bank.statement_upload",
  "bank.line_match",
  "bank.line_dismiss",
  "bank.line_reopen",
  "staking.admin_withdraw",
  "staking.member_rate",
  "staking.product_create",
  "staking.product_update",
  "staking.reward_run",
  "staking.interest_deposit",
  "staking.interest_withdraw",
  // admin console
  "admin.staking.reward_run",
  "admin.export.members",
  "admin.export.requests",
  "admin.export.audit",
  // the Travel Rule records of a KST day or of one request, as JSON or CSV
  "admin.export.travel_rule",
  // four-eyes (SECURITY.md I39)
  "proposal.create",
  "proposal.approve",
  "proposal.reject",
  "proposal.expire",
  // a proposer demoted or deactivated takes their pending proposals with them (SECURITY.md I39)
  "proposal.cancel",
  // the destinations a member may send to: created, changed (blocked at once, allowed through a proposal)
  "destination.create",
  "destination.update",
  // notices (공지사항): written, changed, withdrawn (never deleted)
  "notice.create",
  "notice.update",
  "notice.retire",
  "member.withdraw_limit",
  // the panic button (lib/account/freeze.ts): a member freezes their account; it is unfrozen by the member or by an
  // approved four-eyes proposal
  "ACCOUNT_FREEZE",
  "ACCOUNT_UNFREEZE",
  // maintenance per feature (lib/maintenance): a feature paused with its reason and expected end, and resumed
  "MAINTENANCE_PAUSE",
  "MAINTENANCE_RESUME",
  // 1:1 support (1:1 문의): staff assign, answer and close an inquiry, and open a member's attached image
  "support.assign",
  "support.answer",
  "support.close",
  "support.image.view",
  // fraud rules and cases (lib/fraud): a rule opens a case (the system), compliance clears it or reports it (and
  // exports the suspicious-transaction report draft), and changes a rule's parameters
  "FRAUD_CASE_OPEN",
  "FRAUD_CASE_CLEAR",
  "FRAUD_CASE_REPORT",
  "FRAUD_CASE_EXPORT",
  "FRAUD_RULE_UPDATE",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The message key of an action (next-intl reads "." as nesting). */
export const auditActionKey = (action: string) => action.replace(/\./g, "_");
