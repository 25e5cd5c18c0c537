/**
 * Authorization matrix rows for the personal-wallet proof: only the member themself asks for a message, verifies a
 * signature and reads their proven addresses — an administrator never proves an address for a member.
 */
import type { AuthzRow } from "./types";

const own = ({ self }: { self: { userId: string } }) => ({ userId: self.userId });
const selfOnly = { guest: 401, other: 403, admin: 403, superadmin: 403 } as const;

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/users/[userId]/personal-wallets", params: own, expect: { ...selfOnly, self: 200 } },
  {
    method: "POST",
    path: "/api/users/[userId]/personal-wallets/challenge",
    params: own,
    body: {},
    expect: { ...selfOnly, self: 400 },
  },
  {
    method: "POST",
    path: "/api/users/[userId]/personal-wallets/verify",
    params: own,
    body: { nonce: "none", signature: "0x00" },
    expect: { ...selfOnly, self: 400 },
  },
];
