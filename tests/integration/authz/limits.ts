/** Authorization matrix rows for the cool-down and daily-limit routes. */
import type { AuthzRow } from "./types";

export const rows: AuthzRow[] = [
  // Only the member themself reads what they may still send today (the screen before typing).
  {
    method: "GET",
    path: "/api/users/[userId]/withdraw-status",
    params: ({ self }) => ({ userId: self.userId }),
    expect: { guest: 401, self: 200, other: 403, admin: 403, superadmin: 403 },
  },
];
