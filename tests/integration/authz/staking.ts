/** Authorization matrix rows for the staking routes. */
import { ADMIN_ONLY, type AuthzRow, type Expectation, MEMBER_OWN, STAFF_READ, type Who } from "./types";

const adminUser = ({ self }: { self: { id: number } }) => ({ id: String(self.id) });
/** The cron endpoint ignores sessions: no bearer secret → 401, no CRON_SECRET configured → 404. */
const CRON: Record<Who, Expectation> = {
  guest: [401, 404],
  self: [401, 404],
  other: [401, 404],
  admin: [401, 404],
  superadmin: [401, 404],
};

export const rows: AuthzRow[] = [
  { method: "POST", path: "/api/cron/accrue", body: {}, expect: CRON, note: "bearer CRON_SECRET only" },
  { method: "GET", path: "/api/admin/staking-products", expect: ADMIN_ONLY },
  { method: "POST", path: "/api/admin/staking-products", body: {}, expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/staking-products/pending", expect: ADMIN_ONLY },
  {
    method: "PATCH",
    path: "/api/admin/staking-products/[id]",
    params: () => ({ id: "999999999" }),
    body: { name: "x" },
    expect: ADMIN_ONLY,
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/staking-rate",
    params: adminUser,
    body: { coinSymbol: "WLD" },
    expect: ADMIN_ONLY,
  },
  { method: "PATCH", path: "/api/admin/users/[id]/interest", params: adminUser, body: {}, expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/users/[id]/staking", params: adminUser, expect: { ...ADMIN_ONLY, ...STAFF_READ } },
  { method: "PATCH", path: "/api/admin/users/[id]/staking", params: adminUser, body: {}, expect: ADMIN_ONLY },
  {
    method: "GET",
    path: "/api/admin/users/[id]/staking-profit",
    params: adminUser,
    expect: { ...ADMIN_ONLY, ...STAFF_READ },
  },
  { method: "GET", path: "/api/admin/staking/progress", expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/staking/records", query: "page=1&limit=5", expect: ADMIN_ONLY },
  { method: "GET", path: "/api/admin/staking/rewards", expect: ADMIN_ONLY },
  {
    method: "GET",
    path: "/api/users/[userId]/staked-coins",
    params: ({ self }) => ({ userId: self.userId }),
    expect: { ...MEMBER_OWN, ...STAFF_READ },
  },
  {
    method: "GET",
    path: "/api/users/[userId]/staking-history",
    params: ({ self }) => ({ userId: self.userId }),
    query: "offset=0&limit=4",
    expect: { ...MEMBER_OWN, ...STAFF_READ },
  },
];
