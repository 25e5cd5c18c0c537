/** Authorization matrix rows for the admin console's own API: reads, the reward run, exports. */
import { ADMIN_ONLY, type AuthzRow, COMPLIANCE, FINANCE } from "./types";

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/dashboard", expect: { ...ADMIN_ONLY, ...FINANCE } },
  { method: "GET", path: "/api/admin/id-documents", query: "status=PENDING", expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/referral-codes", query: "search=x", expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/audit", query: "action=LOGIN_SUCCESS", expect: { ...ADMIN_ONLY, ...COMPLIANCE } },
  {
    method: "POST",
    path: "/api/admin/staking/rewards/run",
    body: { date: "2999-01-01" },
    expect: ADMIN_ONLY,
    note: "a day that has not ended: 400 after authorization",
  },
  {
    method: "GET",
    path: "/api/admin/export/members",
    query: "search=nobody-matches-this",
    expect: { ...ADMIN_ONLY, ...COMPLIANCE },
  },
  {
    method: "GET",
    path: "/api/admin/export/requests",
    query: "type=DEPOSIT",
    expect: { ...ADMIN_ONLY, ...COMPLIANCE },
  },
  { method: "GET", path: "/api/admin/export/audit", query: "action=nothing", expect: { ...ADMIN_ONLY, ...COMPLIANCE } },
];
