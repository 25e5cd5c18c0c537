/** Two-factor: a member's own state and enrolment; a SUPERADMIN's reset; the public login step. */
import { ANY_MEMBER, type AuthzRow, SUPERADMIN_ONLY } from "./types";

const targetId = ({ self }: { self: { id: number } }) => ({ id: String(self.id) });

export const rows: AuthzRow[] = [
  // Public: no pending login and no code are input errors, not authorization failures.
  {
    method: "POST",
    path: "/api/login/2fa",
    body: { code: "" },
    expect: { guest: 400, self: 400, other: 400, admin: 400, superadmin: 400 },
  },
  // The caller's own account only (no path names anyone else).
  { method: "GET", path: "/api/two-factor", expect: ANY_MEMBER },
  // Without the current password: 400 after authorization.
  { method: "POST", path: "/api/two-factor/enrol", body: {}, expect: ANY_MEMBER },
  { method: "POST", path: "/api/two-factor/confirm", body: { code: "" }, expect: ANY_MEMBER },
  { method: "POST", path: "/api/two-factor/disable", body: { currentPassword: "", code: "" }, expect: ANY_MEMBER },
  { method: "PATCH", path: "/api/admin/users/[id]/two-factor-reset", params: targetId, expect: SUPERADMIN_ONLY },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/two-factor-reset",
    note: "another administrator's: a four-eyes proposal",
    params: ({ admin }) => ({ id: String(admin.id) }),
    body: { reason: "authz matrix" },
    expect: { ...SUPERADMIN_ONLY, superadmin: 202 },
  },
];
