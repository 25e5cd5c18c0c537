/** Authorization matrix rows for the Travel Rule's administrator side: the records, their exports, the return. */
import { pendingRequest, requestParam } from "./money";
import { ADMIN_ONLY, type AuthzRow, COMPLIANCE, FINANCE } from "./types";

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/travel-rule", query: "day=2031-01-01", expect: { ...ADMIN_ONLY, ...COMPLIANCE } },
  {
    method: "GET",
    path: "/api/admin/travel-rule/export",
    query: "day=2031-01-01&format=json",
    expect: { ...ADMIN_ONLY, ...COMPLIANCE },
    note: "a day without records: an empty file",
  },
  {
    method: "GET",
    path: "/api/admin/travel-rule/[requestId]",
    params: () => ({ requestId: "999999999" }),
    query: "format=csv",
    expect: { ...ADMIN_ONLY, ...COMPLIANCE },
    note: "no such record: 404 after authorization",
  },
  {
    method: "POST",
    path: "/api/admin/requests/[id]/return",
    prepare: pendingRequest,
    params: requestParam,
    body: {},
    expect: { ...ADMIN_ONLY, ...FINANCE },
    note: "a member's PENDING transfer; no reason: 400 after authorization",
  },
];
