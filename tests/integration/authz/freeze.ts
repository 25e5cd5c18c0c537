/**
 * The panic button (lib/account/freeze.ts): the member's own freeze, state and unfreeze (any signed-in member, on
 * their own account only — no path names anyone else); the console's view of a member's freeze (member.read: every
 * console role) and the four-eyes proposal to unfreeze (member.unfreeze: administrators).
 */
import { ADMIN_ONLY, ANY_MEMBER, type AuthzRow, STAFF_READ } from "./types";

const targetId = ({ self }: { self: { id: number } }) => ({ id: String(self.id) });

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/account/freeze", expect: ANY_MEMBER },
  // An unknown origin is a 400 after authorization: nobody's account is frozen by the matrix.
  { method: "POST", path: "/api/account/freeze", body: { from: "elsewhere" }, expect: ANY_MEMBER },
  // Without the password: 400 after authorization.
  { method: "POST", path: "/api/account/unfreeze", body: {}, expect: ANY_MEMBER },
  {
    method: "GET",
    path: "/api/admin/users/[id]/freeze",
    params: targetId,
    expect: { ...ADMIN_ONLY, ...STAFF_READ },
  },
  // The member is not frozen: 409 NOT_FROZEN after authorization, no proposal made.
  {
    method: "POST",
    path: "/api/admin/users/[id]/unfreeze",
    params: targetId,
    body: { reason: "authz matrix" },
    expect: ADMIN_ONLY,
  },
  {
    method: "POST",
    path: "/api/admin/users/[id]/unfreeze",
    note: "an administrator's own account: refused as a self-action",
    params: ({ admin }) => ({ id: String(admin.id) }),
    body: { reason: "authz matrix" },
    expect: { ...ADMIN_ONLY, admin: 403 },
  },
];
