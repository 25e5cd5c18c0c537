/**
 * Authorization matrix rows for the fraud cases and rules (lib/fraud): cases.read, cases.decide and
 * fraud-rules.manage belong to COMPLIANCE and the administrators (lib/auth/permissions.ts).
 */
import { ADMIN_ONLY, type AuthzRow, COMPLIANCE } from "./types";

const CASE_DESK = { ...ADMIN_ONLY, ...COMPLIANCE };

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/cases", query: "status=OPEN", expect: CASE_DESK },
  {
    method: "GET",
    path: "/api/admin/cases/[id]",
    params: () => ({ id: "999999999" }),
    expect: CASE_DESK,
    note: "no such case: 404 after authorization",
  },
  {
    method: "POST",
    path: "/api/admin/cases/[id]/decide",
    params: () => ({ id: "999999999" }),
    body: {},
    expect: CASE_DESK,
    note: "no decision: 400 after authorization",
  },
  {
    method: "GET",
    path: "/api/admin/cases/[id]/report",
    params: () => ({ id: "999999999" }),
    query: "format=json",
    expect: CASE_DESK,
    note: "no such case: 404 after authorization",
  },
  { method: "GET", path: "/api/admin/fraud-rules", expect: CASE_DESK },
  {
    method: "PATCH",
    path: "/api/admin/fraud-rules/[key]",
    params: () => ({ key: "referral_burst" }),
    body: {},
    expect: CASE_DESK,
    note: "nothing to change: 400 after authorization",
  },
];
