/** What the panic button's routes answer (client-safe: the member's lock page and the console read these). */

/** Where the member pressed it: Settings (`SETTINGS`) or the new-device notification's link (`NOTIFICATION`). */
export type FreezeHow = "SETTINGS" | "NOTIFICATION";

/** The link the new-device notification carries (lib/notifications/inbox.ts): the lock page, told where it came from. */
export const FREEZE_FROM_NOTIFICATION = "/settings/lock?from=notification";

/** Where a member lands after freezing: a public page (they are signed out), in their language. */
export const FROZEN_PAGE = "/account-locked";

/** GET /api/account/freeze: the member's own state. */
export type FreezeStateDto = {
  frozen: boolean;
  /** ISO, while frozen. */
  frozenAt: string | null;
  how: FreezeHow | null;
  /** Unfreezing asks for a code too. */
  twoFactor: boolean;
  /** The money cool-down's end when one runs (after an unfreeze: 24 hours), else null. */
  cooldownUntil: string | null;
};

/** One freeze in the console's history of a member. */
export type FreezeHistoryItem = {
  id: number;
  frozenAt: string;
  how: FreezeHow;
  unfrozenAt: string | null;
  unfreezeHow: "SELF" | "PROPOSAL" | null;
  unfrozenBy: string | null;
};

/** GET /api/admin/users/{id}/freeze: the member's state, the last freezes and a pending unfreeze proposal. */
export type AdminFreezeDto = {
  frozen: boolean;
  frozenAt: string | null;
  history: FreezeHistoryItem[];
  pendingProposalId: number | null;
};
