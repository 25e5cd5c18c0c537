/**
 * Authorization matrix rows for the payout routes: recording a payout's transaction hash and marking a
 * payout failed (permission `request.payout`: FINANCE and the ADMIN roles, on another member's request).
 */
import { pendingRequest, requestParam } from "./money";
import { ADMIN_ONLY, type AuthzRow, FINANCE } from "./types";

export const rows: AuthzRow[] = [
  {
    method: "POST",
    path: "/api/admin/requests/[id]/payout",
    prepare: pendingRequest,
    params: requestParam,
    body: { txHash: "0x12" },
    expect: { ...ADMIN_ONLY, ...FINANCE },
    note: "a member's PENDING transfer; a malformed hash: 400 after authorization",
  },
  {
    method: "POST",
    path: "/api/admin/requests/[id]/fail",
    prepare: pendingRequest,
    params: requestParam,
    body: {},
    expect: { ...ADMIN_ONLY, ...FINANCE },
    note: "a member's PENDING transfer; no reason: 400 after authorization",
  },
];
