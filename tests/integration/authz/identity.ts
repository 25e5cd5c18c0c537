/** Authorization matrix rows for the identity routes. */
import { ADMIN_ONLY, type AuthzRow, PUBLIC, STAFF_READ, SUPERADMIN_ONLY } from "./types";

const targetId = ({ self }: { self: { id: number } }) => ({ id: String(self.id) });

export const rows: AuthzRow[] = [
  // Public: wrong credentials / invalid input are not authorization failures.
  { method: "POST", path: "/api/login", body: { userId: "", password: "" }, expect: PUBLIC },
  { method: "POST", path: "/api/logout", expect: PUBLIC },
  { method: "POST", path: "/api/signup", body: {}, expect: PUBLIC },
  {
    method: "GET",
    path: "/api/users/by-refcode/[code]",
    params: () => ({ code: "NOSUCHCODE" }),
    expect: { guest: 404, self: 404, other: 404, admin: 404, superadmin: 404 },
  },
  {
    method: "GET",
    path: "/api/auth/[...nextauth]",
    params: () => ({ nextauth: ["session"] }),
    expect: PUBLIC,
  },
  {
    method: "POST",
    path: "/api/auth/[...nextauth]",
    params: () => ({ nextauth: ["callback", "credentials"] }),
    body: { userId: "nobody", password: "wrong-password" },
    expect: PUBLIC,
  },
  // Only the member themself changes their password (admins use password-reset).
  {
    method: "PATCH",
    path: "/api/users/by-id/[userId]/password",
    params: ({ self }) => ({ userId: self.userId }),
    body: { currentPassword: "", newPassword: "" },
    expect: { guest: 401, self: 400, other: 403, admin: 403, superadmin: 403 },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/password-reset",
    params: targetId,
    expect: SUPERADMIN_ONLY,
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/password-reset",
    note: "another administrator's: a four-eyes proposal",
    params: ({ admin }) => ({ id: String(admin.id) }),
    body: { reason: "authz matrix" },
    expect: { ...SUPERADMIN_ONLY, superadmin: 202 },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/toggle-role",
    params: targetId,
    body: { role: "USER" },
    expect: SUPERADMIN_ONLY,
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/toggle-role",
    note: "a grant: a four-eyes proposal",
    params: targetId,
    body: { role: "ADMIN", reason: "authz matrix" },
    expect: { ...SUPERADMIN_ONLY, superadmin: 202 },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/ref-code",
    params: targetId,
    body: { refCode: "" },
    expect: { ...SUPERADMIN_ONLY, superadmin: 400 },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/phone",
    params: targetId,
    body: { phone: "" },
    expect: { ...ADMIN_ONLY, admin: 400, superadmin: 400 },
  },
  // ADMIN-on-SUPERADMIN and self-action rows for every member route: hierarchy.ts.
  {
    method: "GET",
    path: "/api/admin/users/paginated",
    query: "page=1&limit=10",
    expect: { ...ADMIN_ONLY, ...STAFF_READ },
  },
  { method: "GET", path: "/api/admin/signup-codes", expect: ADMIN_ONLY },
  {
    method: "POST",
    path: "/api/admin/signup-codes",
    body: { maxUses: 0 },
    expect: { ...ADMIN_ONLY, admin: 400, superadmin: 400 },
  },
  {
    method: "DELETE",
    path: "/api/admin/signup-codes/[id]",
    params: () => ({ id: "999999" }),
    expect: { ...ADMIN_ONLY, admin: 404, superadmin: 404 },
  },
];
